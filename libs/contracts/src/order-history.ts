import { z } from 'zod';
import { noticeSchema, notice, resultSchema } from './errors.js';
import { addressSnapshotSchema, merchantOrderIdSchema, ORDER_FIXTURES, orderLineSchema, orderStateSchema } from './order.js';
import { actorSchema, pageFields, pageReplyFields, text } from './schemas.js';
import type { EventDefinition, RpcDefinition } from './subjects.js';

/**
 * Orders after checkout (issue #11): the shopper's history and bills of supply, the
 * seller's Orders tab (search, filters, pages, archive, fulfilment, refunds, CSV export).
 * The order service owns all of it; customer names and emails come from identity in one
 * batched request per page.
 */

/**
 * The steps a paid order goes through on its way to the shopper, in order. `cancelled`
 * ends an order that will not be delivered (an admin refunds the money separately).
 */
export const FULFILMENT_STATUSES = ['processing', 'packed', 'shipped', 'delivered', 'cancelled'] as const;
export const fulfilmentStatusSchema = z.enum(FULFILMENT_STATUSES);
export type FulfilmentStatus = z.infer<typeof fulfilmentStatusSchema>;

/** One step of an order's fulfilment, as the shopper follows it (oldest first). */
export const fulfilmentEventSchema = z.object({
  status: fulfilmentStatusSchema,
  /** The courier and its tracking number (set when shipped). */
  courier: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  /** A short note for the shopper, e.g. why an order was cancelled. */
  note: z.string().nullable(),
  at: z.iso.datetime(),
});
export type FulfilmentEvent = z.infer<typeof fulfilmentEventSchema>;

/** A refund of a paid order: the checkout's stock-gone refund, or one of an admin's (an order may have several, never more than was paid). */
export const orderRefundSchema = z.object({
  amountPaise: z.number().int().positive(),
  /** `stock-gone` (the plants were sold out when the payment arrived) or the admin's reason in words. */
  reason: z.string(),
  /** PhonePe's refund state as last seen (PENDING, CONFIRMED, COMPLETED, FAILED), null before it was asked. */
  providerState: z.string().nullable(),
  requestedAt: z.iso.datetime().nullable(),
  refundedAt: z.iso.datetime().nullable(),
});
export type OrderRefund = z.infer<typeof orderRefundSchema>;

/**
 * Where a guarantee claim stands (docs/adr/078): waiting for an admin, approved (a
 * replacement order was made) or declined (with the admin's reason).
 */
export const CLAIM_STATES = ['pending', 'approved', 'declined'] as const;
export const claimStateSchema = z.enum(CLAIM_STATES);
export type ClaimStateName = z.infer<typeof claimStateSchema>;

/** One claimed plant of an order: which, and how many (at most what was bought, less earlier claims). */
export const claimLineSchema = z.object({ productId: text(64).min(1), quantity: z.number().int().min(1).max(1000) }).strict();

/**
 * A guarantee claim as the shopper and the admin see it (issue #41): the plants, what
 * happened, the photos (upload ids, fetched only through the order's own claim-photo route:
 * the shopper's or an admin's), the decision.
 */
export const guaranteeClaimSchema = z.object({
  id: z.string(),
  state: claimStateSchema,
  lines: z.array(z.object({ productId: z.string(), productName: z.string(), quantity: z.number().int().positive() })).min(1),
  /** What happened, in the shopper's words. */
  description: z.string(),
  /** The photos' ids (`upl_…`), in the order sent: `GET /api/orders/{id}/claim-photos/{photoId}` (the admin's route likewise). */
  photoIds: z.array(z.string()),
  createdAt: z.iso.datetime(),
  decidedAt: z.iso.datetime().nullable(),
  /** Why it was declined (the shopper reads it); null otherwise. */
  declineReason: z.string().nullable(),
  /** The replacement order an approval made: its id and merchant order id (its number derives from it). */
  replacement: z.object({ orderId: z.string(), merchantOrderId: merchantOrderIdSchema }).nullable(),
});
export type GuaranteeClaimView = z.infer<typeof guaranteeClaimSchema>;

