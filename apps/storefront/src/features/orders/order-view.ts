import {
  claimStatusText,
  FULFILMENT_LABELS,
  GUARANTEE_MESSAGES,
  isShippable,
  orderProgress,
  trackingLink,
  type TrackingLink,
  formatCustomerDate,
  formatRupees,
  ORDER_MESSAGES,
  orderNumber,
  orderProductName,
  orderStatusDisplay,
  orderStatusOf,
  type StatusContext,
  type StatusDisplay,
} from '@jalaj/commerce';
import type { AddressSnapshot, FulfilmentEvent, OrderLine, OrderRefund, OrderState, OrderView } from '@jalaj/contracts';

/**
 * What the order screens show, worked out from the order as the server sent it: every
 * amount and number is the server's; only words and layout are decided here.
 */

/** The prompt a signed-out visitor sees on `/orders` and on an invoice (spec §2). */
export const ORDERS_SIGN_IN_MESSAGE = 'Please sign in to view your orders';

/** The empty state of `/orders` (spec §2). */
export const NO_ORDERS_TITLE = 'No orders yet';

/** The text of the page's order count: `1 order`, `3 orders`. */
export function orderCountText(count: number): string {
  return `${count} ${count === 1 ? 'order' : 'orders'}`;
}

/** The order's title: `#` and its order number (spec §9), e.g. `#0000a1b2`. */
export function orderTitle(order: Pick<OrderView, 'merchantOrderId'>): string {
  return `#${orderNumber(order.merchantOrderId)}`;
}

/**
 * The status badge of an order or a bill (spec §4): completed green, pending yellow,
 * failed red, anything else grey.
 *
 * @param state - The order service's payment state.
 * @param context - `list` on the order cards, `detail` in the Details dialog and on the bill.
 */
export function orderBadge(state: OrderState | null | undefined, context: StatusContext): StatusDisplay {
  return orderStatusDisplay(orderStatusOf(state), context);
}

/** The name of a bought line: the name it was bought under, or 'Unknown Product' (spec §3). */
export function lineName(line: Pick<OrderLine, 'productName'>): string {
  return orderProductName(line.productName);
}

/** The lines of an address snapshot as a postal address reads, without empty parts. */
export function addressLines(address: AddressSnapshot): string[] {
  return [
    address.fullName,
    address.addressLine1,
    address.addressLine2 ?? '',
    `${address.city}, ${address.state} ${address.postalCode}`,
    address.country,
    `Phone: ${address.phone}`,
  ].filter((line) => line.trim() !== '');
}

/** Whether the order has a bill of supply to print: one is issued when the order is paid. */
export function hasBill(order: Pick<OrderView, 'billNumber'>): boolean {
  return order.billNumber !== null;
}

/** Why an order's Invoice button is disabled, or null when the bill can be opened. */
export function invoiceUnavailableReason(order: Pick<OrderView, 'billNumber'>): string | null {
  return hasBill(order) ? null : ORDER_MESSAGES.billNotIssued;
}

/** The printable invoice's address in the storefront. */
export function invoicePath(orderId: string): string {
  return `/orders/${encodeURIComponent(orderId)}/invoice`;
}

/** A product's page in the storefront (a deleted product's page says 'Product not found'). */
export function productPath(productId: string): string {
  return `/product/${encodeURIComponent(productId)}`;
}

/**
 * The delivery estimate shown while a paid order is on its way (spec §9), or null once it
 * was delivered or cancelled, and for an order that was not paid (nothing will be delivered).
 */
export function deliveryEstimate(order: Pick<OrderView, 'state' | 'fulfilmentStatus'>): string | null {
  if (!isShippable(order.state) || order.fulfilmentStatus === 'delivered' || order.fulfilmentStatus === 'cancelled') return null;
  return ORDER_MESSAGES.deliveryEstimate;
}

/**
 * The badges of an order card: a paid order shows where it is on its way ('Paid — being
 * prepared', then each fulfilment step) instead of 'Completed', which shoppers read as
 * delivered; any other order its payment status (spec §4), a partly refunded one with the
 * amount given back ('Partly refunded: ₹100.00'), and its step when it has one.
 */
export function orderCardBadges(order: Pick<OrderView, 'state' | 'fulfilmentStatus' | 'refundedPaise' | 'claims'>): StatusDisplay[] {
  return [...paymentBadges(order), ...(claimBadge(order) ? [claimBadge(order)!] : [])];
}

