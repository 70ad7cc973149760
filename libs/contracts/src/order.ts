import { z } from 'zod';
import { resultSchema } from './errors.js';
import { addressSchema } from './identity.js';
import { actorSchema, text } from './schemas.js';
import type { EventDefinition, RpcDefinition } from './subjects.js';

/**
 * The order service's contracts: the checkout saga (spec §4 Payment), PhonePe's answers
 * and the facts a paid order carries to catalog, cart and identity.
 */

/** A merchant order id: `MO<time><random>_<suffix>` (PhonePe allows ≤ 63 of `A-Za-z0-9_-`). */
export const merchantOrderIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,63}$/);

/**
 * Where an order is in the checkout saga.
 * - `pending`: created, stock reserved, waiting for PhonePe to decide;
 * - `paid`: PhonePe's Order Status said COMPLETED for the order's amount;
 * - `failed`: the payment failed, expired or could not start (stock released);
 * - `held`: PhonePe reported another amount than the order's: an admin decides;
 * - `partly_refunded`: paid, and an admin gave part of the money back (one or more refunds
 *   that leave some of it paid): still a sale, to be shipped, and refundable further;
 * - `refund_pending` / `refunded`: the whole payment goes back through PhonePe's refund API
 *   (the stock was gone when the payment came, or an admin refunded all of it, or the rest):
 *   refunded once PhonePe completed every refund of the order;
 * - `replacement`: a replacement of another order's plants under the 30-day guarantee, made
 *   when an admin approved the shopper's claim (docs/adr/078): no payment, ₹0, no sale, but
 *   shipped with every fulfilment step like a paid order.
 */
export const ORDER_STATES = ['pending', 'paid', 'failed', 'held', 'refund_pending', 'partly_refunded', 'refunded', 'replacement'] as const;
export const orderStateSchema = z.enum(ORDER_STATES);
export type OrderState = z.infer<typeof orderStateSchema>;

/** An address as it was when the order was placed (spec §3 Order line, *_address_data). */
export const addressSnapshotSchema = addressSchema.pick({
  id: true,
  nickname: true,
  fullName: true,
  phone: true,
  addressLine1: true,
  addressLine2: true,
  city: true,
  state: true,
  postalCode: true,
  country: true,
});
export type AddressSnapshot = z.infer<typeof addressSnapshotSchema>;

/** One bought line, as paid: the product's name and every amount are frozen at checkout (paise). */
export const orderLineSchema = z.object({
  productId: z.string(),
  productName: z.string(),
  imageUrl: z.string().nullable(),
  quantity: z.number().int().positive(),
  unitPricePaise: z.number().int().nonnegative(),
  discountPercent: z.number().int().min(0).max(100),
  discountedUnitPricePaise: z.number().int().nonnegative(),
  lineTotalPaise: z.number().int().nonnegative(),
});
export type OrderLine = z.infer<typeof orderLineSchema>;

/** What a payment came to, as the shopper's pages show it (success, failed, pending). */
export const paymentOutcomeSchema = z.object({
  /** The order's id (`ord_…`): the shopper's link to it under My Orders. */
  orderId: z.string(),
  merchantOrderId: merchantOrderIdSchema,
  /** `paid` (success page), `failed` (failure page) or `pending` (the page that keeps checking). */
  outcome: z.enum(['paid', 'failed', 'pending']),
  state: orderStateSchema,
  /** The payable amount (cart total + shipping, whole rupees) in paise. */
  amountPaise: z.number().int().nonnegative(),
  /** PhonePe's transaction id of the deciding attempt, once it has one. */
  transactionId: z.string().nullable(),
  /** PhonePe's error code (e.g. `ZA`) when the payment failed. */
  errorCode: z.string().nullable(),
  /** Why it failed, in words (the failure page's error text). */
  errorMessage: z.string().nullable(),
  /** When PhonePe stops waiting for the payment: a payment still pending then fails and no money is taken. */
  expiresAt: z.iso.datetime(),
});
export type PaymentOutcome = z.infer<typeof paymentOutcomeSchema>;

/**
 * A payment's outcome as the order service answers the BFF: the outcome and the order's
 * owner, so that one answer per order serves PhonePe's return redirect (anyone) and the
 * owner's checks alike, and the BFF shows it only to that owner (ADR 070).
 */
export const paymentStatusSchema = paymentOutcomeSchema.extend({
  /** The shopper who placed the order. */
  userId: z.string(),
});
export type PaymentStatus = z.infer<typeof paymentStatusSchema>;

/** The answer to a started checkout: where to send the browser. */
export const checkoutStartedSchema = z.object({
  orderId: z.string(),
  merchantOrderId: merchantOrderIdSchema,
  redirectUrl: z.string().url(),
  amountPaise: z.number().int().positive(),
});
export type CheckoutStarted = z.infer<typeof checkoutStartedSchema>;

