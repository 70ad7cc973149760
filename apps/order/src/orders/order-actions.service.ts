import { Injectable } from '@nestjs/common';
import { EntityManager, LockMode } from '@mikro-orm/core';
import { hasTracking, nextFulfilmentSteps, paymentAcceptable, refundablePaise, refundAttention, refundStuckBefore } from '@jalaj/commerce';
import {
  fail,
  newId,
  notice,
  ok,
  type Actor,
  type AdminOrderView,
  type FulfilmentInput,
  type Notice,
  type RefundInput,
  type Result,
  type SettleRefundInput,
} from '@jalaj/contracts';
import { addToOutbox, getLogger } from '@jalaj/server-kit';
import { REFUNDABLE_STATES } from '../checkout/checkout-state.js';
import { Order } from '../checkout/entities/order.entity.js';
import { claimRefund } from '../checkout/refund-claim.js';
import type { OrderRefundRow } from '../checkout/entities/order-refund.entity.js';
import { orderFacts, PaymentDecider, toOrderLine } from '../checkout/payment-decider.js';
import { AdminCheck } from './admin-check.js';
import { Customers } from './customers.js';
import { FulfilmentEventRow } from './entities/fulfilment-event.entity.js';
import { adminOrderViews } from './order-views.js';

/** What an admin's change of an order answers: the notice to show and the order as it is now. */
export interface OrderActionReply {
  notice: Notice;
  order: AdminOrderView;
}

/**
 * Why a refund's claim was refused, read from the order after it: not a sale (never paid, or
 * refunded in all already), or more than is left paid (`maxPaise`: what is).
 */
function refusal(order: Order): Result<never> {
  const leftPaise = refundablePaise(order);
  if (leftPaise > 0) return fail('REFUND_AMOUNT_INVALID', { maxPaise: leftPaise });
  return fail('REFUND_NOT_ALLOWED', { reason: order.refundedPaise > 0 ? 'already-refunded' : 'not-paid' });
}

/** Why a held order's payment goes back in full, in the refund's and the shopper's mail's words. */
export const HELD_REFUND_REASON = 'PhonePe took another amount than the order’s total: everything it took goes back to you';

/** Blank optional text reads as none. */
const given = (s: string | undefined) => (s?.trim() ? s.trim() : null);

/**
 * The Orders tab's changes of one order (issue #11): fulfilment steps and refunds, and the
 * decisions on what waits for an admin (issue #42, docs/adr/081-needs-attention.md). All run
 * as idempotent commands (ADR 012): the injected `EntityManager` is the command's
 * transaction, so the order's row lock, the change, its event in the outbox and the command
 * log commit together. The admin role is re-checked with identity first. A decision is
 * taken under the order's row lock on what the order waits for then: of two admins acting at
 * once, the second finds it settled (DECISION_TAKEN) and changes nothing.
 */
@Injectable()
export class OrderActionsService {
  private readonly log = getLogger('OrderActionsService');

  constructor(
    private readonly em: EntityManager,
    private readonly admins: AdminCheck,
    private readonly customers: Customers,
    private readonly decider: PaymentDecider,
  ) {}

  /**
   * Sets the next fulfilment step of a paid order: forward only, cancelled until delivered
   * (`nextFulfilmentSteps`), shipped only with courier and tracking number. Publishes
   * `evt.order.order.fulfilment-changed.v1`, which identity mails to the shopper.
   */
  async fulfil(actor: Actor, orderId: string, step: FulfilmentInput): Promise<Result<OrderActionReply>> {
    if (!(await this.admins.isAdmin(actor))) return fail('ADMIN_REQUIRED');
    const order = await this.lock(orderId);
    if (!order) return fail('ORDER_NOT_FOUND');
    const current = order.fulfilmentStatus ?? null;
    if (!nextFulfilmentSteps(order.state, current).includes(step.status)) return fail('FULFILMENT_NOT_ALLOWED', { from: current, to: step.status });
    if (!hasTracking(step)) return fail('TRACKING_REQUIRED');

    const now = new Date();
    const event = this.em.create(FulfilmentEventRow, {
      id: newId('ful', now.getTime()),
      order,
      status: step.status,
      courier: given(step.courier),
      trackingNumber: given(step.trackingNumber),
      note: given(step.note),
      createdBy: actor.id,
      createdAt: now,
    });
    order.fulfilmentEvents.add(event);
    order.fulfilmentStatus = step.status;
    addToOutbox(this.em, 'evt.order.order.fulfilment-changed.v1', {
      orderId: order.id,
      merchantOrderId: order.merchantOrderId,
      userId: order.userId,
      status: event.status,
      courier: event.courier ?? null,
      trackingNumber: event.trackingNumber ?? null,
      note: event.note ?? null,
      at: now.toISOString(),
    });
    await this.em.flush();
    this.log.info({ orderId: order.id, status: step.status, by: actor.id }, 'fulfilment step set');
    return ok({ notice: notice('FULFILMENT_UPDATED', { status: step.status }), order: await this.view(actor, order) });
  }

