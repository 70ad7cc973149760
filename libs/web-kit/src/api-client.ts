import { getAccessToken } from './access-token.js';
import { apiErrorFromResponse, ApiError, networkError, UNEXPECTED_ERROR_MESSAGE } from './api-error.js';
import { getUnauthorizedHandler, type UnauthorizedHandler } from './unauthorized-handler.js';

/**
 * HTTP statuses that mean "a gateway or the service is momentarily unavailable":
 * the only ones worth trying again. Any other status is the server's real answer.
 */
export const RETRYABLE_STATUSES: readonly number[] = Object.freeze([502, 503, 504]);

/** How many times a request is sent at most, the first try included. */
export const DEFAULT_MAX_ATTEMPTS = 3;

/** The pause before the first retry; it doubles before each further one. */
export const DEFAULT_RETRY_DELAY_MS = 200;

/** Options of {@link createApiClient}. */
export interface ApiClientOptions {
  /** Prefix of every request path; `''` (same origin as the page) by default. */
  readonly baseUrl?: string;
  /** Tries per request, the first included; {@link DEFAULT_MAX_ATTEMPTS} by default. */
  readonly maxAttempts?: number;
  /** Pause before the first retry, doubled each time; {@link DEFAULT_RETRY_DELAY_MS} by default. */
  readonly retryDelayMs?: number;
  /** Waits between tries; replaceable so that tests need not wait. */
  readonly sleep?: (ms: number) => Promise<void>;
  /** The `fetch` to use; the global one (looked up on every request) by default. */
  readonly fetch?: typeof fetch;
  /**
   * Renews the session after an authenticated request was answered 401; the
   * handler registered with {@link setUnauthorizedHandler} (the session's
   * refresh) by default.
   */
  readonly onUnauthorized?: UnauthorizedHandler;
}

/**
 * Paths whose 401 is an answer about credentials (wrong password, expired
 * refresh cookie), never a stale access token: renewing and retrying them
 * would be pointless, and for the refresh route itself, endless.
 */
const AUTH_PATH_PREFIX = '/api/auth/';

/** Per-request options. */
export interface RequestOptions {
  /** Cancels the request; an aborted request is never retried. */
  readonly signal?: AbortSignal;
  /** Extra request headers. */
  readonly headers?: Readonly<Record<string, string>>;
}

/** The HTTP methods the BFF uses. */
export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/**
 * A JSON client for the BFF. Every method resolves with the parsed JSON body
 * (`undefined` for an empty body, e.g. 204) and rejects with an {@link ApiError}.
 */
