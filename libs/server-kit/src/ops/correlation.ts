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

/** Fastify's `genReqId`: the request id is the correlation id (the request log reads it there). */
export function assignCorrelationId(raw: IncomingMessage): string {
  return correlationIdFrom(raw.headers[HEADERS.correlationId]);
}