  /**
   * Refunds part or all of what is left paid of an order through PhonePe
   * (docs/adr/074-partial-refunds.md). The amount is claimed by one guarded statement
   * (`claimRefund`): concurrent refunds wait on its row lock and each sees the sum the one
   * before committed, so together they never refund more than was paid. The order then
   * records the refund with its own refund id: partly refunded while some of the payment
   * stays (still shipped, refundable further), refund_pending when the rest goes back. The
   * reconciler (which polls due orders every second) asks PhonePe for it and follows it.
   * A refused claim is read again to say why: not paid, nothing left, or more than is left.
   */
  async refund(actor: Actor, orderId: string, refund: RefundInput): Promise<Result<OrderActionReply>> {
    if (!(await this.admins.isAdmin(actor))) return fail('ADMIN_REQUIRED');
    const refundedPaise = await claimRefund(this.em, orderId, refund.amountPaise, REFUNDABLE_STATES);
    const order = await this.lock(orderId);
    if (!order) return fail('ORDER_NOT_FOUND');
    if (refundedPaise === null) return refusal(order);

    const now = new Date();
    // The contract's schema has trimmed the reason and refused one that is only spaces.
    const reason = refund.reason;
    const row = order.recordRefund(refundedPaise, { amountPaise: refund.amountPaise, reason, by: actor.id, at: now });
    addToOutbox(this.em, 'evt.order.order.refund-started.v1', {
      ...orderFacts(order, order.lines.getItems().map(toOrderLine)),
      reason: 'admin',
      note: reason,
      merchantRefundId: row.merchantRefundId,
      refundPaise: refund.amountPaise,
    });
    await this.em.flush();
    this.log.info({ orderId: order.id, refundPaise: refund.amountPaise, refundedPaise, by: actor.id }, 'admin refund started');
    return ok({ notice: notice('REFUND_STARTED', { amountPaise: refund.amountPaise }), order: await this.view(actor, order) });
  }

  /**
   * Accepts the amount PhonePe took for a held order and sells it: only when it took at least
   * the total (`paymentAcceptable`). The sale is the payment decision's own
   * (`PaymentDecider.sellPaid`): stock, paid state, bill serial, `evt.order.order.paid.v1`
   * (cart and confirmation mail), and what was taken above the total refunded; if the plants
   * sold out meanwhile, everything taken is refunded instead, as for a late payment.
   */
  async acceptPayment(actor: Actor, orderId: string): Promise<Result<OrderActionReply>> {
    return this.decide(actor, orderId, async (order, now) => {
      const taken = order.reportedAmountPaise;
      if (order.state !== 'held' || taken == null) return fail('DECISION_TAKEN');
      if (!paymentAcceptable(order.totalPaise, taken)) return fail('PAYMENT_NOT_ENOUGH', { totalPaise: order.totalPaise, reportedPaise: taken });
      const before = order.refunds.length;
      const sold = await this.decider.sellPaid(order, taken, false, now, actor.id);
      // The bill number's statement reads the sale from the database (ADR 085).
      await this.em.flush();
      await this.decider.issueBill(order);
      const refund = order.refunds.getItems()[before] ?? null;
      order.recordDecision({
        kind: 'payment-accepted',
        amountPaise: taken,
        merchantRefundId: refund?.merchantRefundId ?? null,
        note: sold === 'paid' ? null : 'The plants had sold out meanwhile: everything PhonePe took is refunded.',
        by: actor.id,
        at: now,
      });
      return ok(sold === 'paid' ? notice('PAYMENT_ACCEPTED', { amountPaise: taken }) : notice('HELD_REFUNDED', { amountPaise: taken }));
    });
  }

