import { Inject, Injectable } from '@nestjs/common';
import { billNumberPattern, excessPaise, financialYear, paymentFailureText } from '@jalaj/commerce';
import { AppErrorException, type AddressSnapshot, type OrderLine } from '@jalaj/contracts';
import { getLogger, InjectConfig, RpcClient } from '@jalaj/server-kit';
import type { OrderConfig } from '../config.js';
import { PHONEPE_GATEWAY, type PhonePeGateway, type PhonePeOrderStatus } from '../payments/phonepe/phonepe-gateway.js';
import { afterSelling, decidePayment, decideRefund, PAYMENT_OPEN_STATES, phonePeVerdict } from './checkout-state.js';
import { CheckoutRepository } from './checkout.repository.js';
import type { Order } from './entities/order.entity.js';
import type { OrderLineRow } from './entities/order-line.entity.js';
import type { OrderRefundRow } from './entities/order-refund.entity.js';
import { nextCheckAt } from './reconcile-schedule.js';

/** How long a second reservation (a late payment's) holds its stock before it is committed. */
const LATE_RESERVATION_TTL_SECONDS = 300;
/** How soon to ask again after PhonePe or catalog could not be reached, or about a refund. */
const RETRY_SECONDS = 15;

const secondsFrom = (now: Date, seconds: number) => new Date(now.getTime() + seconds * 1000);

/** Why the excess of an accepted payment goes back, in the refund's and the shopper's mail's words (ADR 081). */
export const EXCESS_REFUND_REASON = 'PhonePe took more than the order’s total: the difference goes back to you';

/** The error code of an order another checkout of its shopper replaced (ADR 073). */
export const REPLACED = 'REPLACED';

/**
 * Whether the order failed because its shopper replaced it with another checkout. PhonePe
 * may still complete it (its page was left open): it keeps being asked until it expires,
 * so a payment made there anyway is sold late (or refunded), like any late payment.
 */
export function isReplaced(o: Pick<Order, 'state' | 'errorCode'>): boolean {
  return o.state === 'failed' && o.errorCode === REPLACED;
}

/** The deciding attempt: PhonePe lists attempts oldest first; the last one carries the transaction. */
function lastAttempt(status: PhonePeOrderStatus) {
  return status.paymentDetails.at(-1) ?? null;
}

/**
 * The one place an order's payment is decided (docs/adr/018-checkout-saga.md), used by the
 * shopper's return, the pending page, webhooks and the reconciler alike. Under the order's
 * row lock it asks PhonePe's Order Status and applies `decidePayment`: so duplicate, late
 * or reordered callbacks give one state change. A refund in progress is followed the same
 * way. Catalog's stock calls are idempotent, so a decision rolled back by a crash is simply
 * made again.
 */
@Injectable()
export class PaymentDecider {
  private readonly log = getLogger('PaymentDecider');

  constructor(
    private readonly orders: CheckoutRepository,
    private readonly rpc: RpcClient,
    @Inject(PHONEPE_GATEWAY) private readonly phonepe: PhonePeGateway,
    @InjectConfig() private readonly config: OrderConfig,
  ) {}

  /**
   * Re-checks an order with PhonePe and moves it at most one step; the order afterwards, or
   * null when there is none.
   *
   * @param seen - The order as the caller just read it. When its payment is open (pending,
   *   or failed and so open to a late payment), PhonePe's Order Status is asked before the
   *   transaction, so the row lock and the database connection are not held over that HTTP
   *   call; the decision is still made under the lock, on the state found there. PhonePe's
   *   answer is a fact about the payment at the time asked, whoever holds the lock: a
   *   decision made meanwhile by another caller is found under the lock (a settled order is
   *   left alone), and a payment that moved after the answer is checked again (its webhook
   *   marks the order due). Without `seen` (the reconciler), PhonePe is asked under the lock.
   */
  async check(merchantOrderId: string, seen?: Pick<Order, 'state'>): Promise<Order | null> {
    const asked = seen && PAYMENT_OPEN_STATES.includes(seen.state) ? await this.askStatus(merchantOrderId) : undefined;
    return this.decide(merchantOrderId, asked, false);
  }

