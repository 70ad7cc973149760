import { apiErrorFromResponse, getAccessToken, getUnauthorizedHandler, networkError } from '@jalaj/web-kit';

/** A downloaded file. */
export interface DownloadedFile {
  readonly blob: Blob;
  readonly fileName: string;
}

/** The file name of a `content-disposition: attachment; filename="…"` header. */
export function attachmentFileName(header: string | null, fallback: string): string {
  const name = header?.match(/filename="?([^";]+)"?/i)?.[1]?.trim();
  return name ? name : fallback;
}

/**
 * Downloads a CSV the BFF makes (the Orders tab's export, the sales over time's numbers). A
 * plain `fetch` rather than the JSON client, because the answer is a file; it keeps the
 * client's session rules: the in-memory access token as bearer, cookies sent, and one
 * renewal and resend after a 401.
 *
 * @param url - The route's URL with its query.
 * @param fallbackName - The file's name when the server gives none.
 * @returns The file and the name the server gave it.
 * @throws ApiError when the server refused or could not be reached.
 */
export async function downloadFile(url: string, fallbackName: string): Promise<DownloadedFile> {
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
  return { blob: await response.blob(), fileName: attachmentFileName(response.headers.get('content-disposition'), fallbackName) };
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