/** An order as its shopper sees it (`/orders`, the Details dialog). Amounts in paise. */
export const orderSchema = z.object({
  id: z.string(),
  /** The spec's transaction id (`MO…`): the order number and the invoice number derive from it. */
  merchantOrderId: merchantOrderIdSchema,
  state: orderStateSchema,
  createdAt: z.iso.datetime(),
  paidAt: z.iso.datetime().nullable(),
  /** When the payment failed, and why in words; null when it never did (a late payment keeps it). */
  failure: z.object({ at: z.iso.datetime(), reason: z.string() }).nullable(),
  lines: z.array(orderLineSchema).min(1),
  subtotalPaise: z.number().int().nonnegative(),
  shippingPaise: z.number().int().nonnegative(),
  totalPaise: z.number().int().nonnegative(),
  /** How PhonePe was paid (e.g. `UPI_INTENT`), null when unknown: the screens read "PhonePe". */
  paymentMode: z.string().nullable(),
  /** PhonePe's transaction id of the deciding attempt. */
  transactionId: z.string().nullable(),
  shippingAddress: addressSnapshotSchema,
  billingAddress: addressSnapshotSchema,
  /** The latest fulfilment step (null before any), and every step, oldest first. */
  fulfilmentStatus: fulfilmentStatusSchema.nullable(),
  fulfilment: z.array(fulfilmentEventSchema),
  /** The bill of supply's serial (`JLJ/26-27/000123`), assigned when the order was paid; null before. */
  billNumber: z.string().nullable(),
  /** What was refunded or is being refunded, in all (0 when nothing); never more than the total. */
  refundedPaise: z.number().int().nonnegative(),
  /** The order's refunds, oldest first (empty when none). */
  refunds: z.array(orderRefundSchema),
  /** Its guarantee claims, oldest first (empty when none). */
  claims: z.array(guaranteeClaimSchema),
  /** For a replacement order (`state: 'replacement'`): the order whose plants it replaces. */
  replacementOf: z.object({ orderId: z.string(), merchantOrderId: merchantOrderIdSchema }).nullable(),
});
export type OrderView = z.infer<typeof orderSchema>;

/** The customer of an order as identity knows them; null when the account no longer exists. */
export const orderCustomerSchema = z.object({ id: z.string(), fullName: z.string().nullable(), email: z.string() });
export type OrderCustomer = z.infer<typeof orderCustomerSchema>;

/**
 * One thing an order waits for an admin to decide (issue #42, `ATTENTION_REASONS` of
 * @jalaj/commerce, whose `attentionText` words it): held because PhonePe took another amount
 * (`acceptable`: at least the total, so it may be accepted and sold), one of its refunds
 * refused by PhonePe or unfinished for over a day (`refundId` names it for the actions), or
 * a guarantee claim waiting for a decision (`claimId`).
 */
export const attentionItemSchema = z.discriminatedUnion('reason', [
  z.object({ reason: z.literal('amount-mismatch'), totalPaise: z.number().int().nonnegative(), reportedPaise: z.number().int().nonnegative(), acceptable: z.boolean() }),
  z.object({
    reason: z.enum(['refund-refused', 'refund-stuck']),
    refundId: z.string(),
    merchantRefundId: z.string(),
    amountPaise: z.number().int().positive(),
    /** When the refund was last handed to PhonePe (made, or tried again). */
    since: z.iso.datetime(),
  }),
  /** A guarantee claim waiting for approval or decline (docs/adr/078): how many plants it claims, and when it was filed. */
  z.object({ reason: z.literal('claim-waiting'), claimId: z.string(), units: z.number().int().positive(), since: z.iso.datetime() }),
]);
export type AttentionItem = z.infer<typeof attentionItemSchema>;

/** The admin's actions that settle what waits, as the order's history records them (`DECISION_KINDS` of @jalaj/commerce). */
export const decisionKindSchema = z.enum(['payment-accepted', 'held-refunded', 'refund-retried', 'refund-settled']);

/** One decision an admin took on an order: what, by whom and when (oldest first in the history). */
export const orderDecisionSchema = z.object({
  kind: decisionKindSchema,
  /** The amount decided on: PhonePe's amount accepted or refunded, the refund retried or settled. */
  amountPaise: z.number().int().nonnegative(),
  /** The refund the decision made or concerned (its PhonePe id), null for an acceptance without excess. */
  merchantRefundId: z.string().nullable(),
  note: z.string().nullable(),
  /** The admin as identity knows them (null when the account is gone), and their id. */
  byId: z.string(),
  by: z.object({ fullName: z.string().nullable(), email: z.string() }).nullable(),
  at: z.iso.datetime(),
});
export type OrderDecision = z.infer<typeof orderDecisionSchema>;

/** An order as the Orders tab sees it: the shopper's view plus the customer and the archive mark. */
export const adminOrderSchema = orderSchema.extend({
  userId: z.string(),
  customer: orderCustomerSchema.nullable(),
  /** Set when an admin deleted (archived) the order; archived orders leave the default list. */
  archivedAt: z.iso.datetime().nullable(),
  archivedBy: z.string().nullable(),
  /** PhonePe's reported amount when it differed (a held order). */
  reportedAmountPaise: z.number().int().nullable(),
  errorCode: z.string().nullable(),
  /** What the order waits for an admin to decide (empty when nothing). */
  attention: z.array(attentionItemSchema),
  /** The admins' decisions on it, oldest first. */
  decisions: z.array(orderDecisionSchema),
});
export type AdminOrderView = z.infer<typeof adminOrderSchema>;

/** A line as an Orders-tab card shows it: the plant, how many, and what they cost. */
export const adminOrderLineSummarySchema = orderLineSchema.pick({ productId: true, productName: true, imageUrl: true, quantity: true, discountedUnitPricePaise: true, lineTotalPaise: true });

/**
 * An order as a card of the Orders tab shows it. The page carries no addresses, steps,
 * refund or payment details: the order's drawer reads the whole order
 * (`GET /api/admin/orders/:id`). Half the bytes of a page, to parse, check and send at every
 * hop (issue #12).
 */