  /**
   * Replaces a pending order of the shopper who starts another checkout (ADR 073). PhonePe
   * is asked first, so one it decided meanwhile is decided as such (paid, failed); one still
   * undecided gives its stock back and fails as REPLACED, and is asked about until it
   * expires (its page may still be paid). False, with nothing changed, when PhonePe could
   * not be asked: an order whose payment is unknown is never replaced.
   */
  async replace(merchantOrderId: string): Promise<boolean> {
    const asked = await this.askStatus(merchantOrderId);
    if ('error' in asked) {
      this.log.warn({ err: asked.error, merchantOrderId }, 'PhonePe order status failed; the pending payment is not replaced');
      return false;
    }
    await this.decide(merchantOrderId, asked, true);
    return true;
  }

  /**
   * Under the order's row lock, moves it at most one step on PhonePe's answer (`asked`, or
   * asked now); a sold order gets its bill number with the decision's commit.
   */
  private async decide(merchantOrderId: string, asked: { status: PhonePeOrderStatus } | { error: unknown } | undefined, replacing: boolean): Promise<Order | null> {
    return this.orders.transaction(async () => {
      const o = await this.orders.lock(merchantOrderId);
      if (!o) return null;
      const soldBefore = o.paidAt !== null && o.paidAt !== undefined;
      const now = new Date();
      if (o.state === 'pending' || o.state === 'failed') await this.checkPayment(o, now, asked, replacing);
      else if (o.state === 'refund_pending' || o.state === 'partly_refunded') await this.checkRefunds(o, now);
      else if (o.refundsInFlight().length > 0) await this.checkRefunds(o, now);
      else o.nextCheckAt = null;
      await this.billWithCommit(o, soldBefore);
      return o;
    });
  }

  /**
   * Issues a sold order's bill-of-supply number with the decision's commit (ADR 054, 085,
   * 092): the financial year (of its payment) and its next serial, by one statement sent in
   * the same write as the commit, so the year's serial is never locked over a round trip.
   * Nothing when the order is not sold or has its number. The number is not read back: the
   * shopper's pages do not show it, and the Orders tab reads it from the database.
   *
   * @param soldBefore - Sold by an earlier decision: still without a number, that decision's
   *   statement took none, which happens only when the serial no longer fits the prefix (the
   *   reconciler, which claims sold orders without one, asks again).
   */
  private async billWithCommit(o: Order, soldBefore: boolean): Promise<void> {
    if (!o.paidAt || o.billNumber) return;
    if (soldBefore) this.log.error({ orderId: o.id }, 'a sold order without its bill number: the serial may no longer fit its prefix; asking again');
    // The statement reads the sale from the database.
    await this.orders.flush();
    await this.orders.issueBillWithCommit(o.id, ...this.billOf(o.paidAt));
  }

  /**
   * Issues a sold order's bill-of-supply number now, in the caller's transaction (an admin's
   * acceptance of a held payment, whose reply shows the number), by the same statement as
   * {@link billWithCommit}. Should the serial no longer fit the prefix, the order keeps no
   * number and the reconciler asks again.
   */
  async issueBill(o: Order): Promise<void> {
    if (!o.paidAt || o.billNumber) return;
    const billNumber = await this.orders.issueBill(o.id, ...this.billOf(o.paidAt));
    if (billNumber) o.billNumber = billNumber;
    else this.log.error({ orderId: o.id }, 'no bill number: the serial does not fit the prefix; asking again later');
  }

  /** The financial year of a sale paid at `paidAt` and the shape of its bill numbers (`billNumberPattern`). */
  private billOf(paidAt: Date): [year: string, pattern: { head: string; digits: number }] {
    const year = financialYear(paidAt);
    return [year, billNumberPattern(this.config.BILL_SERIAL_PREFIX, year)];
  }

  /** PhonePe's Order Status, or the error asking it failed with (the outcome is then unknown). */
  private async askStatus(merchantOrderId: string): Promise<{ status: PhonePeOrderStatus } | { error: unknown }> {
    try {
      return { status: await this.phonepe.orderStatus(merchantOrderId) };
    } catch (error) {
      return { error };
    }
  }

