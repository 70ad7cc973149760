import { isApiError, UNEXPECTED_ERROR_MESSAGE } from '@jalaj/web-kit';
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
