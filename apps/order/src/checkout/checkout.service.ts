import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { canBillTo, canShipTo, checkPaymentStart, lineOverUnitLimit, mayStartPayment, orderNumber, paymentFailureText, paymentInitFailureReason, type HoldLimits } from '@jalaj/commerce';
import { fail, newId, ok, type Actor, addressSnapshotSchema, type AddressSnapshot, type CheckoutStarted, type OpenPayment, type PaymentStatus, type Result } from '@jalaj/contracts';
import { getLogger, handledCommand, InjectConfig, RpcClient } from '@jalaj/server-kit';
import { holdLimitsOf, type OrderConfig } from '../config.js';
import { PHONEPE_GATEWAY, PhonePeError, type PhonePeGateway } from '../payments/phonepe/phonepe-gateway.js';
import { outcomeOf } from './checkout-state.js';
import { priceOrder, type PricedOrder } from './checkout-pricing.js';
import { CheckoutReconciler } from './checkout.reconciler.js';
import { CheckoutRepository, type OpenPaymentFacts, type PaymentFacts } from './checkout.repository.js';
import { newMerchantOrderId } from './merchant-ids.js';
import { isReplaced, PaymentDecider, REPLACED } from './payment-decider.js';

/** Catalog holds the stock this much longer than PhonePe gives the shopper to pay. */
export const RESERVATION_MARGIN_SECONDS = 120;
/**
 * How long after a payment's webhook the reconciler decides the order, unless the shopper's
 * return (or the pending page) has decided it first (ADR 052).
 */
export const WEBHOOK_GRACE_SECONDS = 2;
/** A repeated checkout reuses a pending payment only while this much of its time is left. */
const REUSE_MIN_SECONDS_LEFT = 60;

/** The fingerprint of a checkout: the same lines at the same prices to the same addresses. */
export function checkoutHash(priced: PricedOrder, shippingAddressId: string, billingAddressId: string): string {
  const lines = priced.lines.map((l) => [l.productId, l.quantity, l.unitPricePaise, l.lineTotalPaise]);
  return createHash('sha256').update(JSON.stringify([lines, priced.shippingPaise, priced.totalPaise, shippingAddressId, billingAddressId])).digest('hex');
}

/**
 * The id of the stock reservation a checkout asks catalog for. Under a command id it is
 * derived from that id and the checkout's fingerprint: when an attempt rolled back after
 * catalog had reserved (a reply lost to a NATS outage, say), the retry with the same key
 * finds that reservation again (reserving is idempotent by id) instead of leaving it to
 * hold the stock until it expires. Without a command id, the order's own id.
 */
export function reservationIdFor(orderId: string, command: { subject: string; id: string } | undefined, hash: string): string {
  if (!command) return orderId;
  return `rsv_${createHash('sha256').update(`${command.subject}\n${command.id}\n${hash}`).digest('hex').slice(0, 40)}`;
}

/**
 * The shopper's pending payment of the same checkout (`checkoutHash`) that PhonePe has
 * started and that still has {@link REUSE_MIN_SECONDS_LEFT} to be paid, the newest; or
 * undefined. A repeated checkout answers with it instead of starting a second payment.
 */
export function reusableCheckout<T extends Pick<OpenPaymentFacts, 'state' | 'checkoutHash' | 'redirectUrl' | 'expiresAt' | 'createdAt'>>(open: readonly T[], checkoutHash: string, now: number): T | undefined {
  return open
    .filter((o) => o.state === 'pending' && o.checkoutHash === checkoutHash && o.redirectUrl !== null && o.redirectUrl !== undefined && o.expiresAt.getTime() > now + REUSE_MIN_SECONDS_LEFT * 1000)
    .reduce<T | undefined>((newest, o) => (newest && newest.createdAt >= o.createdAt ? newest : o), undefined);
}

/** A checkout the order service priced: what the order will be. */
interface Checkout {
  amounts: PricedOrder;
  shipping: AddressSnapshot;
  billing: AddressSnapshot;
  /** {@link checkoutHash}. */
  hash: string;
  /** The cart lines it is made of (`Order.cartLineIds`). */
  cartLineIds: string[];
}

