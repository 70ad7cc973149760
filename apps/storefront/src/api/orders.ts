import { apiPath, type BillOfSupply, type ClaimInput, type HttpResponse, type OrderView } from '@jalaj/contracts';
import { useRoute, type ApiClient } from '@jalaj/web-kit';

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

/** The answer to a guarantee claim: the notice's texts and the order as it is now (`POST /api/orders/:id/claims`). */
export type ClaimFiled = HttpResponse<'orders.claims.create'>;

/**
 * Sends a guarantee claim (issue #41) as the multipart form the BFF takes: the JSON of the
 * plants and what happened first, then the photos. One Idempotency-Key per call (the client's).
 */
export function fileClaim(client: ApiClient, orderId: string, claim: ClaimInput, photos: readonly File[]): Promise<ClaimFiled> {
  const form = new FormData();
  form.append('claim', JSON.stringify(claim));
  for (const photo of photos) form.append('photos', photo, photo.name);
  return client.post<ClaimFiled>(apiPath('orders.claims.create', { id: orderId }), form);
}

/** The address of one of the shopper's own claim photos (fetched with their token: `usePrivateImage`). */
export const claimPhotoPath = (orderId: string, photoId: string) => apiPath('orders.claimPhoto', { id: orderId, photoId });
