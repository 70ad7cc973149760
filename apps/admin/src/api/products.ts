import { apiPath, type HttpQuery, type HttpResponse, type ProductInput, type ProductUpdateInput, type StockAdjustment } from '@jalaj/contracts';
import {
  apiErrorFromResponse,
  ApiError,
  callRoute,
  getAccessToken,
  getUnauthorizedHandler,
  networkError,
  UNEXPECTED_ERROR_MESSAGE,
  useApiClient,
  useRoute,
} from '@jalaj/web-kit';
import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { isFiguresKey } from './figures.js';

/** `GET /api/admin/products` (one page), `POST` (create), `PATCH|DELETE …/:id`. */
export const ADMIN_PRODUCTS_PATH = apiPath('admin.products.list');

/** `POST /api/admin/media`: multipart `existingCount` + `file`, answers `{ items: [{ url }] }`. */
export const ADMIN_MEDIA_PATH = apiPath('admin.media.upload');

/** One page of the Products tab, with the total and the low-stock threshold. */
export type ProductPage = HttpResponse<'admin.products.list'>;

/** The Products tab's query as query strings (`q`, `lowStock`, `sort`, `page`, `pageSize`). */
export type ProductPageQuery = Partial<Record<keyof NonNullable<HttpQuery<'admin.products.list'>>, string>>;

/** Every cached page of the Products tab, and today's figures, which count the plants low on stock. */
const isProductsKey = (key: unknown) => typeof key === 'string' && (key === ADMIN_PRODUCTS_PATH || key.startsWith(`${ADMIN_PRODUCTS_PATH}?`) || isFiguresKey(key));

/** A page of some product's stock history (`/api/admin/products/:id/stock-history?…`). */
const isStockHistoryKey = (key: unknown) => typeof key === 'string' && key.startsWith(`${ADMIN_PRODUCTS_PATH}/`) && key.includes('/stock-history');

/**
 * One page of products, searched, filtered and ordered by the server. The previous page
 * stays on screen while the next one loads, so typing and paging do not flash the loading state.
 */
export function useAdminProducts(query: ProductPageQuery) {
  return useRoute('admin.products.list', { query }, { keepPreviousData: true });
}

/**
 * Create, update and delete of the Products tab. Each rejects with the API's
 * error; after any outcome every cached page is fetched again, so that it shows what
 * the server now holds even when a change half-failed.
 */
export function useProductChanges() {
  const client = useApiClient();
  const { mutate } = useSWRConfig();
  // A save can change the stock, so a product's stock history is fetched again too.
  const refreshList = useCallback(() => void mutate((key: unknown) => isProductsKey(key) || isStockHistoryKey(key)), [mutate]);

  const createProduct = useCallback(
    async (input: ProductInput) => {
      try {
        return await callRoute(client, 'admin.products.create', { body: input });
      } finally {
        refreshList();
      }
    },
    [client, refreshList],
  );

  const updateProduct = useCallback(
    async (id: string, input: ProductUpdateInput) => {
      try {
        return await callRoute(client, 'admin.products.update', { params: { id }, body: input });
      } finally {
        refreshList();
      }
    },
    [client, refreshList],
  );

  const deleteProduct = useCallback(
    async (id: string) => {
      try {
        await callRoute(client, 'admin.products.delete', { params: { id } });
      } finally {
        refreshList();
      }
    },
    [client, refreshList],
  );

  return { createProduct, updateProduct, deleteProduct };
}

/** One page of a product's stock history, newest first (issue #42). */
export type StockHistoryPage = HttpResponse<'admin.products.stock-history'>;

/** A product's stock history, one page of `pageSize`; `null` fetches nothing. */
export function useStockHistory(productId: string | null, page: number, pageSize: number) {
  return useRoute('admin.products.stock-history', productId === null ? null : { params: { id: productId }, query: { page: String(page), pageSize: String(pageSize) } }, { keepPreviousData: true });
}