/** What the shopper's pages show about an order's payment, with the order's owner for the BFF's check. */
export function paymentOutcome(o: PaymentFacts): PaymentStatus {
  const outcome = outcomeOf(o.state);
  return {
    orderId: o.id,
    userId: o.userId,
    merchantOrderId: o.merchantOrderId,
    outcome,
    state: o.state,
    amountPaise: o.totalPaise,
    transactionId: o.transactionId ?? null,
    errorCode: outcome === 'failed' ? (o.errorCode ?? null) : null,
    errorMessage: outcome === 'failed' ? (o.errorMessage ?? paymentFailureText(o.errorCode)) : null,
    expiresAt: o.expiresAt.toISOString(),
  };
}

/**
 * Checkout (spec §4 Payment; docs/adr/018-checkout-saga.md): starts a payment from the
 * shopper's cart, answers where a payment stands, and takes PhonePe's webhooks. Deciding a
 * payment is {@link PaymentDecider}'s alone.
 */
@Injectable()
export class CheckoutService {
  private readonly log = getLogger('CheckoutService');
  private readonly limits: HoldLimits;

  constructor(
    private readonly orders: CheckoutRepository,
    private readonly rpc: RpcClient,
    private readonly decider: PaymentDecider,
    private readonly reconciler: CheckoutReconciler,
    @Inject(PHONEPE_GATEWAY) private readonly phonepe: PhonePeGateway,
    @InjectConfig() private readonly config: OrderConfig,
  ) {
    this.limits = holdLimitsOf(config);
  }

  /**
   * Starts paying the actor's cart. It runs as an idempotent command (`CommandLog.run`, ADR
   * 012): one transaction claims the command, then the cart, its prices and the addresses
   * are read (the browser sends only the address ids), the shopper's checkout lock is held
   * across catalog's reservation and PhonePe's call, and the order with its lines and the
   * command's reply commit together.
   */
  async pay(actor: Actor, shippingAddressId: string | null | undefined, billingAddressId: string | null | undefined, returnOrigin: string): Promise<Result<CheckoutStarted>> {
    const checkout = await this.checkoutOf(actor, shippingAddressId, billingAddressId);
    if (!checkout.ok) return checkout;
    await this.orders.lockCheckouts(actor.id);
    const open = await this.orders.openPayments(actor.id, REPLACED);
    const now = Date.now();
    // The same checkout already waiting to be paid (two tabs, a back button): one order, one charge.
    const existing = reusableCheckout(open, checkout.data.hash, now);
    if (existing) return ok({ orderId: existing.id, merchantOrderId: existing.merchantOrderId, redirectUrl: existing.redirectUrl!, amountPaise: existing.totalPaise });
    const { maxUnitsPerPlant, maxOpenPayments } = this.limits;
    // What an unpaid checkout may hold (ADR 073), refused before any stock is held: a plant
    // over the units one order may buy, or as many payments open at PhonePe as one shopper may
    // have (the share of a plant's stock is catalog's to check, where the stock is).
    const line = lineOverUnitLimit(checkout.data.amounts.lines, maxUnitsPerPlant);
    if (line) return fail('UNITS_LIMIT', { productId: line.productId, productName: line.productName, max: maxUnitsPerPlant });
    const unexpired = open.filter((o) => o.expiresAt.getTime() > now);
    if (!mayStartPayment(unexpired.length, maxOpenPayments)) {
      const first = Math.min(...unexpired.map((o) => o.expiresAt.getTime()));
      return fail('PAYMENTS_LIMIT', { max: maxOpenPayments, until: new Date(first).toISOString() });
    }
    // Another checkout (an address changed on the way back from PhonePe): it replaces the
    // pending one, whose stock comes back first, so the shopper's own hold never keeps
    // their plants from them and no second order is left waiting. One PhonePe cannot tell
    // about is left alone, and this checkout waits (as when PhonePe cannot start a payment).
    for (const o of open) {
      if (o.state === 'pending' && !(await this.decider.replace(o.merchantOrderId))) return fail('PAYMENT_INIT_FAILED', { reason: paymentInitFailureReason(0) });
    }
    return this.startPayment(actor, checkout.data, returnOrigin);
  }