export const adminOrderSummarySchema = adminOrderSchema
  .pick({ id: true, merchantOrderId: true, state: true, createdAt: true, totalPaise: true, paymentMode: true, fulfilmentStatus: true, userId: true, customer: true, archivedAt: true })
  .extend({
    lines: z.array(adminOrderLineSummarySchema).min(1),
    /** A guarantee claim of the order waits for an admin's decision. */
    claimWaiting: z.boolean(),
  });
export type AdminOrderSummary = z.infer<typeof adminOrderSummarySchema>;

/**
 * A calendar day that exists, `YYYY-MM-DD` (India time): `2026-02-30` is refused with a
 * message saying so, rather than read as 2 March.
 */
export const calendarDaySchema = z.string().superRefine((v, ctx) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) ctx.addIssue({ code: 'custom', message: 'Use a date like 2026-11-22' });
  else if (new Date(Date.parse(`${v}T00:00:00Z`) || 0).toISOString().slice(0, 10) !== v) ctx.addIssue({ code: 'custom', message: 'No such date: use a real day like 2026-11-22' });
});

/**
 * The Orders tab's fulfilment filter: a step; `none`, a paid order nobody has started on;
 * `to-ship`, a paid order waiting to ship (not started, processing or packed: not yet
 * shipped, delivered or cancelled).
 */
export const ADMIN_FULFILMENT_FILTERS = [...FULFILMENT_STATUSES, 'none', 'to-ship'] as const;
export type AdminFulfilmentFilter = (typeof ADMIN_FULFILMENT_FILTERS)[number];

/**
 * The Orders tab's filters (all optional). `q` matches the order number, the transaction
 * id, or the customer's email or name; `fulfilment: 'none'` is a paid order nobody has
 * started on, `'to-ship'` a paid order waiting to ship; dates are inclusive India days of
 * the order's creation.
 */
export const adminOrderFilterSchema = z
  .object({
    q: text(120).optional(),
    state: orderStateSchema.optional(),
    fulfilment: z.enum(ADMIN_FULFILMENT_FILTERS).optional(),
    from: calendarDaySchema.optional(),
    to: calendarDaySchema.optional(),
    /** `true`: only archived orders; default: only the others. */
    archived: z.boolean().optional(),
    /** Only this customer's orders (a user id; the Users tab's "View orders"). */
    customer: text(64).optional(),
    /** `true`: only the orders that wait for an admin's decision (any of `ATTENTION_REASONS`). */
    attention: z.boolean().optional(),
    /** `waiting`: only orders with a guarantee claim waiting for a decision (docs/adr/078). */
    claim: z.enum(['waiting']).optional(),
  })
  .strict();
export type AdminOrderFilter = z.infer<typeof adminOrderFilterSchema>;

/** The most orders one page of the Orders tab holds. */
export const ADMIN_ORDERS_MAX_PAGE_SIZE = 100;

export const adminOrderPageQuerySchema = adminOrderFilterSchema.extend(pageFields(ADMIN_ORDERS_MAX_PAGE_SIZE, 20));

/** One page of orders, newest first, and how many match in all. */
export const adminOrderPageSchema = z.object({
  items: z.array(adminOrderSummarySchema),
  total: z.number().int().nonnegative(),
  ...pageReplyFields,
});
export type AdminOrderPage = z.infer<typeof adminOrderPageSchema>;

/**
 * What a customer has bought: their orders that were paid (`paid_at` set, whatever happened
 * since) and what those came to, less what was refunded. Paise.
 */
export const customerOrderFiguresSchema = z.object({
  paidOrders: z.number().int().nonnegative(),
  totalSpentPaise: z.number().int().nonnegative(),
});
export type CustomerOrderFigures = z.infer<typeof customerOrderFiguresSchema>;

/**
 * Today's figures of the Orders tab (the dashboard's strip), for one India day: the paid
 * orders placed that day and what they came to, and the paid orders waiting to ship (any
 * day). Archived orders are left out, as in the lists the figures open.
 */
export const orderFiguresSchema = z.object({
  /** The India day counted, `YYYY-MM-DD`. */
  day: z.string(),
  /** Orders placed that day that are sales, paid in whole or partly refunded (the Orders tab with `state=paid&from=day&to=day`). */
  paidOrders: z.number().int().nonnegative(),
  /** What they brought in, in paise: what was paid less what was refunded (`salesFigures` of @jalaj/commerce). */
  revenuePaise: z.number().int().nonnegative(),
  /** Paid orders not shipped, delivered or cancelled yet (`fulfilment=to-ship`). */
  toShip: z.number().int().nonnegative(),
  /** Orders that wait for an admin's decision, of any day (`attention=true`): a guarantee claim waiting among the reasons. */
  needsAttention: z.number().int().nonnegative(),
  /** Orders with a guarantee claim waiting for a decision, of any day (`claim=waiting`): counted by the same rule as that reason of `needsAttention`, so never more than it. */
  claimsWaiting: z.number().int().nonnegative(),
});
export type OrderFigures = z.infer<typeof orderFiguresSchema>;

