import type { IncomingMessage } from 'node:http';
import { HEADERS, newId } from '@jalaj/contracts';

/** What an incoming `x-correlation-id` may look like to be kept: short, no spaces or control characters. */
const WELL_FORMED = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * The correlation id of an incoming HTTP request: the caller's `x-correlation-id` when it is
 * well formed (so a trace spans the proxy, the BFF and the services), otherwise a new one.
 * A malformed header is dropped rather than rejected: it must never end up in logs or in
 * NATS headers, and the request itself is still fine.
 */
export function correlationIdFrom(header: unknown): string {
  const value = Array.isArray(header) ? header[0] : header;
  return typeof value === 'string' && WELL_FORMED.test(value) ? value : newId('cor');
}

/** The correlation id given to each raw request, for pino-http (which sees the raw request). */
const assigned = new WeakMap<IncomingMessage, string>();

/** Fastify's `genReqId`: the request id is the correlation id, remembered for the request log. */
export function assignCorrelationId(raw: IncomingMessage): string {
  const id = correlationIdFrom(raw.headers[HEADERS.correlationId]);
  assigned.set(raw, id);
  return id;
}

/** The correlation id assigned to a raw request (or, should none be, one from its header). */
export function requestCorrelationId(raw: IncomingMessage): string {
  return assigned.get(raw) ?? correlationIdFrom(raw.headers[HEADERS.correlationId]);
}