/**
 * The shopper's newest payment still waiting at PhonePe, and what it holds for them: the
 * checkout shows it when the shopper comes back from PhonePe unpaid (the browser's Back, a
 * reload), to pay it again or change it (docs/adr/073-what-an-unpaid-checkout-may-hold.md).
 */
export const openPaymentSchema = z.object({
  orderId: z.string(),
  merchantOrderId: merchantOrderIdSchema,
  amountPaise: z.number().int().positive(),
  /** When PhonePe stops waiting for it (its stock is held a little longer). */
  expiresAt: z.iso.datetime(),
  /** PhonePe's page for this payment: paying it again goes there, with no new order. */
  redirectUrl: z.string().url(),
  shippingAddressId: z.string(),
  billingAddressId: z.string(),
  shippingAddress: addressSnapshotSchema,
  /** Each plant's units it holds for the shopper until it is decided. */
  lines: z.array(z.object({ productId: z.string(), productName: z.string(), quantity: z.number().int().positive() })),
});
export type OpenPayment = z.infer<typeof openPaymentSchema>;

const userActor = { id: 'usr_01JD0000000000000000000000', role: 'user' as const };
const ok = <T>(data: T) => ({ ok: true as const, data });
const addressFixture: AddressSnapshot = {
  id: 'adr_01JD0000000000000000000000',
  nickname: 'Home',
  fullName: 'Ananya Sen',
  phone: '9830012345',
  addressLine1: '12 Park Street',
  addressLine2: null,
  city: 'Kolkata',
  state: 'West Bengal',
  postalCode: '700016',
  country: 'India',
};
const lineFixture: OrderLine = {
  productId: 'prd_01JD0000000000000000000000',
  productName: 'Anubias nana',
  imageUrl: '/media/demo/anubias-nana/large.webp',
  quantity: 3,
  unitPricePaise: 24900,
  discountPercent: 5,
  discountedUnitPricePaise: 23655,
  lineTotalPaise: 70965,
};
const merchantOrderId = 'MO1763800000000a1b2c3_7f3k';
/** The order fixtures the order contracts share (checkout's and the order history's). */
export const ORDER_FIXTURES = { address: addressFixture, line: lineFixture, merchantOrderId } as const;
const outcomeFixture: PaymentStatus = {
  orderId: 'ord_01JD0000000000000000000000',
  merchantOrderId,
  outcome: 'paid',
  state: 'paid',
  amountPaise: 78500,
  transactionId: 'OM2511221015000012345',
  errorCode: null,
  errorMessage: null,
  expiresAt: '2026-11-22T10:30:00.000Z',
  userId: userActor.id,
};

/** The order service's subjects. Asked by: the BFF. */
export const orderSubjects = {
  /**
   * Starts paying the actor's cart (spec §4 Payment): reads the cart, its prices and both
   * addresses itself, creates a pending order with address snapshots, reserves the stock
   * and creates the PhonePe payment. Idempotent by the command id (the `Idempotency-Key`),
   * and a second checkout of the same unchanged cart while one is pending answers that one;
   * another checkout replaces the shopper's pending one (its stock released first). Within
   * the hold limits of ADR 073, refused before any stock is held.
   * Failures: CART_EMPTY, SHIPPING_ADDRESS_REQUIRED, BILLING_ADDRESS_REQUIRED,
   * ADDRESS_NOT_FOUND, PRODUCT_NOT_FOUND, OUT_OF_STOCK, INSUFFICIENT_STOCK, UNITS_LIMIT,
   * HOLD_LIMIT, PAYMENTS_LIMIT, PAYMENT_INIT_FAILED.
   */
  'rpc.order.checkout.pay': {
    request: z
      .object({
        actor: actorSchema,
        shippingAddressId: text(64).nullish(),
        billingAddressId: text(64).nullish(),
        /** The shop's public origin (`https://jalaj.shop`): PhonePe sends the shopper back under it. */
        returnOrigin: z.string().url(),
      })
      .strict(),
    reply: resultSchema(checkoutStartedSchema),
    fixtures: {
      request: { actor: userActor, shippingAddressId: addressFixture.id, billingAddressId: addressFixture.id, returnOrigin: 'http://localhost:8080' },
      reply: ok({ orderId: 'ord_01JD0000000000000000000000', merchantOrderId, redirectUrl: 'http://localhost:9300/pay/OMO1', amountPaise: 78500 }),
    },
  },
  /** The actor's newest payment still waiting at PhonePe (pending, with time left), or null. */
  'rpc.order.checkout.open': {
    request: z.object({ actor: actorSchema }).strict(),
    reply: resultSchema(z.object({ payment: openPaymentSchema.nullable() })),
    fixtures: {
      request: { actor: userActor },
      reply: ok({
        payment: {
          orderId: 'ord_01JD0000000000000000000000',
          merchantOrderId,
          amountPaise: 78500,
          expiresAt: '2026-11-22T10:30:00.000Z',
          redirectUrl: 'http://localhost:9300/pay/OMO1',
          shippingAddressId: addressFixture.id,
          billingAddressId: addressFixture.id,
          shippingAddress: addressFixture,
          lines: [{ productId: lineFixture.productId, productName: lineFixture.productName, quantity: lineFixture.quantity }],
        },
      }),
    },
  },
  /**
   * Where a payment stands, asked of PhonePe's Order Status API when the order is still
   * pending (never decided by the browser's return). With `actor`, only the actor's own
   * order is found; without, any order by its id, with its owner: the BFF keeps that one
   * answer a few seconds for PhonePe's redirect and the owner's pages (ADR 070).
   */
  'rpc.order.payments.status': {
    request: z.object({ actor: actorSchema.optional(), merchantOrderId: merchantOrderIdSchema }).strict(),
    reply: resultSchema(paymentStatusSchema),
    fixtures: { request: { actor: userActor, merchantOrderId }, reply: ok(outcomeFixture) },
  },
  /**
   * A PhonePe webhook as received: the `Authorization` header and the parsed JSON body.
   * UNAUTHENTICATED (nothing changes) unless the header is SHA-256 of the configured
   * `username:password`; otherwise the order's status is re-checked with PhonePe.
   */
  'rpc.order.payments.webhook': {
    request: z.object({ authorization: z.string().max(512), body: z.unknown() }).strict(),
    reply: resultSchema(z.object({ accepted: z.boolean() })),
    fixtures: { request: { authorization: 'bc842c31a9e54efe320d30d948be61291f3ceee4766e36ab25fa65243cd76e0e', body: { event: 'checkout.order.completed', payload: { merchantOrderId } } }, reply: ok({ accepted: true }) },
  },
} as const satisfies Record<`rpc.order.${string}`, RpcDefinition>;

