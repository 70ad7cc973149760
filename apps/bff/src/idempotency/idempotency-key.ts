import { AppErrorException, commandIdFor, IDEMPOTENCY_KEY_PATTERN } from '@jalaj/contracts';

/** The problem text of a malformed `Idempotency-Key`. */
export const INVALID_IDEMPOTENCY_KEY = 'The Idempotency-Key header must be 8 to 128 letters, digits or the characters _ - : .';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Whether a request is a command the BFF passes an `Idempotency-Key` down for: a
 * state-changing method on an `/api` route. The auth routes (sign-in, sign-up, refresh…)
 * are left out: they act on credentials, not on data a retry could duplicate.
 *
 * @param method - The HTTP method.
 * @param url - The request URL (path and query).
 * @returns `true` for a command route.
 */
export function isCommandRoute(method: string, url: string): boolean {
  return STATE_CHANGING.has(method.toUpperCase()) && url.startsWith('/api/') && !url.startsWith('/api/auth/');
}

/**
 * Reads the `Idempotency-Key` request header.
 *
 * @param value - The raw header value(s) as Fastify parsed them.
 * @returns The key, or `undefined` when none was sent.
 * @throws AppErrorException `VALIDATION_FAILED` (400) for a malformed key or a repeated header.
 */
export function readIdempotencyKey(value: string | string[] | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(value)) {
    throw new AppErrorException({ code: 'VALIDATION_FAILED', message: INVALID_IDEMPOTENCY_KEY });
  }
  return value;
}

/**
 * The command id for a request: the key scoped to the acting user, so one shopper's key
 * never meets another's. No key, or no signed-in actor, means no command id: the command
 * is then handled without idempotency.
 *
 * @param actorId - The verified actor's id, when the route has one.
 * @param key - The request's valid key, when it sent one.
 * @returns The command id, or `undefined`.
 */
export function commandIdOf(actorId: string | undefined, key: string | undefined): string | undefined {
  return actorId !== undefined && key !== undefined ? commandIdFor(actorId, key) : undefined;
}
