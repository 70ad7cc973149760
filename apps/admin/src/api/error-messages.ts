import { ADMIN_ACCESS_REQUIRED_MESSAGE, ADMIN_MESSAGES, ORDER_MESSAGES, PRODUCT_MESSAGES, renderMessage, renderReceived } from '@jalaj/commerce';
import { isApiError, UNEXPECTED_ERROR_MESSAGE } from '@jalaj/web-kit';
import { useCallback } from 'react';
import { useNotification } from '../use-notification.js';

/**
 * The one place that turns a failed API call into the text an admin sees.
 * Expected failures read as the catalogue's text for their code and data (the
 * server's own message only for a code the catalogue does not know); unexpected
 * failures (server faults, network loss) show the caller's fallback instead of a
 * technical message.
 *
 * @param error - What the API call threw.
 * @param fallback - The screen's own fallback text, e.g. 'Failed to delete product'.
 * @returns The text to show.
 */
export function apiErrorMessage(error: unknown, fallback: string = UNEXPECTED_ERROR_MESSAGE): string {
  if (!isApiError(error)) return fallback;
  switch (error.code) {
    case 'INTERNAL':
    case 'UNAVAILABLE':
    case 'NETWORK_ERROR':
      return fallback;
    default:
      return renderReceived(error.code, error.data)?.message ?? (error.message || fallback);
  }
}

/** The texts of one role change in the Admins tab (spec §8, Admin: admins). */
interface RoleChangeTexts {
  readonly success: string;
  /** When the server itself failed (fault, outage, network). */
  readonly fallback: string;
}

/** The two role changes of the Admins tab. */
export type RoleChange = 'add' | 'remove';

/** Spec §8, from the catalogue; the expected failures (USER_NOT_FOUND, ALREADY_ADMIN, NOT_ADMIN, LAST_ADMIN) read by their codes. */
export const ROLE_CHANGE_TEXTS: Readonly<Record<RoleChange, RoleChangeTexts>> = Object.freeze({
  add: { success: ADMIN_MESSAGES.added, fallback: ADMIN_MESSAGES.addFailed },
  remove: { success: ADMIN_MESSAGES.removed, fallback: ADMIN_MESSAGES.removeFailed },
});

/** Spec §8: a failed listing of the admins. */
export const LIST_ADMINS_FALLBACK = ADMIN_MESSAGES.listFailed;

/**
 * The text of a failed role change: the spec's text for the expected outcomes
 * (no such user; already / not an admin), the change's fallback when the
 * server failed or could not be reached, the server's message for any other
 * answer, and 'An unexpected error occurred' for anything that is no API error.
 *
 * @param change - Which change failed.
 * @param error - What the API call threw.
 * @returns The text to show under the title 'Error'.
 */
export function roleChangeErrorMessage(change: RoleChange, error: unknown): string {
  if (!isApiError(error)) return UNEXPECTED_ERROR_MESSAGE;
  return apiErrorMessage(error, ROLE_CHANGE_TEXTS[change].fallback);
}

/**
 * Shows a failed API call as an antd error notification titled 'Error' (or the
 * server's own title), the spec's toast shape for admin failures.
 *
 * @returns `(error, fallback?) => void`.
 */
export function useApiErrorNotice(): (error: unknown, fallback?: string) => void {
  const notification = useNotification();
  return useCallback(
    (error: unknown, fallback?: string) => {
      notification.error({
        title: (isApiError(error) && error.title) || 'Error',
        description: apiErrorMessage(error, fallback),
      });
    },
    [notification],
  );
}

/** The product changes of the Products tab. */
export type ProductChange = 'create' | 'update' | 'delete';

/** Spec §8, Admin: products, from the catalogue. */
export const PRODUCT_CHANGE_TEXTS: Readonly<Record<ProductChange, { readonly success: string; readonly failure: string }>> = Object.freeze({
  create: { success: PRODUCT_MESSAGES.created, failure: PRODUCT_MESSAGES.createFailed },
  update: { success: PRODUCT_MESSAGES.updated, failure: PRODUCT_MESSAGES.updateFailed },
  delete: { success: PRODUCT_MESSAGES.deleted, failure: PRODUCT_MESSAGES.deleteFailed },
});

const uploadFailed = renderMessage('IMAGE_UPLOAD_FAILED');

/** Spec §8, Admin: products: the summary toasts after a batch of image uploads (the failure from the catalogue). */
export const UPLOAD_TEXTS = Object.freeze({
  success: 'Upload successful',
  failureTitle: uploadFailed.title!,
  failureText: uploadFailed.message,
});

/** Not in the spec: the Users tab's own load failures. */
export const LIST_USERS_FALLBACK = 'Failed to load users';
export const LOAD_USER_FALLBACK = 'Failed to load user';

/**
 * The text of a failed read of a list or a record: the shop's own words when it is
 * unavailable (a 503: 'The shop is unavailable right now. Please try again shortly.'), the
 * catalogue's text for an expected failure ('User not found'), else the screen's fallback.
 *
 * @param error - What the read failed with.
 * @param fallback - The screen's fallback, e.g. {@link LIST_USERS_FALLBACK}.
 */