/** A fulfilment step an admin sets. Shipped needs the courier and the tracking number. */
export const fulfilmentInputSchema = z
  .object({
    status: fulfilmentStatusSchema,
    courier: text(60).optional(),
    trackingNumber: text(60).optional(),
    note: text(500).optional(),
  })
  .strict();
export type FulfilmentInput = z.infer<typeof fulfilmentInputSchema>;

/**
 * Why an admin refunds an order: trimmed, then at least 3 characters, so that a reason of
 * spaces is refused rather than stored empty. The admin's form checks with it too.
 */
export const refundReasonSchema = text(500).trim().min(3, 'Say why the order is refunded, in at least 3 characters.');

/** An admin's refund of a paid order: the amount (at most what was paid) and the reason. */
export const refundInputSchema = z.object({ amountPaise: z.number().int().min(100), reason: refundReasonSchema }).strict();
export type RefundInput = z.infer<typeof refundInputSchema>;

/** Why an admin marks a refund settled outside the shop: trimmed, then at least 3 characters. */
export const settleNoteSchema = text(500).trim().min(3, 'Say how the refund was settled, in at least 3 characters.');

/** An admin's note on a refund settled outside the shop (the money went back another way). */
export const settleRefundInputSchema = z.object({ note: settleNoteSchema }).strict();
export type SettleRefundInput = z.infer<typeof settleRefundInputSchema>;

/** The place of supply under GST: a state's name and its two-digit code. */
export const placeOfSupplySchema = z.object({ state: z.string(), code: z.string().regex(/^\d{2}$/) });

/** A party of a bill: the name, the address's lines (street, then `City PIN, State, Country`) and the phone ('' when none). */
export const billPartySchema = z.object({ name: z.string(), address: z.array(z.string()), phone: z.string() });
export type BillParty = z.infer<typeof billPartySchema>;

/**
 * A GST bill of supply for an order of live plants (HSN 0602, exempt): what the printable
 * invoice shows, composed by the order service (seller from its configuration).
 */
export const billOfSupplySchema = z.object({
  /** The spec's invoice number, `INV-<order number>`. */
  invoiceNumber: z.string(),
  orderNumber: z.string(),
  /** The consecutive serial of the financial year, ≤ 16 characters (`JLJ/26-27/000123`). */
  billNumber: z.string().max(16),
  /** The day the order was paid (the bill's date). */
  billDate: z.iso.datetime(),
  /** The shop, from the order service's configuration (`SELLER_*`): whom the buyer writes to or calls about the bill. */
  seller: z.object({ name: z.string(), address: z.array(z.string()), gstin: z.string(), state: z.string(), stateCode: z.string(), phone: z.string(), email: z.string() }),
  /** Billed to: the billing address as it was when the order was placed. */
  buyer: billPartySchema,
  /** Shipped to: the shipping address as it was when the order was placed (its state is the place of supply). */
  shipTo: billPartySchema,
  placeOfSupply: placeOfSupplySchema,
  lines: z.array(
    z.object({
      hsn: z.string(),
      description: z.string(),
      quantity: z.number().int().positive(),
      unitPricePaise: z.number().int().nonnegative(),
      /** The volume discount on the line, in paise and percent. */
      discountPaise: z.number().int().nonnegative(),
      discountPercent: z.number().int().min(0).max(100),
      valuePaise: z.number().int().nonnegative(),
    }),
  ),
  subtotalPaise: z.number().int().nonnegative(),
  shippingPaise: z.number().int().nonnegative(),
  /** The rupee rounding between subtotal + shipping and the paid total (may be negative). */
  roundingPaise: z.number().int(),
  totalPaise: z.number().int().nonnegative(),
  /**
   * The refunds of the order, oldest first: printed under the total as money given back,
   * without changing what was billed. `refundedPaise` is their sum.
   */
  refunds: z.array(z.object({ amountPaise: z.number().int().positive(), requestedAt: z.iso.datetime().nullable(), refundedAt: z.iso.datetime().nullable() })),
  refundedPaise: z.number().int().nonnegative(),
  /** The spec's status label source ('Completed' when paid), and how it was paid. */
  state: orderStateSchema,
  paymentMode: z.string().nullable(),
  transactionId: z.string().nullable(),
  merchantOrderId: merchantOrderIdSchema,
  /** The exemption statement printed on the bill. */
  exemptNote: z.string(),
  /** For a replacement order (₹0, no payment): the order it replaces and the note printed for it (`replacementNote`). */
  replacementOf: z.object({ orderNumber: z.string(), billNumber: z.string().nullable(), note: z.string() }).nullable(),
});
export type BillOfSupply = z.infer<typeof billOfSupplySchema>;

/**
 * One row of the accountant's CSV: one per order line, the order's lines in the cart's
 * order. The order's own amounts (shipping, rounding, total, refunded, revenue) are on its
 * first line only and null on the others, so each amount column adds up to the orders'
 * amounts without counting an order twice (docs/adr/079-one-bill-and-an-export-that-sums.md).
 */
