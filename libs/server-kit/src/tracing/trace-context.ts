import {
  context,
  isSpanContextValid,
  ROOT_CONTEXT,
  trace,
  TraceFlags,
  type Context,
  type SpanContext,
  type TextMapGetter,
  type TextMapSetter,
} from '@opentelemetry/api';
import { parseTraceParent, W3CTraceContextPropagator } from '@opentelemetry/core';

/**
 * W3C Trace Context (`traceparent`, `tracestate`) on HTTP and NATS headers. The propagator
 * is used directly rather than through the global API, so headers are read and written the
 * same way whether or not a tracer provider is registered (unit specs, test clients).
 */
const w3c = new W3CTraceContextPropagator();

/** The W3C trace context header names. */
export const TRACE_HEADERS = { traceparent: 'traceparent', tracestate: 'tracestate' } as const;

/** The ids and flags a `traceparent` carries. */
export interface TraceParent {
  traceId: string;
  spanId: string;
  /** True when the caller sampled (records) this trace. */
  sampled: boolean;
}

/**
 * Reads a `traceparent` header value (`00-<32 hex trace id>-<16 hex parent id>-<2 hex flags>`).
 * Malformed values (wrong lengths, upper case, all-zero ids, version `ff`) give `undefined`:
 * the caller's trace is then not continued, a new one starts.
 */
export function parseTraceparent(value: string | undefined): TraceParent | undefined {
  if (!value) return undefined;
  const parsed = parseTraceParent(value);
  if (!parsed || !isSpanContextValid(parsed)) return undefined;
  return { traceId: parsed.traceId, spanId: parsed.spanId, sampled: (parsed.traceFlags & TraceFlags.SAMPLED) === TraceFlags.SAMPLED };
}

/** The `traceparent` value naming a span (version 00). */
export function formatTraceparent(span: Pick<SpanContext, 'traceId' | 'spanId' | 'traceFlags'>): string {
  return `00-${span.traceId}-${span.spanId}-${(span.traceFlags & 0xff).toString(16).padStart(2, '0')}`;
}

/** Headers as NATS keeps them (`MsgHdrs`): only the methods tracing needs. */
export interface HeaderBag {
  get(key: string): string;
  set(key: string, value: string): void;
  keys(): string[];
}

/** Reads trace headers from NATS message headers (absent ones are `''` there). */
export const natsHeaderGetter: TextMapGetter<HeaderBag | undefined> = {
  get: (carrier, key) => carrier?.get(key) || undefined,
  keys: (carrier) => carrier?.keys() ?? [],
};

/** Writes trace headers into NATS message headers. */
export const natsHeaderSetter: TextMapSetter<HeaderBag> = {
  set: (carrier, key, value) => carrier.set(key, value),
};

/** Reads trace headers from a plain record (HTTP request headers, an outbox row's headers). */
export const recordGetter: TextMapGetter<Record<string, string | string[] | undefined> | null | undefined> = {
  get: (carrier, key) => carrier?.[key] ?? undefined,
  keys: (carrier) => Object.keys(carrier ?? {}),
};

const recordSetter: TextMapSetter<Record<string, string>> = {
  set: (carrier, key, value) => {
    carrier[key] = value;
  },
};

/**
 * The remote parent a message or request names in its headers, as a context to start a span
 * in; the empty root context when it names none (or a malformed one).
 */
export function extractTraceContext<C>(carrier: C, getter: TextMapGetter<C>): Context {
  return w3c.extract(ROOT_CONTEXT, carrier, getter);
}

/** Writes the span of `ctx` (the active one by default) as `traceparent`/`tracestate` into `carrier`. */
export function injectTraceContext<C>(carrier: C, setter: TextMapSetter<C>, ctx: Context = context.active()): void {
  w3c.inject(ctx, carrier, setter);
}

/**
 * The `traceparent` (and `tracestate`) headers of the current span, for an outgoing HTTP
 * call or an outbox row; empty outside any trace.
 */
export function traceHeaders(ctx: Context = context.active()): Record<string, string> {
  const headers: Record<string, string> = {};
  w3c.inject(ctx, headers, recordSetter);
  return headers;
}

/** The current trace and span id, for log lines; `undefined` outside any trace. */
export function currentTraceIds(): { traceId: string; spanId: string } | undefined {
  const span = trace.getSpan(context.active());
  if (!span) return undefined;
  const { traceId, spanId } = span.spanContext();
  return isSpanContextValid(span.spanContext()) ? { traceId, spanId } : undefined;
}