export interface ApiClient {
  /** Sends any request; the verb helpers below are shorthands for it. */
  request<T>(method: HttpMethod, path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  /** `GET path`. */
  get<T>(path: string, options?: RequestOptions): Promise<T>;
  /** `POST path` with a JSON body (or `FormData`, sent as is). */
  post<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  /** `PATCH path` with a JSON body. */
  patch<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  /** `DELETE path`. */
  del<T = void>(path: string, options?: RequestOptions): Promise<T>;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

// Checked by name: an AbortError is a DOMException, which is not always an `instanceof Error`.
const isAbort = (error: unknown, signal: AbortSignal | undefined): boolean =>
  signal?.aborted === true || (typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError');

function encodeBody(body: unknown, headers: Headers): BodyInit | undefined {
  if (body === undefined) return undefined;
  // The browser sets the multipart boundary itself, so uploads keep their own content type.
  if (body instanceof FormData || body instanceof Blob || body instanceof URLSearchParams) return body;
  headers.set('Content-Type', 'application/json');
  return JSON.stringify(body);
}

async function readJson(response: Response): Promise<{ ok: true; value: unknown } | { ok: false; error: unknown }> {
  const text = await response.text();
  if (text.trim() === '') return { ok: true, value: undefined };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    return { ok: false, error };
  }
}

/**
 * Creates the browser's client for the BFF's REST API.
 *
 * - Sends cookies (`credentials: 'include'`), so the HttpOnly refresh cookie
 *   reaches the auth routes, and the in-memory access token (see
 *   {@link setAccessToken}) as a bearer token.
 * - Retries on HTTP 502, 503, 504 or a network failure, up to
 *   {@link DEFAULT_MAX_ATTEMPTS} tries with a short doubling pause; never on
 *   any other status, and never after the caller aborted.
 * - When a request that carried an access token is answered 401 (the token
 *   expired or was revoked), renews the session once through
 *   {@link ApiClientOptions.onUnauthorized} and sends the request again with
 *   the new token; the second answer is final.
 * - Turns every failure into an {@link ApiError} read from the problem JSON.
 *
 * @param options - Base URL and retry tuning; all optional.
 * @returns The client.
 */
export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const baseUrl = (options.baseUrl ?? '').replace(/\/+$/, '');
  const maxAttempts = Math.max(1, options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS);
  const retryDelayMs = options.retryDelayMs ?? DEFAULT_RETRY_DELAY_MS;
  const sleep = options.sleep ?? defaultSleep;

  async function send(method: HttpMethod, path: string, body: unknown, requestOptions: RequestOptions): Promise<Response> {
    const doFetch = options.fetch ?? globalThis.fetch;
    const { signal } = requestOptions;
    for (let attempt = 1; ; attempt += 1) {
      const headers = new Headers({ Accept: 'application/json', ...requestOptions.headers });
      const token = getAccessToken();
      if (token !== null) headers.set('Authorization', `Bearer ${token}`);
      const init: RequestInit = { method, headers, body: encodeBody(body, headers), credentials: 'include' };
      if (signal) init.signal = signal;

      let response: Response;
      try {
        response = await doFetch(`${baseUrl}${path}`, init);
      } catch (error) {
        if (isAbort(error, signal)) throw error;
        if (attempt >= maxAttempts) throw networkError(error);
        await sleep(retryDelayMs * 2 ** (attempt - 1));
        continue;
      }
      if (!RETRYABLE_STATUSES.includes(response.status) || attempt >= maxAttempts || signal?.aborted) return response;
      // Drain the discarded body so the connection can be reused.
      await response.body?.cancel().catch(() => undefined);
      await sleep(retryDelayMs * 2 ** (attempt - 1));
    }
  }

  async function request<T>(method: HttpMethod, path: string, body?: unknown, requestOptions: RequestOptions = {}): Promise<T> {
    const sentToken = getAccessToken();
    let response = await send(method, path, body, requestOptions);
    if (response.status === 401 && sentToken !== null && !path.startsWith(AUTH_PATH_PREFIX)) {
      const renew = options.onUnauthorized ?? getUnauthorizedHandler();
      // Another request may already have renewed the token while this one was in flight.
      const current = getAccessToken();
      const renewed = current !== null && current !== sentToken ? true : renew !== null && (await renew());
      if (renewed && getAccessToken() !== null && !requestOptions.signal?.aborted) {
        await response.body?.cancel().catch(() => undefined);
        response = await send(method, path, body, requestOptions);
      }
    }
    const parsed = await readJson(response);
    if (!response.ok) throw apiErrorFromResponse(response.status, parsed.ok ? parsed.value : undefined);
    if (!parsed.ok) {
      throw new ApiError({ status: response.status, code: 'INTERNAL', message: UNEXPECTED_ERROR_MESSAGE }, { cause: parsed.error });
    }
    return parsed.value as T;
  }

  return {
    request,
    get: (path, requestOptions) => request('GET', path, undefined, requestOptions),
    post: (path, body, requestOptions) => request('POST', path, body, requestOptions),
    patch: (path, body, requestOptions) => request('PATCH', path, body, requestOptions),
    del: (path, requestOptions) => request('DELETE', path, undefined, requestOptions),
  };
}