/** What every order event says about the order. */
const orderFactsSchema = z.object({
  orderId: z.string(),
  merchantOrderId: merchantOrderIdSchema,
  userId: z.string(),
  lines: z.array(orderLineSchema).min(1),
  subtotalPaise: z.number().int().nonnegative(),
  shippingPaise: z.number().int().nonnegative(),
  totalPaise: z.number().int().positive(),
  shippingAddress: addressSnapshotSchema,
  billingAddress: addressSnapshotSchema,
});
const orderFactsFixture = {
  orderId: 'ord_01JD0000000000000000000000',
  merchantOrderId,
  userId: userActor.id,
  lines: [lineFixture],
  subtotalPaise: 70965,
  shippingPaise: 7500,
  totalPaise: 78500,
  shippingAddress: addressFixture,
  billingAddress: addressFixture,
};

/** The order service's events. */
export const orderEvents = {
  /**
   * An order was paid (PhonePe's status: COMPLETED for the order's amount) and its stock is
   * sold. Consumed by: cart (removes the bought quantities), identity (mails the confirmation).
   */
  'evt.order.order.paid.v1': {
    data: orderFactsSchema.extend({
      paidAt: z.iso.datetime(),
      transactionId: z.string().nullable(),
      paymentMode: z.string().nullable(),
      /**
       * The shopper's cart lines the order was made of: the cart takes the bought quantities
       * out of these only (a line added since stays). Absent in events of an order placed
       * before it was recorded: then every line of a bought product.
       */
      cartLineIds: z.array(z.string()).optional(),
    }),
    fixture: {
      ...orderFactsFixture,
      paidAt: '2026-11-22T10:15:00.000Z',
      transactionId: 'OM2511221015000012345',
      paymentMode: 'UPI_INTENT',
      cartLineIds: ['cit_01JD0000000000000000000000'] as string[],
    },
  },
  /**
   * A paid order is being refunded: its plants were no longer in stock (the reservation had
   * expired before the payment came), or an admin refunded it, fully or in part. Consumed by:
   * identity (mails the shopper).
   */
  'evt.order.order.refund-started.v1': {
    data: orderFactsSchema.extend({
      /** `stock-gone`: the plants were sold out when the payment came; `admin`: an admin refunded (see `note`). */
      reason: z.enum(['stock-gone', 'admin']),
      /** The admin's reason in words (admin refunds). */
      note: z.string().nullish(),
      merchantRefundId: merchantOrderIdSchema,
      refundPaise: z.number().int().positive(),
    }),
    fixture: { ...orderFactsFixture, reason: 'stock-gone' as const, merchantRefundId: 'MR1763800000000a1b2c3_7f3k', refundPaise: 78500 },
  },
} as const satisfies Record<`evt.order.${string}`, EventDefinition>;