  /** Refunds everything PhonePe took for a held order (`PaymentDecider.refundTaken`): refund_pending, then refunded. */
  async refundHeld(actor: Actor, orderId: string): Promise<Result<OrderActionReply>> {
    return this.decide(actor, orderId, async (order, now) => {
      const taken = order.reportedAmountPaise;
      if (order.state !== 'held' || taken == null) return fail('DECISION_TAKEN');
      const refunds = await this.decider.refundTaken(order, taken, { reason: HELD_REFUND_REASON, by: actor.id, at: now });
      order.recordDecision({ kind: 'held-refunded', amountPaise: taken, merchantRefundId: refunds[0]?.merchantRefundId ?? null, note: null, by: actor.id, at: now });
      return ok(notice('HELD_REFUNDED', { amountPaise: taken }));
    });
  }

  /** Asks PhonePe again for a refund it refused, under a new id (`Order.retryRefund`); the reconciler follows it from now. */
  async retryRefund(actor: Actor, orderId: string, refundId: string): Promise<Result<OrderActionReply>> {
    return this.decideRefund(actor, orderId, refundId, (order, refund, now) => {
      if (!order.retryRefund(refund, now)) return fail('DECISION_TAKEN');
      order.recordDecision({ kind: 'refund-retried', amountPaise: refund.amountPaise, merchantRefundId: refund.merchantRefundId, note: null, by: actor.id, at: now });
      return ok(notice('REFUND_RETRIED', { amountPaise: refund.amountPaise }));
    });
  }

  /**
   * Marks a refund that waits for an admin (refused, or unfinished for over a day:
   * `refundAttention`) settled outside the shop, with the admin's note (`Order.settleRefund`).
   */
  async settleRefund(actor: Actor, orderId: string, refundId: string, settle: SettleRefundInput): Promise<Result<OrderActionReply>> {
    return this.decideRefund(actor, orderId, refundId, (order, refund, now) => {
      const waits = refundAttention({ providerState: refund.providerState ?? null, refundedAt: refund.refundedAt ?? null, settledAt: refund.settledAt ?? null, startedAt: refund.startedAt }, refundStuckBefore(now));
      if (!waits || !order.settleRefund(refund, { by: actor.id, at: now, note: settle.note })) return fail('DECISION_TAKEN');
      order.recordDecision({ kind: 'refund-settled', amountPaise: refund.amountPaise, merchantRefundId: refund.merchantRefundId, note: settle.note, by: actor.id, at: now });
      return ok(notice('REFUND_SETTLED', { amountPaise: refund.amountPaise }));
    });
  }

  /** A decision on one of the order's refunds (REFUND_NOT_FOUND when it has no such refund). */
  private decideRefund(actor: Actor, orderId: string, refundId: string, decide: (order: Order, refund: OrderRefundRow, now: Date) => Result<Notice>) {
    return this.decide(actor, orderId, async (order, now) => {
      const refund = order.refunds.getItems().find((r) => r.id === refundId);
      return refund ? decide(order, refund, now) : fail('REFUND_NOT_FOUND');
    });
  }

  /**
   * Runs an admin's decision on the order under its row lock, in the command's transaction:
   * the decision checks what the order waits for now, so a second admin's finds it settled.
   */
  private async decide(actor: Actor, orderId: string, decide: (order: Order, now: Date) => Promise<Result<Notice>>): Promise<Result<OrderActionReply>> {
    if (!(await this.admins.isAdmin(actor))) return fail('ADMIN_REQUIRED');
    const order = await this.lock(orderId);
    if (!order) return fail('ORDER_NOT_FOUND');
    const decided = await decide(order, new Date());
    if (!decided.ok) return decided;
    await this.em.flush();
    this.log.info({ orderId: order.id, decision: decided.data.code, state: order.state, by: actor.id }, 'admin decision taken');
    return ok({ notice: decided.data, order: await this.view(actor, order) });
  }

  /** The order by id with its lines, refunds, fulfilment steps, decisions and claims, its row locked until the command's transaction ends, fresh from the database. */
  private async lock(orderId: string): Promise<Order | null> {
    const order = await this.em.findOne(Order, { id: orderId }, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
    if (order) {
      await order.lines.init();
      await order.refunds.init();
      await order.fulfilmentEvents.init();
      await order.decisions.init();
      await order.claims.init();
    }
    return order;
  }

  /** The order as the Orders tab shows it, with its customer and deciding admins from identity (one look-up). */
  private async view(actor: Actor, order: Order): Promise<AdminOrderView> {
    return (await adminOrderViews([order], (ids) => this.customers.byId(actor, ids, true)))[0]!;
  }
}