function paymentBadges(order: Pick<OrderView, 'state' | 'fulfilmentStatus' | 'refundedPaise'>): StatusDisplay[] {
  const progress = orderProgress(order.state, order.fulfilmentStatus);
  if (order.state === 'paid' && progress) return [progress];
  // A guarantee replacement: 'Replacement — being prepared', then Replacement beside its step.
  if (order.state === 'replacement' && progress) return order.fulfilmentStatus ? [{ label: GUARANTEE_MESSAGES.replacementBadge, color: 'blue' }, progress] : [progress];
  const status = orderBadge(order.state, 'list');
  const badge = order.state === 'partly_refunded' ? { ...status, label: `${status.label}: ${formatRupees(order.refundedPaise)}` } : status;
  return progress ? [badge, progress] : [badge];
}

/** Where the order's latest guarantee claim stands ('Guarantee claim: under review'…); null without claims. */
export function claimBadge(order: Pick<OrderView, 'claims'>): StatusDisplay | null {
  const latest = order.claims.at(-1);
  if (!latest) return null;
  return { label: claimStatusText(latest.state), color: latest.state === 'pending' ? 'yellow' : latest.state === 'approved' ? 'green' : 'red' };
}

/** One entry of an order's history in the Details dialog. */
export interface HistoryEntry {
  readonly key: string;
  readonly label: string;
  /** When it happened, as the customer reads dates (spec §9), and the ISO time for `<time>`. */
  readonly at: string;
  readonly when: string;
  /** The courier of a shipment, a note for the shopper. */
  readonly details: readonly string[];
  /** A shipment's tracking number, and the courier's tracking page when the shop knows it. */
  readonly tracking?: { readonly number: string; readonly link: TrackingLink | null };
}

function stepDetails(step: FulfilmentEvent): string[] {
  const details: string[] = [];
  if (step.courier) details.push(`Courier: ${step.courier}`);
  if (step.note) details.push(step.note);
  return details;
}

const entry = (key: string, label: string, at: string, details: readonly string[] = []): HistoryEntry => ({ key, label, at, when: formatCustomerDate(at), details });

function stepEntry(step: FulfilmentEvent, index: number): HistoryEntry {
  const base = entry(`${step.status}-${index}`, FULFILMENT_LABELS[step.status], step.at, stepDetails(step));
  return step.trackingNumber ? { ...base, tracking: { number: step.trackingNumber, link: trackingLink(step.courier, step.trackingNumber) } } : base;
}

/**
 * The order's history, oldest first: placed, a failed payment with its reason, paid, every fulfilment step with its time (a
 * shipment with its courier and tracking number), and a refund's request and completion.
 */
export function orderHistory(order: Pick<OrderView, 'createdAt' | 'paidAt' | 'failure' | 'fulfilment' | 'refunds'>): HistoryEntry[] {
  const entries: HistoryEntry[] = [entry('placed', 'Order placed', order.createdAt)];
  if (order.failure) entries.push(entry('failed', 'Payment failed', order.failure.at, [order.failure.reason]));
  if (order.paidAt) entries.push(entry('paid', 'Payment received', order.paidAt));
  order.fulfilment.forEach((step, index) => entries.push(stepEntry(step, index)));
  order.refunds.forEach((refund, index) => {
    if (refund.requestedAt) entries.push(entry(`refund-requested-${index}`, 'Refund started', refund.requestedAt, [`Amount: ${formatRupees(refund.amountPaise)}`]));
    if (refund.refundedAt) entries.push(entry(`refunded-${index}`, 'Refunded', refund.refundedAt, [`Amount: ${formatRupees(refund.amountPaise)}`]));
  });
  // Stable: steps recorded at the same moment keep the order above.
  return entries.sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
}

/** What the shopper reads about a refund of their order. */
export interface RefundSummary {
  readonly amount: string;
  readonly status: string;
  readonly reason: string;
}

/**
 * The refund of an order in words: the amount, where it stands with PhonePe, and why.
 *
 * @param refund - The order's refund.
 */
export function refundSummary(refund: OrderRefund): RefundSummary {
  const status = refund.refundedAt
    ? `Refunded on ${formatCustomerDate(refund.refundedAt)}`
    : refund.providerState === 'FAILED'
      ? 'The refund could not be completed yet; we are looking into it.'
      : 'In progress: the money is on its way back to you.';
  const reason = refund.reason === 'stock-gone' ? 'The plants sold out before your payment reached us.' : refund.reason;
  return { amount: formatRupees(refund.amountPaise), status, reason };
}

/** The unit price of a line as bought: the discounted price, and the list price and percent when discounted. */
export function linePriceText(line: Pick<OrderLine, 'quantity' | 'unitPricePaise' | 'discountPercent' | 'discountedUnitPricePaise'>): string {
  const each = `${line.quantity} × ${formatRupees(line.discountedUnitPricePaise)}`;
  return line.discountPercent > 0 ? `${each} (${line.discountPercent}% off ${formatRupees(line.unitPricePaise)})` : each;
}
