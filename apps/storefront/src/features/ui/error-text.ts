import type { RenderedMessage } from '@jalaj/commerce';
import { type ApiError, isApiError, UNEXPECTED_ERROR_MESSAGE } from '@jalaj/web-kit';

/**
 * The title and text of a failed call: the ones the BFF rendered from its code and data
 * with the catalogue (ADR 013, 084; data that does not fit its code reads as the code's
 * generic text there), or, for a plain form failure, its fields' texts.
 *
 * @param error - The failure.
 * @returns Its title (when it has one) and text.
 */
export function renderApiError(error: ApiError): RenderedMessage {
  if (error.code === 'VALIDATION_FAILED' && error.fieldErrors?.length) return { message: error.fieldErrors.map((e) => e.message).join(' ') };
  return error.title === undefined ? { message: error.message } : { title: error.title, message: error.message };
}

/**
 * The text to show for a failed call: the catalogue's text for its code, otherwise the
 * screen's fallback (network failures, bodiless 5xx).
 *
 * @param error - What the call threw.
 * @param fallback - The screen's text for an unexplained failure.
 * @returns The message for the toast.
 */
export function serverMessage(error: unknown, fallback: string): string {
  if (!isApiError(error) || error.status === 0) return fallback;
  const { message } = renderApiError(error);
  return message === UNEXPECTED_ERROR_MESSAGE ? fallback : message;
}

/**
 * The per-field problems a rejected form came back with, keyed by field.
 *
 * @param error - What the call threw.
 * @returns The messages by field name; empty when there are none.
 */
export function serverFieldErrors(error: unknown): Record<string, string> {
  const result: Record<string, string> = {};
  if (!isApiError(error)) return result;
  for (const { field, message } of error.fieldErrors ?? []) result[field] ??= message;
  return result;
}