export const orderExportRowSchema = z.object({
  billNumber: z.string().nullable(),
  orderNumber: z.string(),
  merchantOrderId: z.string(),
  createdAt: z.iso.datetime(),
  paidAt: z.iso.datetime().nullable(),
  state: orderStateSchema,
  fulfilmentStatus: fulfilmentStatusSchema.nullable(),
  customerName: z.string().nullable(),
  customerEmail: z.string().nullable(),
  placeOfSupply: z.string(),
  /** The line's place in its order, from 1: the order's amounts are on line 1. */
  lineNumber: z.number().int().positive(),
  hsn: z.string(),
  productName: z.string(),
  quantity: z.number().int(),
  unitPricePaise: z.number().int(),
  discountPercent: z.number().int(),
  /** The volume discount on the line: list price × quantity − line total. */
  discountPaise: z.number().int().nonnegative(),
  lineTotalPaise: z.number().int(),
  /** The order's shipping (first line only). */
  shippingPaise: z.number().int().nullable(),
  /** The order's rounding to the rupee, total − subtotal − shipping, either sign (first line only). */
  roundingPaise: z.number().int().nullable(),
  /** What the order was billed (first line only): its lines, shipping and rounding. */
  orderTotalPaise: z.number().int().nullable(),
  /** What was refunded or is being refunded of the order, in all, 0 when nothing (first line only). */
  refundPaise: z.number().int().nonnegative().nullable(),
  /** What the order brought in (first line only): paid less refunded for a sale, 0 otherwise (`orderRevenuePaise`). */
  revenuePaise: z.number().int().nonnegative().nullable(),
  paymentMode: z.string().nullable(),
  transactionId: z.string().nullable(),
  /** For a replacement order: the number of the order it replaces. */
  replacementOf: z.string().nullable(),
  /** How many of this line guarantee claims cover (waiting or approved), and where the latest claim of it stands; 0 and null when none. */
  claimedQuantity: z.number().int().nonnegative(),
  claimState: claimStateSchema.nullable(),
});
export type OrderExportRow = z.infer<typeof orderExportRowSchema>;

const userActor = { id: 'usr_01JD0000000000000000000000', role: 'user' as const };
const adminActor = { id: 'usr_01JD0000000000000000000001', role: 'admin' as const };
const ok = <T>(data: T) => ({ ok: true as const, data });
const { address, line, merchantOrderId } = ORDER_FIXTURES;
const orderFixture: OrderView = {
  id: 'ord_01JD0000000000000000000000',
  merchantOrderId,
  state: 'paid',
  createdAt: '2026-11-22T10:14:00.000Z',
  paidAt: '2026-11-22T10:15:00.000Z',
  failure: null,
  lines: [line],
  subtotalPaise: 70965,
  shippingPaise: 7500,
  totalPaise: 78500,
  paymentMode: 'UPI_INTENT',
  transactionId: 'OM2511221015000012345',
  shippingAddress: address,
  billingAddress: address,
  fulfilmentStatus: 'shipped',
  fulfilment: [
    { status: 'processing', courier: null, trackingNumber: null, note: null, at: '2026-11-22T11:00:00.000Z' },
    { status: 'shipped', courier: 'India Post', trackingNumber: 'EK123456789IN', note: null, at: '2026-11-23T09:00:00.000Z' },
  ],
  billNumber: 'JLJ/26-27/000123',
  refundedPaise: 0,
  refunds: [],
  claims: [],
  replacementOf: null,
};
const adminOrderFixture: AdminOrderView = {
  ...orderFixture,
  userId: userActor.id,
  customer: { id: userActor.id, fullName: 'Ananya Sen', email: 'ananya@example.com' },
  archivedAt: null,
  archivedBy: null,
  reportedAmountPaise: null,
  errorCode: null,
  attention: [],
  decisions: [],
};
const heldOrderFixture: AdminOrderView = {
  ...adminOrderFixture,
  state: 'held',
  paidAt: null,
  billNumber: null,
  fulfilmentStatus: null,
  fulfilment: [],
  reportedAmountPaise: 79500,
  errorCode: 'AMOUNT_MISMATCH',
  attention: [{ reason: 'amount-mismatch', totalPaise: 78500, reportedPaise: 79500, acceptable: true }],
};
const decisionReply = (code: 'PAYMENT_ACCEPTED' | 'HELD_REFUNDED' | 'REFUND_RETRIED' | 'REFUND_SETTLED', amountPaise: number, order: AdminOrderView) =>
  ok({ notice: notice(code, { amountPaise }), order });