  private async checkPayment(o: Order, now: Date, asked?: { status: PhonePeOrderStatus } | { error: unknown }, replacing = false): Promise<void> {
    const answer = asked ?? (await this.askStatus(o.merchantOrderId));
    if ('error' in answer) {
      this.log.warn({ err: answer.error, merchantOrderId: o.merchantOrderId }, 'PhonePe order status failed; asking again later');
      if (o.state === 'pending') return this.waitOrExpire(o, now);
      o.nextCheckAt = isReplaced(o) ? this.nextCheck(o, now) : null;
      return;
    }
    const { status } = answer;
    o.checkCount += 1;
    const decision = decidePayment(o.state, status, o.totalPaise);
    const attempt = lastAttempt(status);
    switch (decision.kind) {
      case 'none':
        o.nextCheckAt = isReplaced(o) && phonePeVerdict(status.state) === 'pending' ? this.nextCheck(o, now) : null;
        return;
      case 'wait':
        return replacing ? this.replaced(o, now) : this.waitOrExpire(o, now);
      case 'fail':
        return this.fail(o, attempt?.detailedErrorCode ?? status.detailedErrorCode ?? attempt?.errorCode ?? status.errorCode ?? 'PAYMENT_FAILED', attempt?.transactionId ?? null);
      case 'hold':
        await this.release(o.reservationId);
        o.moveTo('held');
        o.reportedAmountPaise = decision.receivedPaise;
        o.transactionId = attempt?.transactionId ?? null;
        o.paymentMode = attempt?.paymentMode ?? null;
        o.errorCode = 'AMOUNT_MISMATCH';
        o.errorMessage = paymentFailureText('AMOUNT_MISMATCH');
        o.nextCheckAt = null;
        this.log.error({ orderId: o.id, expectedPaise: o.totalPaise, receivedPaise: decision.receivedPaise }, 'PhonePe reported another amount; order held for an admin');
        return;
      case 'sell': {
        o.transactionId = attempt?.transactionId ?? null;
        o.paymentMode = attempt?.paymentMode ?? null;
        await this.sellPaid(o, status.amountPaise, decision.reservationHeld, now, null);
        return;
      }
    }
  }

  /**
   * Sells an order whose money came (PhonePe took `takenPaise`), in the caller's transaction
   * under the order's row lock: the one path a paid order takes, for PhonePe's answer and for
   * an admin's acceptance of a held payment (docs/adr/081-needs-attention.md). The stock is
   * sold (the reservation committed, or the lines reserved again when it was released), the
   * order is paid (its bill number goes with the commit: `billWithCommit`), and `evt.order.order.paid.v1` takes the lines out of
   * the cart and mails the confirmation. What PhonePe took above the total goes back through
   * PhonePe. If the stock is gone by then, everything taken is refunded instead.
   *
   * @param by - The admin who accepted the payment; null for PhonePe's own answer.
   * @returns The state the order is left in.
   */
  async sellPaid(o: Order, takenPaise: number, reservationHeld: boolean, now: Date, by: string | null): Promise<'paid' | 'refund_pending'> {
    const lines = o.lines.getItems().map(toOrderLine);
    const result = await this.sell(o, lines, reservationHeld);
    if (result === 'paid') {
      o.moveTo('paid');
      o.paidAt = now;
      o.errorCode = null;
      o.errorMessage = null;
      o.nextCheckAt = null;
      this.orders.publish('evt.order.order.paid.v1', {
        ...orderFacts(o, lines),
        paidAt: now.toISOString(),
        transactionId: o.transactionId ?? null,
        paymentMode: o.paymentMode ?? null,
        // An order placed before its cart lines were recorded has none: the cart then takes from any line of the product.
        ...(o.cartLineIds.length ? { cartLineIds: o.cartLineIds } : {}),
      });
      const excess = excessPaise(o.totalPaise, takenPaise);
      if (excess > 0) {
        const refund = o.recordExcessRefund({ amountPaise: excess, reason: EXCESS_REFUND_REASON, by, at: now });
        this.orders.publish('evt.order.order.refund-started.v1', { ...orderFacts(o, lines), reason: 'admin', note: EXCESS_REFUND_REASON, merchantRefundId: refund.merchantRefundId, refundPaise: excess });
      }
      return 'paid';
    }
    await this.refundTaken(o, takenPaise, { reason: 'stock-gone', by: null, at: now });
    o.errorCode = 'STOCK_GONE';
    o.errorMessage = paymentFailureText('STOCK_GONE');
    this.log.warn({ orderId: o.id }, 'paid after its stock was gone; refunding');
    return 'refund_pending';
  }