export function readErrorText(error: unknown, fallback: string): string {
  if (isApiError(error) && error.code === 'UNAVAILABLE') return renderMessage('UNAVAILABLE').message;
  return apiErrorMessage(error, fallback);
}

/** Not in the spec: the Products tab's own load failure. */
export const LIST_PRODUCTS_FALLBACK = 'Failed to load products';

/**
 * The toast of a failed product change: the spec's text as the title, and
 * the server's reason beneath it when it says more than that text (e.g.
 * 'Product not found' when another admin deleted it meanwhile).
 *
 * @param change - Which change failed.
 * @param error - What the API call threw.
 * @returns The notification's title and description.
 */
export function productChangeFailure(change: ProductChange, error: unknown): { title: string; description?: string } {
  const title = PRODUCT_CHANGE_TEXTS[change].failure;
  const reason = apiErrorMessage(error, title);
  return reason === title || reason === UNEXPECTED_ERROR_MESSAGE ? { title } : { title, description: reason };
}

/**
 * The toast of one refused image upload: the server's own title and text
 * ('Invalid file type', 'File too large', 'Too many images'), else the spec's upload failure.
 *
 * @param error - What the upload rejected with.
 * @returns The notification's title and description.
 */
export function uploadFailure(error: unknown): { title: string; description: string } {
  const refused = isApiError(error) && error.status >= 400 && error.status < 500 ? renderReceived(error.code, error.data) : undefined;
  if (refused?.title) return { title: refused.title, description: refused.message };
  if (isApiError(error) && error.title && error.status >= 400 && error.status < 500) {
    return { title: error.title, description: error.message };
  }
  return { title: UPLOAD_TEXTS.failureTitle, description: apiErrorMessage(error, UPLOAD_TEXTS.failureText) };
}

/** The changes of the Orders tab, and its reads that toast when they fail. */
export type OrderChange = 'delete' | 'bulkDelete' | 'restore' | 'fulfil' | 'refund' | 'bill' | 'export' | 'decision' | 'approveClaim' | 'declineClaim';

/**
 * The fallback text of each failed order change: spec §8 (Admin: orders) for the deletes,
 * the tab's own words for the rest.
 */
export const ORDER_CHANGE_FALLBACKS: Readonly<Record<OrderChange, string>> = Object.freeze({
  delete: ORDER_MESSAGES.deleteFailed,
  bulkDelete: ORDER_MESSAGES.bulkDeleteFailed,
  restore: 'Failed to restore order',
  fulfil: 'Failed to update order',
  refund: 'Failed to start refund',
  bill: 'Failed to load bill',
  export: 'Failed to export orders',
  decision: 'Failed to settle the order',
  approveClaim: 'Failed to approve the claim',
  declineClaim: 'Failed to decline the claim',
});

/**
 * The inline text of a failed order list (spec §2, Orders tab): 'Error loading orders: {message}',
 * the message read as {@link apiErrorMessage} reads it (the server's words for an outage).
 *
 * @param error - What the list request failed with.
 */
export function orderListErrorText(error: unknown): string {
  // A refused filter: the server's words name the field ('Use a date like 2026-11-22').
  if (isApiError(error) && error.code === 'VALIDATION_FAILED' && error.message) return `Error loading orders: ${error.message}`;
  const fallback = isApiError(error) && error.code !== 'INTERNAL' && error.code !== 'NETWORK_ERROR' && error.message ? error.message : UNEXPECTED_ERROR_MESSAGE;
  return `Error loading orders: ${apiErrorMessage(error, fallback)}`;
}

/**
 * The toast of a failed order change (spec §8, Admin: orders): titled 'Error', with the
 * catalogue's text for the expected refusals ('No orders found with this transaction ID',
 * 'No orders selected for deletion'…), 'Unauthorized: Admin access required' for a
 * refused role, and the change's fallback when the server failed.
 *
 * @param change - Which change failed.
 * @param error - What the API call threw.
 * @returns The notification's title and description.
 */
export function orderChangeFailure(change: OrderChange, error: unknown): { title: string; description: string } {
  const refusedRole = isApiError(error) && (error.code === 'FORBIDDEN' || error.code === 'ADMIN_REQUIRED');
  return { title: ORDER_MESSAGES.errorTitle, description: refusedRole ? ADMIN_ACCESS_REQUIRED_MESSAGE : apiErrorMessage(error, ORDER_CHANGE_FALLBACKS[change]) };
}

/** A success reply carrying a notice, as the BFF answers it (its texts beside the code). */
interface NoticeReply {
  readonly notice: { readonly code: string; readonly data?: Readonly<Record<string, unknown>> | undefined };
  readonly title?: string | undefined;
  readonly message: string;
}

/**
 * The toast of a done order change: the notice read with the catalogue (e.g. 'Order deleted' /
 * 'Successfully deleted 2 order item(s) with transaction ID: 9f3k1a2b'), else the texts the
 * server sent beside it.
 *
 * @param reply - The change's reply.
 * @returns The notification's title and description.
 */
export function orderChangeSuccess(reply: NoticeReply): { title: string; description: string } {
  const rendered = renderReceived(reply.notice.code, reply.notice.data);
  return { title: rendered?.title ?? reply.title ?? 'Success', description: rendered?.message ?? reply.message };
}