const billFixture: BillOfSupply = {
  invoiceNumber: 'INV-00a1b2c3',
  orderNumber: '00a1b2c3',
  billNumber: 'JLJ/26-27/000123',
  billDate: '2026-11-22T10:15:00.000Z',
  seller: {
    name: 'Jalaj Aquatics',
    address: ['14 College Street', 'Kolkata 700073, West Bengal'],
    gstin: '19ABCDE1234F1Z5',
    state: 'West Bengal',
    stateCode: '19',
    phone: '+91 33 2241 0000',
    email: 'hello@jalaj.shop',
  },
  buyer: { name: 'Ananya Sen', address: ['12 Park Street', 'Kolkata 700016, West Bengal, India'], phone: '9830012345' },
  shipTo: { name: 'Ananya Sen', address: ['12 Park Street', 'Kolkata 700016, West Bengal, India'], phone: '9830012345' },
  placeOfSupply: { state: 'West Bengal', code: '19' },
  lines: [{ hsn: '0602', description: 'Anubias nana', quantity: 3, unitPricePaise: 24900, discountPaise: 3735, discountPercent: 5, valuePaise: 70965 }],
  subtotalPaise: 70965,
  shippingPaise: 7500,
  roundingPaise: 35,
  totalPaise: 78500,
  refunds: [],
  refundedPaise: 0,
  state: 'paid',
  paymentMode: 'UPI_INTENT',
  transactionId: 'OM2511221015000012345',
  merchantOrderId,
  exemptNote: 'Supply of live plants (HSN 0602) is exempt from GST. No tax is charged on this bill of supply.',
  replacementOf: null,
};
const exportRowFixture: OrderExportRow = {
  billNumber: 'JLJ/26-27/000123',
  orderNumber: '00a1b2c3',
  merchantOrderId,
  createdAt: '2026-11-22T10:14:00.000Z',
  paidAt: '2026-11-22T10:15:00.000Z',
  state: 'paid',
  fulfilmentStatus: 'shipped',
  customerName: 'Ananya Sen',
  customerEmail: 'ananya@example.com',
  placeOfSupply: 'West Bengal (19)',
  lineNumber: 1,
  hsn: '0602',
  productName: 'Anubias nana',
  quantity: 3,
  unitPricePaise: 24900,
  discountPercent: 5,
  discountPaise: 3735,
  lineTotalPaise: 70965,
  shippingPaise: 7500,
  roundingPaise: 35,
  orderTotalPaise: 78500,
  refundPaise: 0,
  revenuePaise: 78500,
  paymentMode: 'UPI_INTENT',
  transactionId: 'OM2511221015000012345',
  replacementOf: null,
  claimedQuantity: 0,
  claimState: null,
};
const orderId = text(64);