  /**
   * Gives back everything PhonePe took for an order that is not sold (the stock was gone, or
   * an admin refunded a held order in full), in the caller's transaction under the order's
   * row lock: the order's total at most is claimed like an admin's refund (the order is
   * locked and unsold, so nothing competes), anything taken above it is an excess refund. The
   * order moves to refund_pending; the reconciler asks PhonePe at once, outside this
   * transaction, and the shopper is mailed for each refund.
   *
   * @param refund - `reason` `stock-gone`, or an admin's words (`by` the admin).
   * @returns The refunds made (none when PhonePe took nothing).
   */
  async refundTaken(o: Order, takenPaise: number, refund: { reason: string; by: string | null; at: Date }): Promise<OrderRefundRow[]> {
    const lines = o.lines.getItems().map(toOrderLine);
    const counted = Math.min(takenPaise, o.totalPaise);
    const rows: OrderRefundRow[] = [];
    if (counted > 0) {
      const refundedPaise = await this.orders.claimRefund(o.id, counted, [o.state]);
      if (refundedPaise === null) throw new Error(`the refund of all PhonePe took for ${o.id} could not be claimed`);
      rows.push(o.recordRefund(refundedPaise, { amountPaise: counted, ...refund }, 'refund_pending'));
    } else {
      o.moveTo('refund_pending');
    }
    if (takenPaise > counted) rows.push(o.recordExcessRefund({ amountPaise: takenPaise - counted, ...refund }));
    for (const row of rows) {
      const admin = refund.reason !== 'stock-gone';
      this.orders.publish('evt.order.order.refund-started.v1', {
        ...orderFacts(o, lines),
        reason: admin ? 'admin' : 'stock-gone',
        ...(admin ? { note: refund.reason } : {}),
        merchantRefundId: row.merchantRefundId,
        refundPaise: row.amountPaise,
      });
    }
    o.finishRefunds();
    return rows;
  }

  /** PhonePe has not decided: ask again on its schedule, or settle the order as expired once the payment's time is over. */
  private async waitOrExpire(o: Order, now: Date): Promise<void> {
    o.nextCheckAt = this.nextCheck(o, now);
    if (!o.nextCheckAt) await this.fail(o, 'EXPIRED', null);
  }

  /** When to ask PhonePe about the order's payment next, on its schedule; null once it expired. */
  private nextCheck(o: Order, now: Date): Date | null {
    return nextCheckAt(o.createdAt, o.expiresAt, now, this.config.PAYMENT_RECONCILE_FIRST_SECONDS);
  }

  /** A pending order PhonePe has not decided, replaced by its shopper's new checkout: its stock back, failed as REPLACED, still asked about. */
  private async replaced(o: Order, now: Date): Promise<void> {
    await this.fail(o, REPLACED, null);
    o.nextCheckAt = this.nextCheck(o, now);
  }

  private async fail(o: Order, errorCode: string, transactionId: string | null): Promise<void> {
    await this.release(o.reservationId);
    o.moveTo('failed');
    o.errorCode = errorCode;
    o.errorMessage = paymentFailureText(errorCode);
    o.transactionId = transactionId;
    o.nextCheckAt = null;
  }

