import { context, trace, TraceFlags } from '@opentelemetry/api';
import type { ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { headers as natsHeaders } from '@nats-io/transport-node';
import { currentTraceIds, extractTraceContext, injectTraceContext, natsHeaderGetter, natsHeaderSetter, traceHeaders } from './trace-context.js';
import { otlpExportEnabled, SpanKind, startSpan, startTracing, unrecordedRootSpan, withSpan } from './tracing.js';

const TRACE = '4bf92f3577b34da6a3ce929d0e0e4736';
const SPAN = '00f067aa0ba902b7';

describe('otlpExportEnabled', () => {
  it('exports only when an OTLP endpoint is configured', () => {
    expect(otlpExportEnabled({})).toBe(false);
    expect(otlpExportEnabled({ OTEL_EXPORTER_OTLP_ENDPOINT: '' })).toBe(false);
    expect(otlpExportEnabled({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' })).toBe(true);
    expect(otlpExportEnabled({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://collector:4318/v1/traces' })).toBe(true);
  });

  it('stays off when the exporter or the SDK is switched off', () => {
    expect(otlpExportEnabled({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318', OTEL_TRACES_EXPORTER: 'none' })).toBe(false);
    expect(otlpExportEnabled({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318', OTEL_SDK_DISABLED: 'true' })).toBe(false);
  });
});

describe('spans with the provider registered and no exporter', () => {
  const handle = startTracing('spec', {});
  afterAll(() => handle.shutdown());

  it('does not export', () => {
    expect(handle.exporting).toBe(false);
  });

  it('starts a new trace when the caller names none', () => {
    const span = startSpan('GET /api/products', SpanKind.SERVER, {}, extractTraceContext(undefined, natsHeaderGetter));
    expect(trace.isSpanContextValid(span.spanContext())).toBe(true);
    expect((span as unknown as ReadableSpan).parentSpanContext).toBeUndefined();
    span.end();
  });

  it('makes an unrecorded root span of a new trace: valid ids, a new trace each time, not sampled', () => {
    const a = unrecordedRootSpan()!;
    const b = unrecordedRootSpan()!;
    expect(trace.isSpanContextValid(a.spanContext())).toBe(true);
    expect(a.isRecording()).toBe(false);
    expect(a.spanContext().traceFlags & TraceFlags.SAMPLED).toBe(0);
    expect(a.spanContext().traceId).not.toBe(b.spanContext().traceId);
  });

  it('continues the caller: a NATS handler span is a child of the client span that sent the request', () => {
    const incoming = extractTraceContext({ get: (k: string) => (k === 'traceparent' ? `00-${TRACE}-${SPAN}-01` : ''), set: () => undefined, keys: () => ['traceparent'] }, natsHeaderGetter);
    const server = startSpan('GET /api/products', SpanKind.SERVER, {}, incoming);
    const h = natsHeaders();
    const client = withSpan(server, () => startSpan('rpc.catalog.products.list', SpanKind.CLIENT, {}), incoming);
    withSpan(client, () => injectTraceContext(h, natsHeaderSetter));
    const handler = startSpan('rpc.catalog.products.list', SpanKind.SERVER, {}, extractTraceContext(h, natsHeaderGetter));

    expect(server.spanContext().traceId).toBe(TRACE);
    expect((server as unknown as ReadableSpan).parentSpanContext?.spanId).toBe(SPAN);
    expect(h.get('traceparent')).toBe(`00-${TRACE}-${client.spanContext().spanId}-01`);
    // The caller asked to sample: recorded, even with no exporter here.
    expect(server.isRecording()).toBe(true);
    expect(handler.spanContext().traceId).toBe(TRACE);
    expect((handler as unknown as ReadableSpan).parentSpanContext?.spanId).toBe(client.spanContext().spanId);
    for (const s of [handler, client, server]) s.end();
  });

  it('gives log lines and outgoing headers the active span; a new trace nobody exports is not recorded', () => {
    const span = startSpan('work', SpanKind.INTERNAL, {});
    expect(span.isRecording()).toBe(false);
    withSpan(span, () => {
      expect(currentTraceIds()).toEqual({ traceId: span.spanContext().traceId, spanId: span.spanContext().spanId });
      expect(traceHeaders().traceparent).toBe(`00-${span.spanContext().traceId}-${span.spanContext().spanId}-00`);
    });
    expect(context.active()).toBeDefined();
    expect(currentTraceIds()).toBeUndefined();
    span.end();
  });

  it('keeps the caller’s decision not to sample', () => {
    const unsampled = extractTraceContext({ traceparent: `00-${TRACE}-${SPAN}-00` }, { get: (c, k) => c[k as 'traceparent'], keys: (c) => Object.keys(c) });
    const span = startSpan('x', SpanKind.SERVER, {}, unsampled);
    expect(span.spanContext().traceFlags).toBe(TraceFlags.NONE);
    expect(span.isRecording()).toBe(false);
    span.end();
  });
});
