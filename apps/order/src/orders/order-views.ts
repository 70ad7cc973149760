import type { AdminOrderSummary, AdminOrderView, FulfilmentEvent, OrderCustomer, OrderRefund, OrderView } from '@jalaj/contracts';
import { paymentFailureText } from '@jalaj/commerce';
import type { Order } from '../checkout/entities/order.entity.js';
import type { OrderRefundRow } from '../checkout/entities/order-refund.entity.js';
import { toOrderLine } from '../checkout/payment-decider.js';
import type { FulfilmentEventRow } from './entities/fulfilment-event.entity.js';

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/** A refund as the screens show it. */
function toOrderRefund(r: OrderRefundRow): OrderRefund {
  return {
    amountPaise: r.amountPaise,
    reason: r.reason,
    providerState: r.providerState ?? null,
    requestedAt: iso(r.requestedAt),
    refundedAt: iso(r.refundedAt),
  };
}

/** A fulfilment step as the shopper follows it. */
export function toFulfilmentEvent(e: FulfilmentEventRow): FulfilmentEvent {
  return { status: e.status, courier: e.courier ?? null, trackingNumber: e.trackingNumber ?? null, note: e.note ?? null, at: e.createdAt.toISOString() };
}

/**
 * An order as its shopper sees it (the contract's `orderSchema`).
 *
 * @param o - The order, its lines, refunds and fulfilment steps loaded.
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
    refunds: o.refunds.getItems().map(toOrderRefund),
  };
}

/**
 * An order as the Orders tab sees it: the shopper's view, its customer (from identity; null
 * when the account is gone) and the archive mark.
 */
export function toAdminOrderView(o: Order, customer: OrderCustomer | null): AdminOrderView {
  return {
    ...toOrderView(o),
    userId: o.userId,
    customer,
    archivedAt: iso(o.archivedAt),
    archivedBy: o.archivedBy ?? null,
    reportedAmountPaise: o.reportedAmountPaise ?? null,
    errorCode: o.errorCode ?? null,
  };
}

/**
 * An order as a card of the Orders tab shows it (the contract's `adminOrderSummarySchema`);
 * the customer is filled in per page.
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
  };
}
