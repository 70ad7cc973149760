import { z } from 'zod';
import { notice, noticeSchema, resultSchema } from './errors.js';
import { merchantOrderIdSchema } from './order.js';
import { adminOrderSchema, claimLineSchema, ORDER_HISTORY_FIXTURES, orderSchema, type GuaranteeClaimView } from './order-history.js';
import { actorSchema, text } from './schemas.js';
import type { EventDefinition, RpcDefinition } from './subjects.js';

/**
 * The 30-day guarantee as replacement orders (issue #41, docs/adr/078): a shopper's claim on
 * a delivered order, with photos kept private by the media service, and an admin's
 * decision: approved, a replacement order at ₹0 that takes stock and is shipped like any
 * order; or declined, with a reason. The order service owns claims; identity mails them.
 */

/** An upload id of a claim photo (`upl_…`, minted by media). */
export const claimPhotoIdSchema = z.string().regex(/^upl_[0-9A-Za-z]{1,40}$/);

/** What happened, in the shopper's words: trimmed, required, at most 2,000 characters. */
export const claimDescriptionSchema = text(2000).trim().min(1, 'Please describe what happened.');

/**
 * A claim as the shopper sends it (the JSON `claim` field of the multipart request; the
 * photos are its files): the plants and how many of each, and what happened.
 */
export const claimInputSchema = z
  .object({
    lines: z.array(claimLineSchema).min(1, 'Please choose at least one plant.').max(100),
    description: claimDescriptionSchema,
  })
  .strict();
export type ClaimInput = z.infer<typeof claimInputSchema>;

/** Why an admin declines a claim (the shopper reads it): trimmed, at least 3 characters. */
export const claimDeclineReasonSchema = text(500).trim().min(3, 'Say why the claim is declined, in at least 3 characters.');

const ok = <T>(data: T) => ({ ok: true as const, data });
const { order, adminOrder, userActor, adminActor } = ORDER_HISTORY_FIXTURES;
const claimId = 'gcl_01JD0000000000000000000000';
const photoId = 'upl_01JD0000000000000000000000';
const line = order.lines[0]!;
const claimFixture: GuaranteeClaimView = {
  id: claimId,
  state: 'pending',
  lines: [{ productId: line.productId, productName: line.productName, quantity: 1 }],
  description: 'Two leaves melted within a week.',
  photoIds: [photoId],
  createdAt: '2026-11-26T09:00:00.000Z',
  decidedAt: null,
  declineReason: null,
  replacement: null,
};
const claimedOrder = { ...order, fulfilmentStatus: 'delivered' as const, claims: [claimFixture] };
const claimedAdminOrder = { ...adminOrder, fulfilmentStatus: 'delivered' as const, claims: [claimFixture] };
const replacement = { orderId: 'ord_01JD0000000000000000000009', merchantOrderId: 'MO1764150000000z9y8x7_2k4m' };

