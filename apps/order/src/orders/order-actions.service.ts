import { Injectable } from '@nestjs/common';
import { EntityManager, LockMode } from '@mikro-orm/core';
import { hasTracking, nextFulfilmentSteps, refundablePaise } from '@jalaj/commerce';
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
} from '@jalaj/contracts';
import { addToOutbox, getLogger } from '@jalaj/server-kit';
import { REFUNDABLE_STATES } from '../checkout/checkout-state.js';
import { Order } from '../checkout/entities/order.entity.js';
import { claimRefund } from '../checkout/refund-claim.js';
import { orderFacts, toOrderLine } from '../checkout/payment-decider.js';
import { AdminCheck } from './admin-check.js';
import { Customers } from './customers.js';
import { FulfilmentEventRow } from './entities/fulfilment-event.entity.js';
import { toAdminOrderView } from './order-views.js';

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

/** Blank optional text reads as none. */
const given = (s: string | undefined) => (s?.trim() ? s.trim() : null);

/**
 * The Orders tab's changes of one order (issue #11): fulfilment steps and refunds. Both run
 * as idempotent commands (ADR 012): the injected `EntityManager` is the command's
 * transaction, so the order's row lock, the change, its event in the outbox and the command
 * log commit together. The admin role is re-checked with identity first.
 */
@Injectable()
export class OrderActionsService {
  private readonly log = getLogger('OrderActionsService');

  constructor(
    private readonly em: EntityManager,
    private readonly admins: AdminCheck,
    private readonly customers: Customers,
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

  /** The order by id with its lines, refunds and fulfilment steps, its row locked until the command's transaction ends, fresh from the database. */
  private async lock(orderId: string): Promise<Order | null> {
    const order = await this.em.findOne(Order, { id: orderId }, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
    if (order) {
      await order.lines.init();
      await order.refunds.init();
      await order.fulfilmentEvents.init();
    }
    return order;
  }

  /** The order as the Orders tab shows it, with its customer from identity (one look-up). */
  private async view(actor: Actor, order: Order): Promise<AdminOrderView> {
    const customer = (await this.customers.byId(actor, [order.userId], true)).get(order.userId) ?? null;
    return toAdminOrderView(order, customer);
  }
}
