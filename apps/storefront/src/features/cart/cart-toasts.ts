import { CART_MESSAGES } from '@jalaj/commerce';
import type { ApiError } from '@jalaj/web-kit';
import { renderApiError } from '../ui/error-text.js';

/** The title and text of a cart toast. */
export interface CartToastText {
  readonly title: string;
  readonly description: string;
}

/**
 * The toast of an accepted cart change: the title and text the BFF rendered from the
 * reply's notice with the catalogue (ADR 013, 084).
 *
 * @param change - The reply, e.g. `{ notice: { code: 'CART_ITEM_ADDED', … }, title: 'Added to Cart', message: '2 items successfully added to your cart' }`.
 * @returns The toast's title and text; 'Updated Cart' with no text when the reply has none.
 */
export function noticeToast(change: { readonly title?: string; readonly message?: string }): CartToastText {
  return { title: change.title ?? CART_MESSAGES.updatedTitle, description: change.message ?? '' };
}

/**
 * The toast of a refused cart change (409: 'Out of Stock', 'Insufficient Stock' …), with
 * the problem's title and text.
 *
 * @param error - The refusal.
 * @returns The toast's title ('Error' when the code has none) and text.
 */
export function refusalToast(error: ApiError): CartToastText {
  const { title, message } = renderApiError(error);
  return { title: title ?? CART_MESSAGES.errorTitle, description: message };
}
