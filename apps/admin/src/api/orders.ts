import { apiPath, type FulfilmentInput, type HttpQuery, type HttpResponse, type RefundInput, type SettleRefundInput } from '@jalaj/contracts';
import {
  apiErrorFromResponse,
  callRoute,
  getAccessToken,
  getUnauthorizedHandler,
  networkError,
  routeUrl,
  useApiClient,
  useRoute,
} from '@jalaj/web-kit';
import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { isFiguresKey } from './figures.js';

/** `/api/admin/orders`: the list; every other Orders-tab route lives under it. */
export const ADMIN_ORDERS_PATH = apiPath('admin.orders.list');

/** One page of the Orders tab. */
export type AdminOrderPageReply = HttpResponse<'admin.orders.list'>;
/** The reply of a delete or bulk delete: the notice with its texts, and the archived ids. */
export type ArchiveReply = HttpResponse<'admin.orders.delete'>;
/** The reply of a restore, fulfilment step or refund: the notice with its texts, and the order as it now is. */
export type OrderChangeReply = HttpResponse<'admin.orders.fulfil'>;

/** The Orders tab's filters as query strings (`q`, `state`, `fulfilment`, `from`, `to`, `archived`); unset ones `undefined`. */
export type OrderFilterStrings = Partial<Record<keyof NonNullable<HttpQuery<'admin.orders.export'>>, string>>;

/** Every cached read of the Orders tab (pages, one order, bills), and today's figures, which count orders. */
const isOrdersKey = (key: unknown) =>
  typeof key === 'string' && (key === ADMIN_ORDERS_PATH || key.startsWith(`${ADMIN_ORDERS_PATH}/`) || key.startsWith(`${ADMIN_ORDERS_PATH}?`) || isFiguresKey(key));

/**
 * One page of orders, newest first. The previous page stays on screen while the next one
 * loads, so paging and filtering do not flash the loading state.
 *
 * @param filters - The filters as query strings.
 * @param page - The page, from 1.
 * @param pageSize - Orders per page.
 */
export function useAdminOrders(filters: OrderFilterStrings, page: number, pageSize: number) {
  return useRoute('admin.orders.list', { query: { ...filters, page: String(page), pageSize: String(pageSize) } }, { keepPreviousData: true });
}

/** One order with its customer, for the detail drawer; `null` fetches nothing. */
export function useAdminOrder(id: string | null) {
  return useRoute('admin.orders.get', id === null ? null : { params: { id } });
}

/** The bill of supply of a paid order; `null` fetches nothing. */
export function useOrderBill(id: string | null) {
  return useRoute('admin.orders.bill', id === null ? null : { params: { id } }, { shouldRetryOnError: false });
}

/**
 * The changes of the Orders tab. Each rejects with the API's error; after any outcome
 * every cached page and order is fetched again, so the tab shows what the server now
 * holds even when a change half-failed or another admin changed something meanwhile.
 */
export function useOrderChanges() {
  const client = useApiClient();
  const { mutate } = useSWRConfig();
  const refresh = useCallback(() => void mutate(isOrdersKey), [mutate]);

  const after = useCallback(
    async <T>(call: Promise<T>): Promise<T> => {
      try {
        return await call;
      } finally {
        refresh();
      }
    },
    [refresh],
  );

  return {
    deleteOrder: useCallback((id: string) => after(callRoute(client, 'admin.orders.delete', { params: { id } })), [after, client]),
    bulkDelete: useCallback((orderIds: readonly string[]) => after(callRoute(client, 'admin.orders.bulkDelete', { body: { orderIds: [...orderIds] } })), [after, client]),
    restore: useCallback((id: string) => after(callRoute(client, 'admin.orders.restore', { params: { id } })), [after, client]),
    fulfil: useCallback((id: string, step: FulfilmentInput) => after(callRoute(client, 'admin.orders.fulfil', { params: { id }, body: step })), [after, client]),
    /**
     * Starts a refund. `idempotencyKey` names the attempt: the same key on a second send
     * (a double click that slipped through, a retry after a lost answer) gets the first
     * answer instead of a second refund.
     */
    refund: useCallback(
      (id: string, refund: RefundInput, idempotencyKey: string) => after(callRoute(client, 'admin.orders.refund', { params: { id }, body: refund }, { idempotencyKey })),
      [after, client],
    ),
    /**
     * The decisions on what needs attention (ADR 081), each sent with the attempt's
     * `idempotencyKey` like a refund: accept a held payment and sell, refund it in full, try
     * a refused refund again, or mark a refund settled outside the shop.
     */
    acceptPayment: useCallback((id: string, idempotencyKey: string) => after(callRoute(client, 'admin.orders.acceptPayment', { params: { id } }, { idempotencyKey })), [after, client]),
    refundHeld: useCallback((id: string, idempotencyKey: string) => after(callRoute(client, 'admin.orders.refundHeld', { params: { id } }, { idempotencyKey })), [after, client]),
    retryRefund: useCallback(
      (id: string, refundId: string, idempotencyKey: string) => after(callRoute(client, 'admin.orders.retryRefund', { params: { id, refundId } }, { idempotencyKey })),
      [after, client],
    ),
    settleRefund: useCallback(
      (id: string, refundId: string, settle: SettleRefundInput, idempotencyKey: string) =>
        after(callRoute(client, 'admin.orders.settleRefund', { params: { id, refundId }, body: settle }, { idempotencyKey })),
      [after, client],
    ),
  };
}

/** A downloaded file. */
export interface DownloadedFile {
  readonly blob: Blob;
  readonly fileName: string;
}

const FALLBACK_CSV_NAME = 'orders.csv';

/** The file name of a `content-disposition: attachment; filename="…"` header. */
export function attachmentFileName(header: string | null, fallback: string = FALLBACK_CSV_NAME): string {
  const name = header?.match(/filename="?([^";]+)"?/i)?.[1]?.trim();
  return name ? name : fallback;
}

/**
 * Downloads the filtered orders as CSV (`admin.orders.export`). A plain `fetch` rather than
 * the JSON client, because the answer is a file; it keeps the client's session rules: the
 * in-memory access token as bearer, cookies sent, and one renewal and resend after a 401.
 *
 * @param filters - The Orders tab's filters (the export holds every match, not one page).
 * @returns The CSV and the file name the server gave it.
 * @throws ApiError when the server refused or could not be reached.
 */
export async function downloadOrdersCsv(filters: OrderFilterStrings): Promise<DownloadedFile> {
  const url = routeUrl('admin.orders.export', { query: filters });
  const send = async (): Promise<Response> => {
    const headers = new Headers({ Accept: 'text/csv' });
    const token = getAccessToken();
    if (token !== null) headers.set('Authorization', `Bearer ${token}`);
    try {
      return await fetch(url, { headers, credentials: 'include' });
    } catch (error) {
      throw networkError(error);
    }
  };
  let response = await send();
  if (response.status === 401 && getAccessToken() !== null) {
    const renew = getUnauthorizedHandler();
    if (renew !== null && (await renew())) response = await send();
  }
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => undefined);
    throw apiErrorFromResponse(response.status, body);
  }
  return { blob: await response.blob(), fileName: attachmentFileName(response.headers.get('content-disposition')) };
}

/**
 * Hands a downloaded file to the browser as a download (an object URL on an `<a download>`).
 *
 * @param file - The file.
 */
export function saveFile(file: DownloadedFile): void {
  const href = URL.createObjectURL(file.blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = file.fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the URL by now; give the browser a moment before freeing it.
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
