import { context, ROOT_CONTEXT, trace, type Context, type Span } from '@opentelemetry/api';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { pathOnly } from '../ops/request-log.js';
import { extractTraceContext, formatTraceparent, recordGetter } from './trace-context.js';
import { failSpan, SpanKind, startSpan, unrecordedRootSpan } from './tracing.js';

/**
 * W3C Trace Context Level 2's response header: the trace and span the server recorded the
 * request under, so a caller (or support, from a browser's network tab) can find its trace.
 */
export const TRACE_RESPONSE_HEADER = 'traceresponse';

const spans = new WeakMap<FastifyRequest, Span>();

/**
 * Starts the server span of an HTTP request: a child of the caller's `traceparent` when it
 * sends a valid one, else the root of a new trace. Named by the route template (never the
 * URL: ids and tokens stay out), with the path only (no query). Returns the context the
 * rest of the request runs in, and sets `traceresponse` on the reply.
 */
export function beginHttpSpan(request: FastifyRequest, reply: FastifyReply): Context {
  // Most requests: no caller's trace and nothing records. Only the ids matter then (logs,
  // NATS headers, traceresponse), and the span needs no ending.
  const unrecorded = request.headers.traceparent === undefined ? unrecordedRootSpan() : undefined;
  if (unrecorded) {
    void reply.header(TRACE_RESPONSE_HEADER, formatTraceparent(unrecorded.spanContext()));
    return trace.setSpan(ROOT_CONTEXT, unrecorded);
  }
  const parent = extractTraceContext(request.headers, recordGetter);
  const route = request.routeOptions.url;
  const span = startSpan(route ? `${request.method} ${route}` : request.method, SpanKind.SERVER, {
    'http.request.method': request.method,
    'url.path': pathOnly(request.url),
    ...(route ? { 'http.route': route } : {}),
  }, parent);
  spans.set(request, span);
  void reply.header(TRACE_RESPONSE_HEADER, formatTraceparent(span.spanContext()));
  return trace.setSpan(parent, span);
}

/** Ends the request's server span with the status the response went out with (5xx: failed). */
export function endHttpSpan(request: FastifyRequest, status: number): void {
  const span = spans.get(request);
  if (!span) return;
  span.setAttribute('http.response.status_code', status);
  if (status >= 500) failSpan(span, String(status));
  span.end();
}

/** Runs `fn` (the rest of the request) in the request's trace context. */
export const inHttpTrace = (ctx: Context, fn: () => void): void => context.with(ctx, fn);
