import type { BillOfSupply, OrderView } from '@jalaj/contracts';
import { useRoute } from '@jalaj/web-kit';

/** An order as its shopper sees it (`GET /api/orders`), amounts in paise. */
export type Order = OrderView;

/** The GST bill of supply of a paid order (`GET /api/orders/:id/bill`). */
export type Bill = BillOfSupply;

/**
 * The signed-in shopper's orders, newest first.
 *
 * @param enabled - Whether a user is signed in; nothing is fetched otherwise.
 */
export function useOrders(enabled: boolean) {
  return useRoute('orders.list', enabled ? {} : null);
}

/**
 * One of the signed-in shopper's orders (`GET /api/orders/:id`); another shopper's answers 404.
 *
 * @param orderId - The order's id; `null` fetches nothing.
 */
export function useOrder(orderId: string | null) {
  return useRoute('orders.get', orderId === null ? null : { params: { id: orderId } }, { revalidateOnFocus: false });
}

/**
 * The bill of supply of one of the signed-in shopper's orders. A bill never changes once
 * issued, so it is not fetched again while the page is open; a refusal (another user's
 * order, an unpaid one) is an answer, not a hiccup, so it is not retried either.
 *
 * @param orderId - The order's id; `null` fetches nothing (no user signed in yet).
 */
export function useBill(orderId: string | null) {
  return useRoute('orders.bill', orderId === null ? null : { params: { id: orderId } }, {
    revalidateOnFocus: false,
    revalidateIfStale: false,
    revalidateOnReconnect: false,
    shouldRetryOnError: (error) => error.status === 0 || error.status >= 500,
  });
}
