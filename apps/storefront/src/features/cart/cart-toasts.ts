import { CART_MESSAGES, renderReceived } from '@jalaj/commerce';
import { NOTICE_DATA, type Notice } from '@jalaj/contracts';
import type { ApiError } from '@jalaj/web-kit';
import { renderApiError } from '../ui/error-text.js';

/** The title and text of a cart toast. */
export interface CartToastText {
  readonly title: string;
  readonly description: string;
}

/**
 * The toast of an accepted cart change, rendered here from the reply's notice (code and
 * data) with the catalogue (ADR 013); the reply's own `title`/`message` are for other clients.
 *
 * @param notice - The reply's notice, e.g. `{ code: 'CART_ITEM_ADDED', data: { quantity: 2 } }`.
 * @returns The toast's title and text; 'Updated Cart' with no text when the data does not fit the code.
 */
export function noticeToast(notice: Notice): CartToastText {
  // Data from a sender on another version must not read as 'undefined items successfully added'.
  const data = NOTICE_DATA[notice.code].safeParse(notice.data ?? {});
  const rendered = data.success ? renderReceived(notice.code, data.data) : undefined;
  return { title: rendered?.title ?? CART_MESSAGES.updatedTitle, description: rendered?.message ?? '' };
}

/**
 * The toast of a refused cart change (409: 'Out of Stock', 'Insufficient Stock' …),
 * rendered from the problem's code and data with the catalogue.
 *
 * @param error - The refusal.
 * @returns The toast's title ('Error' when the code has none) and text.
 */
export function refusalToast(error: ApiError): CartToastText {
  const { title, message } = renderApiError(error);
  return { title: title ?? CART_MESSAGES.errorTitle, description: message };
}