/** The guarantee's request/reply subjects. Asked by: the BFF. */
export const guaranteeClaimSubjects = {
  /**
   * Files a claim on the actor's own order (idempotent by command id): the window, the
   * quantities and the one-claim-per-plant rule are `claimRefusal`'s of @jalaj/commerce,
   * decided under the order's row lock. `photoIds` are the photos the BFF stored with media
   * for this request. Publishes `evt.order.claim.filed.v1`. ORDER_NOT_FOUND,
   * CLAIM_WINDOW_CLOSED, CLAIM_LINE_UNDER_REVIEW, CLAIM_QUANTITY_INVALID.
   */
  'rpc.order.claims.create': {
    request: z.object({ actor: actorSchema, orderId: text(64), claim: claimInputSchema, photoIds: z.array(claimPhotoIdSchema).min(1).max(4) }).strict(),
    reply: resultSchema(z.object({ notice: noticeSchema, order: orderSchema })),
    fixtures: {
      request: { actor: userActor, orderId: order.id, claim: { lines: [{ productId: line.productId, quantity: 1 }], description: 'Two leaves melted within a week.' }, photoIds: [photoId] },
      reply: ok({ notice: notice('CLAIM_FILED'), order: claimedOrder }),
    },
  },
  /**
   * Whether the actor may see a claim photo of an order: its shopper, or an admin (role
   * re-checked with identity). NOT_FOUND otherwise, as if it did not exist.
   */
  'rpc.order.claims.photo': {
    request: z.object({ actor: actorSchema, orderId: text(64), photoId: claimPhotoIdSchema }).strict(),
    reply: resultSchema(z.object({ photoId: z.string() })),
    fixtures: { request: { actor: userActor, orderId: order.id, photoId }, reply: ok({ photoId }) },
  },
  /**
   * Approves a waiting claim (admins only, idempotent): one guarded statement decides it
   * once, however many admins click at once; the claimed plants' stock is reserved and
   * committed in catalog, and a replacement order at ₹0 is made with the original shipping
   * address, ready for the fulfilment steps. Publishes `evt.order.claim.decided.v1`.
   * CLAIM_NOT_FOUND, CLAIM_ALREADY_DECIDED, OUT_OF_STOCK, INSUFFICIENT_STOCK (nothing changes).
   */
  'rpc.order.admin.claims.approve': {
    request: z.object({ actor: actorSchema, claimId: text(64) }).strict(),
    reply: resultSchema(z.object({ notice: noticeSchema, order: adminOrderSchema })),
    fixtures: {
      request: { actor: adminActor, claimId },
      reply: ok({
        notice: notice('CLAIM_APPROVED', { merchantOrderId: replacement.merchantOrderId }),
        order: { ...claimedAdminOrder, claims: [{ ...claimFixture, state: 'approved' as const, decidedAt: '2026-11-27T09:00:00.000Z', replacement }] },
      }),
    },
  },
  /** Declines a waiting claim with a reason the shopper reads (admins only, idempotent). CLAIM_NOT_FOUND, CLAIM_ALREADY_DECIDED. */
  'rpc.order.admin.claims.decline': {
    request: z.object({ actor: actorSchema, claimId: text(64), reason: claimDeclineReasonSchema }).strict(),
    reply: resultSchema(z.object({ notice: noticeSchema, order: adminOrderSchema })),
    fixtures: {
      request: { actor: adminActor, claimId, reason: 'The photos show plants kept without light.' },
      reply: ok({
        notice: notice('CLAIM_DECLINED'),
        order: { ...claimedAdminOrder, claims: [{ ...claimFixture, state: 'declined' as const, decidedAt: '2026-11-27T09:00:00.000Z', declineReason: 'The photos show plants kept without light.' }] },
      }),
    },
  },
} as const satisfies Record<`rpc.order.${string}`, RpcDefinition>;

const claimFacts = {
  claimId: z.string(),
  orderId: z.string(),
  merchantOrderId: merchantOrderIdSchema,
  userId: z.string(),
  lines: z.array(z.object({ productId: z.string(), productName: z.string(), quantity: z.number().int().positive() })).min(1),
  at: z.iso.datetime(),
};
const factsFixture = { claimId, orderId: order.id, merchantOrderId: order.merchantOrderId, userId: userActor.id, lines: claimFixture.lines, at: '2026-11-26T09:00:00.000Z' };

/** The guarantee's events. */
export const guaranteeClaimEvents = {
  /**
   * A shopper filed a guarantee claim. Emitted by: order, in the claim's transaction.
   * Consumed by: identity (mails the shopper that it is under review), media (keeps the
   * claim's photos: `photoIds`, which its sweep of unused uploads would otherwise remove).
   */
  'evt.order.claim.filed.v1': {
    data: z.object({ ...claimFacts, photoIds: z.array(z.string()) }),
    fixture: { ...factsFixture, photoIds: [photoId] },
  },
  /**
   * An admin decided a claim: `approved` with the replacement order, or `declined` with the
   * reason. Emitted by: order. Consumed by: identity (mails the shopper either way).
   */
  'evt.order.claim.decided.v1': {
    data: z.object({
      ...claimFacts,
      decision: z.enum(['approved', 'declined']),
      reason: z.string().nullable(),
      replacement: z.object({ orderId: z.string(), merchantOrderId: merchantOrderIdSchema }).nullable(),
    }),
    fixture: { ...factsFixture, decision: 'approved' as const, reason: null, replacement, at: '2026-11-27T09:00:00.000Z' },
  },
} as const satisfies Record<`evt.order.${string}`, EventDefinition>;
