import { context, SpanKind, SpanStatusCode, trace, TraceFlags, type Attributes, type Context, type Span, type SpanContext, type Tracer } from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { AlwaysOffSampler, BatchSpanProcessor, ParentBasedSampler, RandomIdGenerator } from '@opentelemetry/sdk-trace-base';
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import { ATTR_SERVICE_NAME } from '@opentelemetry/semantic-conventions';
import { getLogger } from '../logger.js';
import { openTelemetryEnvironment } from '../config.js';

/** What {@link startTracing} set up. */
export interface TracingHandle {
  /** True when spans are exported over OTLP/HTTP. */
  exporting: boolean;
  /** Sends the spans still buffered and stops the exporter (at shutdown). */
  shutdown(): Promise<void>;
}

/**
 * Whether spans are exported: only when an OTLP endpoint is configured (the standard
 * `OTEL_EXPORTER_OTLP_ENDPOINT` or `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT`), and neither
 * `OTEL_TRACES_EXPORTER=none` nor `OTEL_SDK_DISABLED=true` turns it off.
 */
export function otlpExportEnabled(env: Record<string, string | undefined> = openTelemetryEnvironment()): boolean {
  const endpoint = env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT || env.OTEL_EXPORTER_OTLP_ENDPOINT;
  return Boolean(endpoint) && env.OTEL_TRACES_EXPORTER?.trim() !== 'none' && env.OTEL_SDK_DISABLED?.trim().toLowerCase() !== 'true';
}

let started: TracingHandle | undefined;
/**
 * True when the default sampler records only traces a caller asked to sample (no exporter,
 * no `OTEL_TRACES_SAMPLER`): then {@link startSpan} makes every other span itself.
 */
let recordsOnlySampledParents = false;
const ids = new RandomIdGenerator();

/**
 * Registers the process's OpenTelemetry tracer provider (once): W3C trace context
 * propagation and AsyncLocalStorage context always, so traces are continued and started
 * and their ids reach logs and outgoing messages; a batching OTLP/HTTP (JSON) exporter only
 * when {@link otlpExportEnabled}. The sampler follows `OTEL_TRACES_SAMPLER`; by default
 * the caller's decision, else sample when exporting. Without an exporter a trace nobody
 * asked to sample is not recorded: its spans still carry ids (to logs, NATS headers and
 * `traceresponse`) but keep no attributes or timings that would go nowhere.
 *
 * @param serviceName - `service.name` of the spans, unless `OTEL_SERVICE_NAME` is set.
 */
export function startTracing(serviceName: string, env: Record<string, string | undefined> = openTelemetryEnvironment()): TracingHandle {
  if (started) return started;
  const exporting = otlpExportEnabled(env);
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ [ATTR_SERVICE_NAME]: env.OTEL_SERVICE_NAME || serviceName }),
    // The exporter reads its endpoint, headers and timeout from the OTEL_EXPORTER_OTLP_* variables.
    spanProcessors: exporting ? [new BatchSpanProcessor(new OTLPTraceExporter())] : [],
    ...(exporting || env.OTEL_TRACES_SAMPLER ? {} : { sampler: new ParentBasedSampler({ root: new AlwaysOffSampler() }) }),
  });
  recordsOnlySampledParents = !exporting && !env.OTEL_TRACES_SAMPLER;
  provider.register({ propagator: new W3CTraceContextPropagator() });
  if (exporting) getLogger('Tracing').info({ endpoint: env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT || env.OTEL_EXPORTER_OTLP_ENDPOINT }, 'exporting traces over OTLP/HTTP');
  started = {
    exporting,
    shutdown: () => provider.shutdown().catch((e: unknown) => getLogger('Tracing').warn({ err: e }, 'flushing spans at shutdown failed')),
  };
  return started;
}

/** The tracer of the shop's own spans (HTTP, NATS requests, events). */
export const tracer = (): Tracer => trace.getTracer('@jalaj/server-kit');

/**
 * Starts a span of `kind` whose parent is the span of `parent` (the active one by default).
 * A span the sampler would not record (nothing exports it and no caller asked to sample) is
 * made here as the SDK would make it (the parent's trace or a new one, a new span id, not
 * sampled), without the SDK's sampling and attribute work: every request starts several.
 */
export function startSpan(name: string, kind: SpanKind, attributes: Attributes, parent: Context = context.active()): Span {
  if (recordsOnlySampledParents) {
    const from = trace.getSpanContext(parent);
    const valid = from !== undefined && trace.isSpanContextValid(from);
    if (!valid || !(from.traceFlags & TraceFlags.SAMPLED)) return unrecordedSpan(valid ? from : undefined);
  }
  return tracer().startSpan(name, { kind, attributes }, parent);
}

/**
 * The root span of a new trace that nobody asked to sample, when such spans are not recorded
 * ({@link startSpan}'s case without a parent); `undefined` when they would be (an exporter
 * or a sampler is configured). Lets a caller skip the span's name and attributes, which go
 * nowhere then.
 */
export function unrecordedRootSpan(): Span | undefined {
  return recordsOnlySampledParents ? unrecordedSpan(undefined) : undefined;
}

/** A span that only carries ids: in `parent`'s trace (keeping its trace state), else in a new one. */
function unrecordedSpan(parent: SpanContext | undefined): Span {
  return trace.wrapSpanContext({ traceId: parent?.traceId ?? ids.generateTraceId(), spanId: ids.generateSpanId(), traceFlags: TraceFlags.NONE, traceState: parent?.traceState });
}

/** Runs `fn` with `span` as the current span (below `parent`). */
export function withSpan<T>(span: Span, fn: () => T, parent: Context = context.active()): T {
  return context.with(trace.setSpan(parent, span), fn);
}

/** Marks a span failed with a short, internals-free description (an error code). */
export function failSpan(span: Span, code: string): void {
  span.setAttribute('error.type', code);
  span.setStatus({ code: SpanStatusCode.ERROR, message: code });
}

export { SpanKind };
