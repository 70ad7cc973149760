import { z } from 'zod';

/**
 * Change hints (ADR 025): a service says, after a change committed, that an answer the
 * BFF may keep in memory is out of date. Core NATS, not JetStream: a hint is not
 * a fact to keep. Every BFF replica hears every hint (no queue group). One that is lost
 * leaves an answer out of date for at most the BFF's time limit on it, and a reconnect
 * forgets everything, so nothing that decides an amount or a stock level reads them.
 */
export const changeHintSubjects = {
  /** An account's profile (`GET /api/me`) changed: its name or its role. Emitted by: identity. */
  'hint.identity.user.changed.v1': z.object({ userId: z.string().min(1) }),
  /** A shopper's addresses (`GET /api/me/addresses`) changed: added, edited, removed, or a new default. Emitted by: identity. */
  'hint.identity.addresses.changed.v1': z.object({ userId: z.string().min(1) }),
  /** A shopper's cart lines changed: added, changed, removed, or taken out by a paid order. Emitted by: cart. */
  'hint.cart.cart.changed.v1': z.object({ userId: z.string().min(1) }),
  /** The cart's copy of these products' facts changed (name, price, picture, stock, deletion): every cart holding one reads differently. Emitted by: cart. */
  'hint.cart.products.changed.v1': z.object({ productIds: z.array(z.string().min(1)).min(1) }),
  /** The Orders tab's list changed (an order, its lines or its steps; `version` is the list's new version, 0 when unknown). Emitted by: order, when it reads a new list version (ADR 058). */
  'hint.order.list.changed.v1': z.object({ version: z.string().regex(/^\d+$/) }),
  /** A session was signed out or revoked: its tokens are refused from now on. Emitted by: bff, after writing it to Redis. */
  'hint.bff.session.revoked.v1': z.object({ sessionId: z.string().min(1) }),
  /** Every token a user holds was ended (a new password, a role changed). Emitted by: bff, after writing it to Redis. */
  'hint.bff.user.tokens-ended.v1': z.object({ userId: z.string().min(1) }),
} as const satisfies Record<`hint.${string}`, z.ZodType>;

export type ChangeHintSubject = keyof typeof changeHintSubjects;
export type ChangeHintData<S extends ChangeHintSubject> = z.output<(typeof changeHintSubjects)[S]>;