/** The order service's history and Orders-tab subjects. Asked by: the BFF. */
export const orderHistorySubjects = {
  /** The actor's orders, newest first (every state but archived ones stay visible to their shopper). */
  'rpc.order.orders.list-mine': {
    request: z.object({ actor: actorSchema }).strict(),
    reply: resultSchema(z.object({ items: z.array(orderSchema) })),
    fixtures: { request: { actor: userActor }, reply: ok({ items: [orderFixture] }) },
  },
  /** One of the actor's orders; another user's id is ORDER_NOT_FOUND. */
  'rpc.order.orders.get-mine': {
    request: z.object({ actor: actorSchema, orderId }).strict(),
    reply: resultSchema(orderSchema),
    fixtures: { request: { actor: userActor, orderId: orderFixture.id }, reply: ok(orderFixture) },
  },
  /**
   * The bill of supply of an order: the actor's own, or any when the actor is an admin.
   * ORDER_NOT_FOUND; BILL_NOT_ISSUED while the order has not been paid.
   */
  'rpc.order.orders.bill': {
    request: z.object({ actor: actorSchema, orderId }).strict(),
    reply: resultSchema(billOfSupplySchema),
    fixtures: { request: { actor: userActor, orderId: orderFixture.id }, reply: ok(billFixture) },
  },
  /** One page of the Orders tab (admins only, role re-checked with identity), with the customers. */
  'rpc.order.admin.list': {
    request: z.object({ actor: actorSchema, query: adminOrderPageQuerySchema }).strict(),
    reply: resultSchema(adminOrderPageSchema),
    fixtures: { request: { actor: adminActor, query: { page: 1, pageSize: 20 } }, reply: ok({ items: [{ ...adminOrderFixture, claimWaiting: false }], total: 1, page: 1, pageSize: 20 }) },
  },
  /**
   * Today's figures for the dashboard's strip (admins only, role re-checked with identity):
   * paid orders and revenue of an India day (today when `day` is left out), and the paid
   * orders waiting to ship.
   */
  'rpc.order.admin.figures': {
    request: z.object({ actor: actorSchema, day: calendarDaySchema.optional() }).strict(),
    reply: resultSchema(orderFiguresSchema),
    fixtures: { request: { actor: adminActor, day: '2026-11-22' }, reply: ok({ day: '2026-11-22', paidOrders: 3, revenuePaise: 235500, toShip: 2, needsAttention: 1, claimsWaiting: 1 }) },
  },
  /** One order with its customer (admins only). ORDER_NOT_FOUND. */
  'rpc.order.admin.get': {
    request: z.object({ actor: actorSchema, orderId }).strict(),
    reply: resultSchema(adminOrderSchema),
    fixtures: { request: { actor: adminActor, orderId: orderFixture.id }, reply: ok(adminOrderFixture) },
  },
  /** A customer's paid orders and what they spent (admins only; the Users tab's drawer). */
  'rpc.order.admin.customer-figures': {
    request: z.object({ actor: actorSchema, userId: text(64) }).strict(),
    reply: resultSchema(customerOrderFiguresSchema),
    fixtures: { request: { actor: adminActor, userId: userActor.id }, reply: ok({ paidOrders: 1, totalSpentPaise: 78500 }) },
  },
  /**
   * Deletes orders the way a shop may: archives them (who, when), keeping bills and payment
   * records. One id answers the ORDER_ARCHIVED notice (line count, transaction id), several
   * ORDERS_ARCHIVED. Admin role re-checked with identity: ADMIN_REQUIRED. NO_ORDERS_SELECTED,
   * ORDER_NOT_FOUND (none of the ids names an order that is not archived yet).
   */
  'rpc.order.admin.archive': {
    request: z.object({ actor: actorSchema, orderIds: z.array(orderId).max(ADMIN_ORDERS_MAX_PAGE_SIZE) }).strict(),
    reply: resultSchema(z.object({ notice: noticeSchema, orderIds: z.array(z.string()) })),
    fixtures: { request: { actor: adminActor, orderIds: [orderFixture.id] }, reply: ok({ notice: notice('ORDER_ARCHIVED', { lineCount: 1, merchantOrderId }), orderIds: [orderFixture.id] }) },
  },
  /** Brings an archived order back into the lists (admins only). ORDER_NOT_FOUND. */
  'rpc.order.admin.restore': {
    request: z.object({ actor: actorSchema, orderId }).strict(),
    reply: resultSchema(z.object({ notice: noticeSchema, order: adminOrderSchema })),
    fixtures: { request: { actor: adminActor, orderId: orderFixture.id }, reply: ok({ notice: notice('ORDER_RESTORED', { merchantOrderId }), order: adminOrderFixture }) },
  },
  /**
   * Sets the next fulfilment step of a paid order (admins only): forward only, cancelled
   * until delivered; shipped needs courier and tracking number. Publishes
   * `evt.order.order.fulfilment-changed.v1`. ORDER_NOT_FOUND, FULFILMENT_NOT_ALLOWED, TRACKING_REQUIRED.
   */
  'rpc.order.admin.fulfil': {
    request: z.object({ actor: actorSchema, orderId, step: fulfilmentInputSchema }).strict(),
    reply: resultSchema(z.object({ notice: noticeSchema, order: adminOrderSchema })),
    fixtures: {
      request: { actor: adminActor, orderId: orderFixture.id, step: { status: 'shipped', courier: 'India Post', trackingNumber: 'EK123456789IN' } },
      reply: ok({ notice: notice('FULFILMENT_UPDATED', { status: 'shipped' }), order: adminOrderFixture }),
    },
  },
  /**
   * Refunds part or all of what is left paid of an order through PhonePe (admins only): a
   * part moves it to partly_refunded (still shipped, refundable further), the rest to
   * refund_pending and, once PhonePe completed every refund, refunded; the reconciler follows
   * each refund, and `evt.order.order.refund-started.v1` mails the shopper. Concurrent refunds
   * never add up to more than was paid. Idempotent by command id. ORDER_NOT_FOUND,
   * REFUND_NOT_ALLOWED (not paid, or nothing left to refund), REFUND_AMOUNT_INVALID (more
   * than is left; `maxPaise` says how much is).
   */
  'rpc.order.admin.refund': {
    request: z.object({ actor: actorSchema, orderId, refund: refundInputSchema }).strict(),
    reply: resultSchema(z.object({ notice: noticeSchema, order: adminOrderSchema })),
    fixtures: {
      request: { actor: adminActor, orderId: orderFixture.id, refund: { amountPaise: 78500, reason: 'Plants arrived damaged' } },
      reply: ok({ notice: notice('REFUND_STARTED', { amountPaise: 78500 }), order: { ...adminOrderFixture, state: 'refund_pending' as const } }),
    },
  },
  /**
   * Accepts the amount PhonePe took for a held order and sells it (admins only): only when it
   * took at least the total (`paymentAcceptable`); the order then goes the way a paid order
   * goes (stock, cart, confirmation mail, bill serial), and what was taken above the total is
   * refunded through PhonePe. Idempotent by command id; the order's row lock lets one admin
   * decide. ORDER_NOT_FOUND, DECISION_TAKEN (not held, or no longer), PAYMENT_NOT_ENOUGH.
   */
  'rpc.order.admin.accept-payment': {
    request: z.object({ actor: actorSchema, orderId }).strict(),
    reply: resultSchema(z.object({ notice: noticeSchema, order: adminOrderSchema })),
    fixtures: { request: { actor: adminActor, orderId: orderFixture.id }, reply: decisionReply('PAYMENT_ACCEPTED', 79500, { ...heldOrderFixture, state: 'paid', attention: [] }) },
  },
  /**
   * Refunds a held order in full through PhonePe (admins only): all PhonePe took goes back,
   * the order moves to refund_pending and then refunded. ORDER_NOT_FOUND, DECISION_TAKEN.
   */
  'rpc.order.admin.refund-held': {
    request: z.object({ actor: actorSchema, orderId }).strict(),
    reply: resultSchema(z.object({ notice: noticeSchema, order: adminOrderSchema })),
    fixtures: { request: { actor: adminActor, orderId: orderFixture.id }, reply: decisionReply('HELD_REFUNDED', 79500, { ...heldOrderFixture, state: 'refund_pending', attention: [] }) },
  },
  /**
   * Asks PhonePe again for a refund it refused (admins only), under a new merchant refund id;
   * the amount stays claimed. ORDER_NOT_FOUND, REFUND_NOT_FOUND, DECISION_TAKEN (not refused, or no longer).
   */
  'rpc.order.admin.retry-refund': {
    request: z.object({ actor: actorSchema, orderId, refundId: text(64) }).strict(),
    reply: resultSchema(z.object({ notice: noticeSchema, order: adminOrderSchema })),
    fixtures: { request: { actor: adminActor, orderId: orderFixture.id, refundId: 'rfd_01JD0000000000000000000000' }, reply: decisionReply('REFUND_RETRIED', 78500, adminOrderFixture) },
  },
  /**
   * Marks a refund PhonePe refused, or one unfinished for over a day, settled outside the
   * shop (admins only): the money went back another way, the note says how. It counts as
   * refunded from then on and is no longer asked about. ORDER_NOT_FOUND, REFUND_NOT_FOUND,
   * DECISION_TAKEN (completed or settled already).
   */
  'rpc.order.admin.settle-refund': {
    request: z.object({ actor: actorSchema, orderId, refundId: text(64), settle: settleRefundInputSchema }).strict(),
    reply: resultSchema(z.object({ notice: noticeSchema, order: adminOrderSchema })),
    fixtures: {
      request: { actor: adminActor, orderId: orderFixture.id, refundId: 'rfd_01JD0000000000000000000000', settle: { note: 'Paid back by bank transfer' } },
      reply: decisionReply('REFUND_SETTLED', 78500, adminOrderFixture),
    },
  },
  /**
   * A batch of the CSV export's rows (one per order line, the order's amounts on its first
   * line only) for the filters, in a stable order (newest first); `after` is the previous
   * batch's `next`. Admins only.
   */
  'rpc.order.admin.export': {
    request: z.object({ actor: actorSchema, filter: adminOrderFilterSchema, after: text(200).nullish(), limit: z.number().int().min(1).max(1000).default(500) }).strict(),
    reply: resultSchema(z.object({ rows: z.array(orderExportRowSchema), next: z.string().nullable() })),
    fixtures: { request: { actor: adminActor, filter: {}, limit: 500 }, reply: ok({ rows: [exportRowFixture], next: null }) },
  },
} as const satisfies Record<`rpc.order.${string}`, RpcDefinition>;

