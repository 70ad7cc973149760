import { EXPECTED_DELIVERY_TEXT } from './shipping.js';

/** How many characters of a transaction id make an order number or a short id. */
export const ORDER_NUMBER_LENGTH = 8;

/** The prefix that turns an order number into an invoice number. */
export const INVOICE_NUMBER_PREFIX = 'INV-';

/** Delay before the invoice window prints, so that its content has rendered. */
export const INVOICE_PRINT_DELAY_MS = 500;

// Transaction ids minted for the mobile payment provider start with this;
// their readable part is between it and the first underscore.
const PROVIDER_TRANSACTION_PREFIX = 'MO';

/**
 * The order number shown to customers, derived from a transaction id (spec §9).
 *
 * For an id starting with `MO`: the part before the first underscore, without
 * its first two characters, keeping the last 8 characters. Any other id: its
 * first 8 characters. Shorter ids are returned whole.
 *
 * @param transactionId - The order's transaction id.
 * @returns E.g. `"MO1732456789abcdef_xyz"` → `"89abcdef"`, `"T12345678901"` → `"T1234567"`.
 */
export function orderNumber(transactionId: string): string {
  if (transactionId.startsWith(PROVIDER_TRANSACTION_PREFIX)) {
    const beforeUnderscore = transactionId.split('_', 1)[0]!;
    return beforeUnderscore.slice(PROVIDER_TRANSACTION_PREFIX.length).slice(-ORDER_NUMBER_LENGTH);
  }
  return transactionId.slice(0, ORDER_NUMBER_LENGTH);
}

/** The shopper's order history page. */
export const ORDERS_PATH = '/orders';

/** The query parameter of {@link ORDERS_PATH} that opens one order's Details. */
export const ORDER_PAGE_PARAM = 'order';

/**
 * The address of one order for its shopper: My Orders with that order's Details open. The
 * success page and the order mails link there.
 *
 * @param orderId - The order's id (`ord_…`).
 * @returns E.g. `/orders?order=ord_01JD…`.
 */
export function orderPagePath(orderId: string): string {
  return `${ORDERS_PATH}?${new URLSearchParams({ [ORDER_PAGE_PARAM]: orderId })}`;
}

/**
 * The invoice number printed on an order's invoice.
 *
 * @param transactionId - The order's transaction id.
 * @returns `"INV-"` followed by {@link orderNumber}.
 */
export function invoiceNumber(transactionId: string): string {
  return `${INVOICE_NUMBER_PREFIX}${orderNumber(transactionId)}`;
}

/**
 * How admin screens show a transaction id: its last 8 characters.
 *
 * @param transactionId - The order's transaction id.
 * @returns The last 8 characters, or the whole id when shorter.
 */
export function adminShortId(transactionId: string): string {
  return transactionId.slice(-ORDER_NUMBER_LENGTH);
}

/** Refusal when a non-admin tries to delete orders (spec §6, §8). */
export const ADMIN_ACCESS_REQUIRED_MESSAGE = 'Unauthorized: Admin access required';

/** Refusal when no order line carries the transaction id to delete. */
export const ORDER_NOT_FOUND_MESSAGE = 'No orders found with this transaction ID';

/** Refusal of a bulk delete with an empty selection. */
export const NO_ORDERS_SELECTED_MESSAGE = 'No orders selected for deletion';

/**
 * The success text after deleting one order (spec §8, word for word).
 *
 * @param deletedLineCount - How many order lines were deleted.
 * @param transactionId - The deleted order's transaction id; only its short id is shown.
 * @returns E.g. `"Successfully deleted 3 order item(s) with transaction ID: 89abcdef"`.
 */
export function orderDeletedMessage(deletedLineCount: number, transactionId: string): string {
  return `Successfully deleted ${deletedLineCount} order item(s) with transaction ID: ${adminShortId(transactionId)}`;
}

/**
 * The success text after a bulk delete (spec §8, word for word).
 *
 * @param orderCount - How many orders were deleted.
 * @returns E.g. `"Successfully deleted 2 order(s)"`.
 */
export function ordersDeletedMessage(orderCount: number): string {
  return `Successfully deleted ${orderCount} order(s)`;
}

/** Texts of the order screens beyond the spec's (Orders tab actions, bills), in one place. */
export const ORDER_MESSAGES = Object.freeze({
  deletedTitle: 'Order deleted',
  bulkDeletedTitle: 'Orders deleted',
  errorTitle: 'Error',
  deleteFailed: 'Failed to delete order',
  bulkDeleteFailed: 'Failed to delete orders',
  restoredTitle: 'Order restored',
  updatedTitle: 'Order updated',
  refundStartedTitle: 'Refund started',
  billNotIssued: 'A bill is issued once the payment is complete.',
  trackingRequired: 'Enter the courier and the tracking number to mark the order shipped.',
  refundNotPaid: 'Only a paid order can be refunded.',
  alreadyRefunded: 'This order has already been refunded.',
  deliveryEstimate: EXPECTED_DELIVERY_TEXT,
});

/**
 * The status an order's payment state shows as (spec §4 Order status: completed green,
 * pending yellow, failed red, anything else grey): `paid` reads completed; the states the
 * spec does not name (held, refunding, refunded, partly refunded) read in words.
 *
 * @param state - The order service's state (`paid`, `pending`, `failed`, `held`, `refund_pending`, `partly_refunded`, `refunded`).
 * @returns The status to pass to `orderStatusDisplay`.
 */
export function orderStatusOf(state: string | null | undefined): string | null {
  switch (state) {
    case 'paid':
      return 'completed';
    case 'held':
      return 'on hold';
    case 'refund_pending':
      return 'refund pending';
    case 'partly_refunded':
      return 'partly refunded';
    default:
      return state ?? null;
  }
}

/**
 * The success text after restoring an archived order.
 *
 * @param merchantOrderId - The order's transaction id.
 * @returns E.g. `"Order #89abcdef is back in the list."`.
 */
export function orderRestoredMessage(merchantOrderId: string): string {
  return `Order #${orderNumber(merchantOrderId)} is back in the list.`;
}
