import { isApiError, UNEXPECTED_ERROR_MESSAGE } from '@jalaj/web-kit';

/**
 * The text to show for a failed call: the server's own message when it sent
 * one, otherwise the screen's fallback (network failures, bodiless 5xx).
 *
 * @param error - What the call threw.
 * @param fallback - The screen's text for an unexplained failure.
 * @returns The message for the toast.
 */
export function serverMessage(error: unknown, fallback: string): string {
  if (!isApiError(error) || error.status === 0 || error.message === UNEXPECTED_ERROR_MESSAGE) return fallback;
  return error.message;
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
