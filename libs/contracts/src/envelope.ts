import { z } from 'zod';

/**
 * Envelope of every event on JetStream. `id` is unique per event and is sent as
 * `Nats-Msg-Id`, so the server drops a republished duplicate; consumers record it in
 * their inbox so a redelivered event takes effect once. `correlationId` and
 * `traceparent` travel in NATS headers, not here.
 */
export const eventEnvelopeSchema = z.object({
  id: z.string().min(1),
  subject: z.string().startsWith('evt.'),
  occurredAt: z.iso.datetime(),
  data: z.unknown(),
});
export type EventEnvelope<T = unknown> = Omit<z.infer<typeof eventEnvelopeSchema>, 'data'> & { data: T };

/** Header names used on NATS messages. */
export const HEADERS = {
  correlationId: 'x-correlation-id',
  traceparent: 'traceparent',
  /**
   * The id of a state-changing command, set by the BFF from the caller's `Idempotency-Key`
   * (scoped to the actor, see {@link commandIdFor}). The service that owns the change
   * records it with the change, so a repeat returns the first reply instead of doing the
   * work again.
   */
  commandId: 'x-command-id',
} as const;

/** The HTTP request header a client sends with every state-changing request (ADR 012). */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

/** A valid `Idempotency-Key`: 8–128 characters of letters, digits and `_ - : .` (a UUID fits). */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_\-:.]{8,128}$/;

/**
 * The command id the BFF sends down for a caller's `Idempotency-Key`: prefixed with the
 * acting user's id, so one shopper's key can never collide with another's. The service
 * further scopes it by subject.
 *
 * @param actorId - The verified id of the acting user.
 * @param key - The caller's valid `Idempotency-Key`.
 * @returns The command id for {@link HEADERS.commandId}.
 */
export const commandIdFor = (actorId: string, key: string): string => `${actorId}/${key}`;