  /** The actor's newest payment still waiting at PhonePe, with what it holds for them (checkout's way back from PhonePe). */
  async open(actor: Actor): Promise<Result<{ payment: OpenPayment | null }>> {
    return ok({ payment: await this.orders.openPayment(actor.id) });
  }

  /** The checkout of the actor's cart to the two addresses, priced; or why there is none. */
  private async checkoutOf(actor: Actor, shippingAddressId: string | null | undefined, billingAddressId: string | null | undefined): Promise<Result<Checkout>> {
    const [cartReply, addressReply] = await Promise.all([this.rpc.request('rpc.cart.items.list', { actor }), this.rpc.request('rpc.identity.addresses.list', { actor })]);
    if (!cartReply.ok) return cartReply;
    const cart = cartReply.data;
    // The spec's order: an empty cart first, then the shipping, then the billing address.
    const start = checkPaymentStart({
      itemCount: cart.lines.length ? cart.itemCount : 0,
      shippingAddressRequired: true,
      shippingAddressId,
      billingAddressRequired: true,
      billingAddressId,
    });
    if (!start.ok) return fail(start.code);
    if (!addressReply.ok) return addressReply;
    // Only the actor's own addresses, each of a type that may serve its side.
    const shipping = addressReply.data.items.find((a) => a.id === shippingAddressId && canShipTo(a));
    const billing = addressReply.data.items.find((a) => a.id === billingAddressId && canBillTo(a));
    if (!shipping || !billing) return fail('ADDRESS_NOT_FOUND');
    const priced = priceOrder(cart, shipping.postalCode);
    if (!priced.ok) return fail('PRODUCT_NOT_FOUND', { productId: priced.productId });
    const amounts = priced.order;
    return ok({
      amounts,
      shipping: addressSnapshotSchema.parse(shipping),
      billing: addressSnapshotSchema.parse(billing),
      hash: checkoutHash(amounts, shipping.id, billing.id),
      cartLineIds: cart.lines.map((l) => l.id),
    });
  }

  /**
   * Reserves the stock, asks PhonePe for the payment and records the order: pending with
   * PhonePe's page, or failed (no stock, or PhonePe refused; its stock given back).
   */
  private async startPayment(actor: Actor, checkout: Checkout, returnOrigin: string): Promise<Result<CheckoutStarted>> {
    const { amounts, shipping, billing, hash } = checkout;
    const expireAfter = this.config.PAYMENT_EXPIRE_AFTER_SECONDS;
    const now = new Date();
    const id = newId('ord', now.getTime());
    const merchantOrderId = newMerchantOrderId(now.getTime());
    // Written at the commit, whatever this method answers (the unit of work).
    const order = this.orders.create(
      {
        id,
        merchantOrderId,
        orderNumber: orderNumber(merchantOrderId),
        userId: actor.id,
        state: 'pending',
        subtotalPaise: amounts.subtotalPaise,
        shippingPaise: amounts.shippingPaise,
        totalPaise: amounts.totalPaise,
        shippingAddressId: shipping.id,
        shippingAddress: shipping,
        billingAddressId: billing.id,
        billingAddress: billing,
        checkoutHash: hash,
        cartLineIds: checkout.cartLineIds,
        reservationId: reservationIdFor(id, handledCommand(), hash),
        expiresAt: new Date(now.getTime() + expireAfter * 1000),
        nextCheckAt: null,
        checkCount: 0,
        createdAt: now,
        updatedAt: now,
      },
      amounts.lines,
    );

    // Stock first: no stock, no payment.
    const reserved = await this.rpc.request('rpc.catalog.stock.reserve', {
      reservationId: order.reservationId,
      orderNumber: order.orderNumber,
      lines: amounts.lines.map((l) => ({ productId: l.productId, quantity: l.quantity })),
      ttlSeconds: expireAfter + RESERVATION_MARGIN_SECONDS,
      // Unpaid: never more than this share of a plant's stock (ADR 073).
      maxSharePercent: this.limits.maxSharePercent,
    });
    if (!reserved.ok) {
      order.moveTo('failed');
      order.errorCode = reserved.error.code;
      return reserved;
    }

    let payment: Awaited<ReturnType<PhonePeGateway['pay']>>;
    try {
      payment = await this.phonepe.pay({
        merchantOrderId,
        amountPaise: order.totalPaise,
        expireAfterSeconds: expireAfter,
        redirectUrl: `${new URL(returnOrigin).origin}/api/payments/phonepe/return/${merchantOrderId}`,
        metaInfo: { udf1: id },
      });
    } catch (e) {
      // Whatever went wrong, no payment exists for this order: give the stock back.
      this.log.warn({ err: e, orderId: id }, 'PhonePe did not create the payment; order failed');
      const released = await this.rpc.request('rpc.catalog.stock.release', { reservationId: order.reservationId });
      if (!released.ok) this.log.error({ orderId: id, error: released.error }, 'releasing the stock failed; it expires on its own');
      order.moveTo('failed');
      order.errorCode = 'PAYMENT_INIT_FAILED';
      order.errorMessage = paymentInitFailureReason(e instanceof PhonePeError ? e.status : 0);
      return fail('PAYMENT_INIT_FAILED', { reason: order.errorMessage });
    }
    order.phonepeOrderId = payment.orderId;
    order.redirectUrl = payment.redirectUrl;
    if (Number.isFinite(payment.expireAt) && payment.expireAt > now.getTime()) order.expiresAt = new Date(payment.expireAt);
    order.nextCheckAt = new Date(now.getTime() + this.config.PAYMENT_RECONCILE_FIRST_SECONDS * 1000);
    return ok({ orderId: id, merchantOrderId, redirectUrl: payment.redirectUrl, amountPaise: order.totalPaise });
  }