  /**
   * Makes the order's stock sold: commits its reservation; if that had been released (it
   * expired, or the order had failed), reserves the lines again and commits that. 'paid',
   * or 'refund_pending' when the stock is gone.
   */
  private async sell(o: Order, lines: OrderLine[], reservationHeld: boolean): Promise<'paid' | 'refund_pending'> {
    if (reservationHeld) {
      const committed = await this.stock('rpc.catalog.stock.commit', o.reservationId);
      if (committed === 'committed') return afterSelling(committed);
    }
    const again = `${o.id}_late`;
    const reserved = await this.rpc.request('rpc.catalog.stock.reserve', {
      reservationId: again,
      orderNumber: o.orderNumber,
      lines: lines.map((l) => ({ productId: l.productId, quantity: l.quantity })),
      ttlSeconds: LATE_RESERVATION_TTL_SECONDS,
    });
    if (!reserved.ok) {
      if (['OUT_OF_STOCK', 'INSUFFICIENT_STOCK', 'PRODUCT_NOT_FOUND'].includes(reserved.error.code)) return afterSelling('released', false);
      throw new AppErrorException(reserved.error);
    }
    // An earlier attempt may have reserved it and then been rolled back: commit tells.
    const committed = await this.stock('rpc.catalog.stock.commit', again);
    o.reservationId = again;
    return afterSelling('released', committed === 'committed');
  }

  private async release(reservationId: string): Promise<void> {
    await this.stock('rpc.catalog.stock.release', reservationId);
  }

  private async stock(subject: 'rpc.catalog.stock.commit' | 'rpc.catalog.stock.release', reservationId: string): Promise<'committed' | 'released' | null> {
    const reply = await this.rpc.request(subject, { reservationId });
    if (reply.ok) return reply.data.status;
    // No reservation at all (the order failed before reserving): nothing to settle.
    if (reply.error.code === 'NOT_FOUND') return null;
    throw new AppErrorException(reply.error);
  }

  /**
   * Follows the order's refunds in flight: asks PhonePe for each once, then its status until
   * the money went back. A refund_pending order is refunded once every refund completed; a
   * partly refunded one stays so (the rest is still sold). Due again while any is in flight.
   */
  private async checkRefunds(o: Order, now: Date): Promise<void> {
    let waiting = false;
    for (const refund of o.refundsInFlight()) {
      try {
        const answer = refund.requestedAt ? await this.phonepe.refundStatus(refund.merchantRefundId) : await this.requestRefund(o, refund);
        refund.requestedAt ??= now;
        refund.providerState = answer.state;
        const verdict = decideRefund(answer.state);
        if (verdict === 'refunded') refund.refundedAt = now;
        // PhonePe refused the refund: an admin has to act; stop asking about it.
        else if (verdict === 'failed') this.log.error({ orderId: o.id, merchantRefundId: refund.merchantRefundId }, 'PhonePe refund failed; an admin has to act');
        else waiting = true;
      } catch (e) {
        this.log.warn({ err: e, orderId: o.id, merchantRefundId: refund.merchantRefundId }, 'PhonePe refund call failed; trying again later');
        waiting = true;
      }
    }
    o.finishRefunds();
    o.nextCheckAt = waiting ? secondsFrom(now, RETRY_SECONDS) : null;
  }

  /** Asks PhonePe for the refund; if it refuses, it may already have it (asked before a rollback): its status then. */
  private async requestRefund(o: Order, refund: OrderRefundRow) {
    try {
      return await this.phonepe.refund({ merchantRefundId: refund.merchantRefundId, originalMerchantOrderId: o.merchantOrderId, amountPaise: refund.amountPaise });
    } catch (e) {
      this.log.warn({ err: e, orderId: o.id }, 'PhonePe refused the refund; asking whether it has it already');
      return this.phonepe.refundStatus(refund.merchantRefundId);
    }
  }
}

/** What the order events say about an order. */
export function orderFacts(o: Order, lines: OrderLine[]) {
  return {
    orderId: o.id,
    merchantOrderId: o.merchantOrderId,
    userId: o.userId,
    lines,
    subtotalPaise: o.subtotalPaise,
    shippingPaise: o.shippingPaise,
    totalPaise: o.totalPaise,
    shippingAddress: o.shippingAddress satisfies AddressSnapshot,
    billingAddress: o.billingAddress satisfies AddressSnapshot,
  };
}

/** An order line as replies and events carry it. */
export function toOrderLine(l: OrderLineRow): OrderLine {
  return {
    productId: l.productId,
    productName: l.productName,
    imageUrl: l.imageUrl ?? null,
    quantity: l.quantity,
    unitPricePaise: l.unitPricePaise,
    discountPercent: l.discountPercent,
    discountedUnitPricePaise: l.discountedUnitPricePaise,
    lineTotalPaise: l.lineTotalPaise,
  };
}
