import { getAccessToken } from './access-token.js';
import { apiErrorFromResponse, ApiError, networkError, UNEXPECTED_ERROR_MESSAGE } from './api-error.js';
import { getUnauthorizedHandler, type UnauthorizedHandler } from './unauthorized-handler.js';

/**
 * HTTP statuses that mean "a gateway or the service is momentarily unavailable":
 * the only ones worth trying again. Any other status is the server's real answer.
 */
export const RETRYABLE_STATUSES: readonly number[] = Object.freeze([502, 503, 504]);

/** The request header that makes a state-changing request safe to repeat (ADR 012). */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

/** Methods that only read: repeating them can never do anything twice. */
const SAFE_METHODS: readonly string[] = Object.freeze(['GET', 'HEAD']);

/**
 * Whether a request may be sent again after a 502/503/504 or a network failure without
 * risking doing its work twice: reads always; state-changing requests only when they
 * carry an `Idempotency-Key`, because the BFF and the service then answer a repeat with
 * the first outcome instead of acting again.
 *
 * @param method - The HTTP method.
 * @param headers - The request's headers.
 * @returns `true` when an automatic retry is safe.
 */
export function isSafeToRetry(method: string, headers: Headers): boolean {
  return SAFE_METHODS.includes(method.toUpperCase()) || (headers.get(IDEMPOTENCY_KEY_HEADER) ?? '') !== '';
}

/**
 * A fresh idempotency key: a random UUID. `crypto.randomUUID` exists only in secure
 * contexts (HTTPS, localhost), so a page served over plain HTTP builds the same
 * version-4 UUID from `crypto.getRandomValues`, which exists everywhere.
 *
 * @returns A new key, unique per logical action.
 */
export function newIdempotencyKey(): string {
  if (typeof globalThis.crypto?.randomUUID === 'function') return globalThis.crypto.randomUUID();
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

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
  /** Makes the key of each state-changing request; {@link newIdempotencyKey} by default. */
  readonly newIdempotencyKey?: () => string;
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
  /**
   * The `Idempotency-Key` of a state-changing request. By default every such request
   * gets a fresh one, shared by all its retries; pass your own to make several calls one
   * logical action (e.g. a checkout pressed again after an unknown outcome), or `false`
   * to send none, and then the request is never retried automatically.
   */
  readonly idempotencyKey?: string | false;
}

/** The HTTP methods the client sends. */
export type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

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
 * - Sends every state-changing request (POST, PUT, PATCH, DELETE) with an
 *   `Idempotency-Key`: a fresh one per call (see {@link RequestOptions.idempotencyKey}),
 *   the same one on every retry and on the re-send after a renewal.
 * - Retries on HTTP 502, 503, 504 or a network failure, up to
 *   {@link DEFAULT_MAX_ATTEMPTS} tries with a short doubling pause, only requests
 *   that are safe to repeat ({@link isSafeToRetry}); never on any other status,
 *   and never after the caller aborted.
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
  const makeKey = options.newIdempotencyKey ?? newIdempotencyKey;

  async function send(method: HttpMethod, path: string, body: unknown, requestOptions: RequestOptions, idempotencyKey: string | null): Promise<Response> {
    const doFetch = options.fetch ?? globalThis.fetch;
    const { signal } = requestOptions;
    for (let attempt = 1; ; attempt += 1) {
      const headers = new Headers({ Accept: 'application/json', ...requestOptions.headers });
      if (idempotencyKey !== null) headers.set(IDEMPOTENCY_KEY_HEADER, idempotencyKey);
      const retryable = isSafeToRetry(method, headers);
      const token = getAccessToken();
      if (token !== null) headers.set('Authorization', `Bearer ${token}`);
      const init: RequestInit = { method, headers, body: encodeBody(body, headers), credentials: 'include' };
      if (signal) init.signal = signal;

      let response: Response;
      try {
        response = await doFetch(`${baseUrl}${path}`, init);
      } catch (error) {
        if (isAbort(error, signal)) throw error;
        if (attempt >= maxAttempts || !retryable) throw networkError(error);
        await sleep(retryDelayMs * 2 ** (attempt - 1));
        continue;
      }
      if (!retryable || !RETRYABLE_STATUSES.includes(response.status) || attempt >= maxAttempts || signal?.aborted) return response;
      // Drain the discarded body so the connection can be reused.
      await response.body?.cancel().catch(() => undefined);
      await sleep(retryDelayMs * 2 ** (attempt - 1));
    }
  }

  async function request<T>(method: HttpMethod, path: string, body?: unknown, requestOptions: RequestOptions = {}): Promise<T> {
    const sentToken = getAccessToken();
    // One key per logical action: every retry and the re-send after a renewal repeat it.
    const idempotencyKey =
      SAFE_METHODS.includes(method) || requestOptions.idempotencyKey === false
        ? null
        : (requestOptions.idempotencyKey ?? new Headers(requestOptions.headers).get(IDEMPOTENCY_KEY_HEADER) ?? makeKey());
    let response = await send(method, path, body, requestOptions, idempotencyKey);
    if (response.status === 401 && sentToken !== null && !path.startsWith(AUTH_PATH_PREFIX)) {
      const renew = options.onUnauthorized ?? getUnauthorizedHandler();
      // Another request may already have renewed the token while this one was in flight.
      const current = getAccessToken();
      const renewed = current !== null && current !== sentToken ? true : renew !== null && (await renew());
      if (renewed && getAccessToken() !== null && !requestOptions.signal?.aborted) {
        await response.body?.cancel().catch(() => undefined);
        response = await send(method, path, body, requestOptions, idempotencyKey);
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
