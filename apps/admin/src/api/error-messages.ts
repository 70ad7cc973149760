import { type ApiErrorCode, isApiError, UNEXPECTED_ERROR_MESSAGE } from '@jalaj/web-kit';
import { App } from 'antd';
import { useCallback } from 'react';

/**
 * The one place that turns a failed API call into the text an admin sees.
 * The BFF already sends the spec's wording for expected failures, so that text
 * is shown as is; unexpected failures (server faults, network loss) show the
 * caller's fallback instead of a technical message.
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
      return error.message || fallback;
  }
}

/** The texts of one role change in the Admins tab (spec §8, Admin: admins). */
interface RoleChangeTexts {
  readonly success: string;
  /** The spec's text per expected failure code. */
  readonly failures: Partial<Record<ApiErrorCode, string>>;
  /** When the server itself failed (fault, outage, network). */
  readonly fallback: string;
}

/** The two role changes of the Admins tab. */
export type RoleChange = 'add' | 'remove';

/** Spec §8, word for word. */
export const ROLE_CHANGE_TEXTS: Readonly<Record<RoleChange, RoleChangeTexts>> = Object.freeze({
  add: {
    success: 'Successfully made the given email an admin',
    failures: { NOT_FOUND: 'User not found with that email address', CONFLICT: 'User is already an admin' },
    fallback: 'Failed to add admin',
  },
  remove: {
    success: 'Successfully removed admin role from the given email',
    failures: { NOT_FOUND: 'User not found with that email address', CONFLICT: 'User is not an admin' },
    fallback: 'Failed to remove admin',
  },
});

/** Spec §8: a failed listing of the admins. */
export const LIST_ADMINS_FALLBACK = 'Failed to list admin users';

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
  const texts = ROLE_CHANGE_TEXTS[change];
  if (!isApiError(error)) return UNEXPECTED_ERROR_MESSAGE;
  const expected = texts.failures[error.code];
  if (expected) return expected;
  return apiErrorMessage(error, texts.fallback);
}

/**
 * Shows a failed API call as an antd error notification titled 'Error' (or the
 * server's own title), the spec's toast shape for admin failures.
 *
 * @returns `(error, fallback?) => void`.
 */
export function useApiErrorNotice(): (error: unknown, fallback?: string) => void {
  const { notification } = App.useApp();
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

/** Spec §8, Admin: products, word for word. */
export const PRODUCT_CHANGE_TEXTS: Readonly<Record<ProductChange, { readonly success: string; readonly failure: string }>> = Object.freeze({
  create: { success: 'Product created successfully', failure: 'Failed to create product' },
  update: { success: 'Product updated successfully', failure: 'Failed to update product' },
  delete: { success: 'Product deleted successfully', failure: 'Failed to delete product' },
});

/** Spec §8, Admin: products: the summary toasts after a batch of image uploads. */
export const UPLOAD_TEXTS = Object.freeze({
  success: 'Upload successful',
  failureTitle: 'Upload failed',
  failureText: 'Failed to upload one or more images',
});

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
  if (isApiError(error) && error.title && error.status >= 400 && error.status < 500) {
    return { title: error.title, description: error.message };
  }
  return { title: UPLOAD_TEXTS.failureTitle, description: apiErrorMessage(error, UPLOAD_TEXTS.failureText) };
}
