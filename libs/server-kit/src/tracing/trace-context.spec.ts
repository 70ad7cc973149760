import { context, ROOT_CONTEXT, trace, TraceFlags } from '@opentelemetry/api';
import { headers as natsHeaders } from '@nats-io/transport-node';
import {
  currentTraceIds,
  extractTraceContext,
  formatTraceparent,
  injectTraceContext,
  natsHeaderGetter,
  natsHeaderSetter,
  parseTraceparent,
  recordGetter,
  traceHeaders,
} from './trace-context.js';

const TRACE = '4bf92f3577b34da6a3ce929d0e0e4736';
const SPAN = '00f067aa0ba902b7';
const VALID = `00-${TRACE}-${SPAN}-01`;
const remote = (flags = TraceFlags.SAMPLED) => trace.setSpanContext(ROOT_CONTEXT, { traceId: TRACE, spanId: SPAN, traceFlags: flags, isRemote: true });

describe('parseTraceparent', () => {
  it('reads the ids and the sampled flag', () => {
    expect(parseTraceparent(VALID)).toEqual({ traceId: TRACE, spanId: SPAN, sampled: true });
    expect(parseTraceparent(`00-${TRACE}-${SPAN}-00`)).toEqual({ traceId: TRACE, spanId: SPAN, sampled: false });
  });

  it.each([
    undefined,
    '',
    'garbage',
    `00-${TRACE.toUpperCase()}-${SPAN}-01`,
    `00-${'0'.repeat(32)}-${SPAN}-01`,
    `00-${TRACE}-${'0'.repeat(16)}-01`,
    `ff-${TRACE}-${SPAN}-01`,
    `00-${TRACE.slice(1)}-${SPAN}-01`,
    `00-${TRACE}-${SPAN}-01-extra`,
    `00-${TRACE}-${SPAN}-01\u0000`,
  ])('refuses %p', (value) => {
    expect(parseTraceparent(value)).toBeUndefined();
  });
});

describe('formatTraceparent', () => {
  it('writes version 00 with two hex digits of flags, and round-trips', () => {
    expect(formatTraceparent({ traceId: TRACE, spanId: SPAN, traceFlags: TraceFlags.SAMPLED })).toBe(VALID);
    expect(formatTraceparent({ traceId: TRACE, spanId: SPAN, traceFlags: TraceFlags.NONE })).toBe(`00-${TRACE}-${SPAN}-00`);
    expect(parseTraceparent(formatTraceparent({ traceId: TRACE, spanId: SPAN, traceFlags: 1 }))).toMatchObject({ traceId: TRACE, spanId: SPAN });
  });
});

describe('trace headers on NATS messages', () => {
  it('injects the current span as traceparent and tracestate', () => {
    const h = natsHeaders();
    injectTraceContext(h, natsHeaderSetter, remote());
    expect(h.get('traceparent')).toBe(VALID);
    expect(h.has('tracestate')).toBe(false);
  });

  it('extracts the caller as the remote parent, tracestate included', () => {
    const h = natsHeaders();
    h.set('traceparent', VALID);
    h.set('tracestate', 'vendor=abc');
    const parent = trace.getSpanContext(extractTraceContext(h, natsHeaderGetter));
    expect(parent).toMatchObject({ traceId: TRACE, spanId: SPAN, traceFlags: TraceFlags.SAMPLED, isRemote: true });
    expect(parent?.traceState?.get('vendor')).toBe('abc');
  });

  it('extracts nothing from a message without headers, or with a malformed traceparent', () => {
    expect(trace.getSpanContext(extractTraceContext(undefined, natsHeaderGetter))).toBeUndefined();
    const h = natsHeaders();
    h.set('traceparent', 'not-a-traceparent');
    expect(trace.getSpanContext(extractTraceContext(h, natsHeaderGetter))).toBeUndefined();
  });
});

describe('trace headers as a record (HTTP, outbox rows)', () => {
  it('extracts from request headers, the first value of a repeated header', () => {
    expect(trace.getSpanContext(extractTraceContext({ traceparent: [VALID, 'x'] }, recordGetter))?.traceId).toBe(TRACE);
    expect(trace.getSpanContext(extractTraceContext({ traceparent: VALID }, recordGetter))?.spanId).toBe(SPAN);
    expect(trace.getSpanContext(extractTraceContext(null, recordGetter))).toBeUndefined();
  });

  it('gives the current span as headers, and none outside a trace', () => {
    expect(traceHeaders(remote())).toEqual({ traceparent: VALID });
    expect(traceHeaders(ROOT_CONTEXT)).toEqual({});
    expect(traceHeaders()).toEqual({});
  });

  it('round-trips through a record: what is stored is what is continued', () => {
    const stored = traceHeaders(remote(TraceFlags.NONE));
    expect(trace.getSpanContext(extractTraceContext(stored, recordGetter))).toMatchObject({ traceId: TRACE, spanId: SPAN, traceFlags: TraceFlags.NONE });
  });
});

describe('currentTraceIds', () => {
  it('is undefined outside a trace (no provider: nothing active)', () => {
    expect(currentTraceIds()).toBeUndefined();
    expect(context.with(ROOT_CONTEXT, () => currentTraceIds())).toBeUndefined();
  });
});
