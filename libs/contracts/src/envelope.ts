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
  /** The acting user, as `{ id, role }` JSON, set by the BFF after it checked the token. */
  actor: 'x-actor',
} as const;
