import { renderReceived, type RenderedMessage } from '@jalaj/commerce';
import { ERROR_DATA } from '@jalaj/contracts';
import { type ApiError, isApiError, UNEXPECTED_ERROR_MESSAGE } from '@jalaj/web-kit';

/**
 * The title and text of a failed call, rendered here from its code and data with the
 * catalogue (ADR 013), as the BFF would: a plain form failure reads as its fields' texts.
 * A code this build does not know, or data that does not fit its code (a server on another
 * version), reads as the server's own title and text.
 *
 * @param error - The failure.
 * @returns Its title (when it has one) and text.
 */
export function renderApiError(error: ApiError): RenderedMessage {
  if (error.code === 'VALIDATION_FAILED' && error.fieldErrors?.length) return { message: error.fieldErrors.map((e) => e.message).join(' ') };
  const schema = Object.hasOwn(ERROR_DATA, error.code) ? ERROR_DATA[error.code as keyof typeof ERROR_DATA] : undefined;
  const data = schema?.safeParse(error.data);
  const rendered = data?.success ? renderReceived(error.code, data.data) : undefined;
  if (rendered) return rendered;
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