  /**
   * Where a payment stands. A pending (or replaced) one is asked of PhonePe now (the
   * shopper's return, the pending page); with `actor`, only the actor's own order is found.
   */
  async status(actor: Actor | undefined, merchantOrderId: string): Promise<Result<PaymentStatus>> {
    let order: PaymentFacts | null = await this.orders.paymentOf(merchantOrderId, actor?.id);
    if (!order) return fail('NOT_FOUND');
    // A replaced one too: its PhonePe page may have been paid after all (ADR 073).
    if (order.state === 'pending' || isReplaced(order)) {
      try {
        order = (await this.decider.check(merchantOrderId, order)) ?? order;
      } catch (e) {
        // Catalog or the database failed mid-decision: it rolled back; the reconciler tries again.
        this.log.warn({ err: e, merchantOrderId }, 'deciding the payment failed; showing it as pending');
      }
    }
    return ok(paymentOutcome(order));
  }

  /**
   * A PhonePe webhook: only with the configured authorization (else UNAUTHENTICATED and
   * nothing changes). Answers at once: the order is made due, a payment's in
   * {@link WEBHOOK_GRACE_SECONDS} and a refund's now (the reconciler nudged), and the
   * reconciler asks PhonePe's Order Status — the webhook's own words decide nothing.
   */
  async webhook(authorization: string, body: unknown): Promise<Result<{ accepted: boolean }>> {
    if (!this.phonepe.verifyWebhookAuthorization(authorization)) return fail('UNAUTHENTICATED');
    const hook = this.phonepe.parseWebhook(body);
    if (!hook) return ok({ accepted: false });
    if (hook.merchantRefundId) {
      const due = await this.orders.markDue({ merchantRefundId: hook.merchantRefundId });
      if (due) this.reconciler.nudge();
      return ok({ accepted: due > 0 });
    }
    // A payment's webhook comes as the shopper is sent back to the shop, whose return asks
    // PhonePe and decides at once: the reconciler looks a moment later, by when it finds the
    // order decided and leaves it (ADR 052). A shopper who does not come back waits that long.
    const due = hook.merchantOrderId ? await this.orders.markDue({ merchantOrderId: hook.merchantOrderId }, WEBHOOK_GRACE_SECONDS) : 0;
    return ok({ accepted: due > 0 });
  }
}
