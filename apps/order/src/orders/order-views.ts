import type { AdminOrderSummary, AdminOrderView, AttentionItem, FulfilmentEvent, GuaranteeClaimView, OrderCustomer, OrderDecision, OrderRefund, OrderView } from '@jalaj/contracts';
import { hasClaimWaiting, paymentAcceptable, paymentFailureText, refundAttention, refundStuckBefore } from '@jalaj/commerce';
import type { GuaranteeClaimRow } from '../claims/entities/guarantee-claim.entity.js';
import type { Order } from '../checkout/entities/order.entity.js';
import type { OrderDecisionRow } from '../checkout/entities/order-decision.entity.js';
import type { OrderRefundRow } from '../checkout/entities/order-refund.entity.js';
import { toOrderLine } from '../checkout/payment-decider.js';
import type { FulfilmentEventRow } from './entities/fulfilment-event.entity.js';

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/** A refund as the screens show it: one an admin settled outside the shop reads refunded then (the money went back). */
function toOrderRefund(r: OrderRefundRow): OrderRefund {
  return {
    amountPaise: r.amountPaise,
    reason: r.reason,
    providerState: r.providerState ?? null,
    requestedAt: iso(r.requestedAt),
    refundedAt: iso(r.doneAt()),
  };
}

/** A guarantee claim as the shopper and the admin see it. */
export function toClaimView(c: GuaranteeClaimRow): GuaranteeClaimView {
  return {
    id: c.id,
    state: c.state,
    lines: c.lines.map(({ productId, productName, quantity }) => ({ productId, productName, quantity })),
    description: c.description,
    photoIds: [...c.photoIds],
    createdAt: c.createdAt.toISOString(),
    decidedAt: iso(c.decidedAt),
    declineReason: c.declineReason ?? null,
    replacement: c.replacementOrderId && c.replacementMerchantOrderId ? { orderId: c.replacementOrderId, merchantOrderId: c.replacementMerchantOrderId } : null,
  };
}

/** A fulfilment step as the shopper follows it. */
export function toFulfilmentEvent(e: FulfilmentEventRow): FulfilmentEvent {
  return { status: e.status, courier: e.courier ?? null, trackingNumber: e.trackingNumber ?? null, note: e.note ?? null, at: e.createdAt.toISOString() };
}

/**
 * An order as its shopper sees it (the contract's `orderSchema`).
 *
 * @param o - The order, its lines, refunds, fulfilment steps and claims loaded.
 */
export function toOrderView(o: Order): OrderView {
  return {
    id: o.id,
    merchantOrderId: o.merchantOrderId,
    state: o.state,
    createdAt: o.createdAt.toISOString(),
    paidAt: iso(o.paidAt),
    failure: o.failedAt ? { at: o.failedAt.toISOString(), reason: o.errorMessage ?? paymentFailureText(o.errorCode) } : null,
    lines: o.lines.getItems().map(toOrderLine),
    subtotalPaise: o.subtotalPaise,
    shippingPaise: o.shippingPaise,
    totalPaise: o.totalPaise,
    paymentMode: o.paymentMode ?? null,
    transactionId: o.transactionId ?? null,
    shippingAddress: o.shippingAddress,
    billingAddress: o.billingAddress,
    fulfilmentStatus: o.fulfilmentStatus ?? null,
    fulfilment: o.fulfilmentEvents.getItems().map(toFulfilmentEvent),
    billNumber: o.billNumber ?? null,
    refundedPaise: o.refundedPaise,
    refunds: o.countedRefunds().map(toOrderRefund),
    claims: o.claims.getItems().map(toClaimView),
    replacementOf: o.replacementOfId && o.replacementOfMerchantOrderId ? { orderId: o.replacementOfId, merchantOrderId: o.replacementOfMerchantOrderId } : null,
  };
}

/**
 * What the order waits for an admin to decide (`ATTENTION_REASONS`): held for PhonePe's
 * other amount, each refund refused or stuck (`refundAttention`), and each guarantee claim
 * waiting (docs/adr/078). The refunds and claims must be loaded.
 */