/**
 * An adjustment of a product's stock with a reason (issue #42). Rejects with the API's
 * error; after any outcome the product's history and every cached page of products are
 * fetched again.
 */
export function useStockAdjustment(productId: string) {
  const client = useApiClient();
  const { mutate } = useSWRConfig();
  const historyPath = `${ADMIN_PRODUCTS_PATH}/${encodeURIComponent(productId)}/stock-history`;
  return useCallback(
    async (adjustment: StockAdjustment) => {
      try {
        return await callRoute(client, 'admin.products.stock-adjust', { params: { id: productId }, body: adjustment });
      } finally {
        void mutate((key: unknown) => isProductsKey(key) || (typeof key === 'string' && key.startsWith(historyPath)));
      }
    },
    [client, mutate, productId, historyPath],
  );
}

/** One image upload under way. */
export interface ImageUpload {
  /** Resolves with the stored image's address; rejects with an {@link ApiError}, or an `AbortError` after {@link abort}. */
  readonly done: Promise<string>;
  /** Cancels the upload (the dialog closed). */
  readonly abort: () => void;
}

interface XhrAnswer {
  readonly status: number;
  readonly body: unknown;
}

const abortError = () => new DOMException('The upload was cancelled', 'AbortError');

function parseJson(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * Uploads one product image to `POST /api/admin/media`.
 *
 * XMLHttpRequest rather than the shared fetch client, because only XHR reports
 * upload progress. It keeps the client's session rules: the in-memory access
 * token as bearer, cookies sent, and one renewal of the session and one resend
 * after a 401.
 *
 * @param file - The chosen image.
 * @param existingCount - The images the product has besides this one
 *   (kept images plus the uploads started before it), for the server's limit check.
 * @param onProgress - Called with 0–100 as the bytes go out.
 * @returns The upload.
 */
export function uploadProductImage(file: File, existingCount: number, onProgress: (percent: number) => void): ImageUpload {
  let current: XMLHttpRequest | null = null;
  let aborted = false;

  const send = () =>
    new Promise<XhrAnswer>((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      current = xhr;
      xhr.open('POST', ADMIN_MEDIA_PATH);
      xhr.withCredentials = true;
      xhr.setRequestHeader('Accept', 'application/json');
      const token = getAccessToken();
      if (token !== null) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable && event.total > 0) onProgress(Math.min(100, Math.round((event.loaded / event.total) * 100)));
      };
      xhr.onload = () => resolve({ status: xhr.status, body: parseJson(xhr.responseText) });
      xhr.onerror = () => reject(networkError(new Error(`Upload of ${file.name} failed`)));
      xhr.onabort = () => reject(abortError());
      // The server reads `existingCount` before the file, so it must come first.
      const form = new FormData();
      form.append('existingCount', String(existingCount));
      form.append('file', file, file.name);
      xhr.send(form);
    });

  const run = async (): Promise<string> => {
    const sentToken = getAccessToken();
    let answer = await send();
    if (answer.status === 401 && sentToken !== null) {
      const renew = getUnauthorizedHandler();
      if (renew !== null && (await renew()) && !aborted) {
        onProgress(0);
        answer = await send();
      }
    }
    if (aborted) throw abortError();
    if (answer.status < 200 || answer.status >= 300) throw apiErrorFromResponse(answer.status, answer.body);
    // An answer not of the contract's shape (a proxy's page) is refused below, not trusted.
    const url = (answer.body as Partial<HttpResponse<'admin.media.upload'>> | undefined)?.items?.[0]?.url;
    if (typeof url !== 'string' || url === '') {
      throw new ApiError({ status: answer.status, code: 'INTERNAL', message: UNEXPECTED_ERROR_MESSAGE });
    }
    return url;
  };

  return {
    done: run(),
    abort: () => {
      aborted = true;
      current?.abort();
    },
  };
}

/**
 * Whether a rejection is a cancelled upload, which is no failure to report.
 *
 * @param error - What an upload rejected with.
 * @returns `true` for an `AbortError`.
 */
export function isAbortedUpload(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError';
}