/** One order in the admins' daily mail: its number and what it waits for. */
export const attentionDigestOrderSchema = z.object({ orderId: z.string(), merchantOrderId: merchantOrderIdSchema, items: z.array(attentionItemSchema).min(1) });

/** The order history's events. */
export const orderHistoryEvents = {
  /**
   * What waits for the admins' decision, once a day at `ATTENTION_MAIL_HOUR` (India time),
   * published by one order replica only (the day's claim). Consumed by: identity (mails every
   * admin the list). `total` counts every waiting order; `orders` lists at most 50 of them, oldest first.
   */
  'evt.order.attention.digest.v1': {
    data: z.object({ day: z.string(), total: z.number().int().positive(), orders: z.array(attentionDigestOrderSchema).max(50) }),
    fixture: {
      day: '2026-11-22',
      total: 1,
      orders: [{ orderId: orderFixture.id, merchantOrderId, items: [{ reason: 'amount-mismatch' as const, totalPaise: 78500, reportedPaise: 79500, acceptable: true }] }],
    },
  },
  /**
   * An admin set a fulfilment step. Consumed by: identity (mails the shopper when the order
   * ships, with the courier and tracking number, and when it is cancelled).
   */
  'evt.order.order.fulfilment-changed.v1': {
    data: z.object({
      orderId: z.string(),
      merchantOrderId: merchantOrderIdSchema,
      userId: z.string(),
      status: fulfilmentStatusSchema,
      courier: z.string().nullable(),
      trackingNumber: z.string().nullable(),
      note: z.string().nullable(),
      at: z.iso.datetime(),
    }),
    fixture: { orderId: orderFixture.id, merchantOrderId, userId: userActor.id, status: 'shipped' as const, courier: 'India Post', trackingNumber: 'EK123456789IN', note: null, at: '2026-11-23T09:00:00.000Z' },
  },
} as const satisfies Record<`evt.order.${string}`, EventDefinition>;

/** The order history's fixtures, for the contracts that build on an order (guarantee claims). */
export const ORDER_HISTORY_FIXTURES = { order: orderFixture, adminOrder: adminOrderFixture, userActor, adminActor } as const;