export function attentionOf(o: Order, now: Date = new Date()): AttentionItem[] {
  const items: AttentionItem[] = [];
  if (o.state === 'held' && o.reportedAmountPaise != null) {
    items.push({ reason: 'amount-mismatch', totalPaise: o.totalPaise, reportedPaise: o.reportedAmountPaise, acceptable: paymentAcceptable(o.totalPaise, o.reportedAmountPaise) });
  }
  const stuckBefore = refundStuckBefore(now);
  for (const r of o.refunds.getItems()) {
    const reason = refundAttention({ providerState: r.providerState ?? null, refundedAt: r.refundedAt ?? null, settledAt: r.settledAt ?? null, startedAt: r.startedAt }, stuckBefore);
    if (reason) items.push({ reason, refundId: r.id, merchantRefundId: r.merchantRefundId, amountPaise: r.amountPaise, since: r.startedAt.toISOString() });
  }
  if (o.claims.isInitialized()) {
    for (const c of o.claims.getItems()) {
      if (c.state === 'pending') items.push({ reason: 'claim-waiting', claimId: c.id, units: c.lines.reduce((n, l) => n + l.quantity, 0), since: c.createdAt.toISOString() });
    }
  }
  return items;
}

/** A decision as the order's history shows it, with its admin from identity (null when the account is gone). */
function toOrderDecision(d: OrderDecisionRow, people: ReadonlyMap<string, OrderCustomer>): OrderDecision {
  const by = people.get(d.decidedBy);
  return {
    kind: d.kind,
    amountPaise: d.amountPaise,
    merchantRefundId: d.merchantRefundId ?? null,
    note: d.note ?? null,
    byId: d.decidedBy,
    by: by ? { fullName: by.fullName, email: by.email } : null,
    at: d.decidedAt.toISOString(),
  };
}

/**
 * An order as the Orders tab sees it: the shopper's view, its customer (from identity; null
 * when the account is gone), the archive mark, what it waits for and the admins' decisions
 * (their names from `people`, identity's answer for the deciding admins).
 */
export function toAdminOrderView(o: Order, customer: OrderCustomer | null, people: ReadonlyMap<string, OrderCustomer> = new Map()): AdminOrderView {
  return {
    ...toOrderView(o),
    userId: o.userId,
    customer,
    archivedAt: iso(o.archivedAt),
    archivedBy: o.archivedBy ?? null,
    reportedAmountPaise: o.reportedAmountPaise ?? null,
    errorCode: o.errorCode ?? null,
    attention: attentionOf(o),
    decisions: o.decisions.isInitialized() ? o.decisions.getItems().map((d) => toOrderDecision(d, people)) : [],
  };
}

/**
 * The Orders tab's views of `orders`: their customers and deciding admins from one lookup of
 * identity (`lookup`, lenient: an account it cannot name reads as unknown).
 *
 * @param orders - Orders with their lines, refunds, steps and decisions loaded.
 */
export async function adminOrderViews(orders: readonly Order[], lookup: (userIds: readonly string[]) => Promise<ReadonlyMap<string, OrderCustomer>>): Promise<AdminOrderView[]> {
  const people = await lookup(orders.flatMap((o) => [o.userId, ...(o.decisions.isInitialized() ? o.decisions.getItems().map((d) => d.decidedBy) : [])]));
  return orders.map((o) => toAdminOrderView(o, people.get(o.userId) ?? null, people));
}

/**
 * An order as a card of the Orders tab shows it (the contract's `adminOrderSummarySchema`);
 * the customer is filled in per page. Its lines and claims loaded.
 */
export function toAdminOrderSummary(o: Order, customer: OrderCustomer | null): AdminOrderSummary {
  return {
    id: o.id,
    merchantOrderId: o.merchantOrderId,
    state: o.state,
    createdAt: o.createdAt.toISOString(),
    totalPaise: o.totalPaise,
    paymentMode: o.paymentMode ?? null,
    fulfilmentStatus: o.fulfilmentStatus ?? null,
    userId: o.userId,
    customer,
    archivedAt: iso(o.archivedAt),
    lines: o.lines.getItems().map((l) => {
      const { productId, productName, imageUrl, quantity, discountedUnitPricePaise, lineTotalPaise } = toOrderLine(l);
      return { productId, productName, imageUrl, quantity, discountedUnitPricePaise, lineTotalPaise };
    }),
    claimWaiting: hasClaimWaiting({ claims: o.claims.getItems() }),
  };
}

/** What every view of a whole order reads besides the order row (`toOrderView`): for `populate`. */
export const ORDER_VIEW_PARTS = ['lines', 'refunds', 'fulfilmentEvents', 'claims'] as const;
