import { apiPath, type FulfilmentInput, type HttpQuery, type HttpResponse, type RefundInput, type SettleRefundInput } from '@jalaj/contracts';
import { callRoute, routeUrl, useApiClient, useRoute } from '@jalaj/web-kit';
import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { downloadFile, type DownloadedFile } from './download.js';
import { isFiguresKey } from './figures.js';
import { isSalesKey } from './sales.js';

export { saveFile } from './download.js';

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

/** Every cached read of the Orders tab (pages, one order, bills), and today's figures and the sales over time, which count orders. */
const isOrdersKey = (key: unknown) =>
  typeof key === 'string' && (key === ADMIN_ORDERS_PATH || key.startsWith(`${ADMIN_ORDERS_PATH}/`) || key.startsWith(`${ADMIN_ORDERS_PATH}?`) || isFiguresKey(key) || isSalesKey(key));

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
    /** Approves a guarantee claim: a replacement order at ₹0 (docs/adr/078). Decided once, however often it is sent. */
    approveClaim: useCallback((claimId: string) => after(callRoute(client, 'admin.claims.approve', { params: { id: claimId } })), [after, client]),
    /** Declines a guarantee claim with the reason the shopper reads. */
    declineClaim: useCallback((claimId: string, reason: string) => after(callRoute(client, 'admin.claims.decline', { params: { id: claimId }, body: { reason } })), [after, client]),
  };
}

/**
 * Downloads the filtered orders as CSV (`admin.orders.export`; {@link downloadFile}).
 *
 * @param filters - The Orders tab's filters (the export holds every match, not one page).
 * @returns The CSV and the file name the server gave it.
 * @throws ApiError when the server refused or could not be reached.
 */
export function downloadOrdersCsv(filters: OrderFilterStrings): Promise<DownloadedFile> {
  return downloadFile(routeUrl('admin.orders.export', { query: filters }), 'orders.csv');
}
