import { renderReceived, UNEXPECTED_ERROR_TEXT } from '@jalaj/commerce';
import type { ErrorCode, FieldError } from '@jalaj/contracts';

/**
 * The code of an {@link ApiError}: one of the shop's error codes, or
 * `NETWORK_ERROR` when no HTTP response arrived at all.
 */
export type ApiErrorCode = ErrorCode | 'NETWORK_ERROR';

/** The problem JSON body the BFF answers every failed request with. */
export interface ProblemBody {
  /** The HTTP status, repeated in the body. */
  readonly status: number;
  /** A stable code from the shop's error-code list. */
  readonly code: ApiErrorCode;
  /** The facts of the failure, shaped by the code (e.g. `{ productId, available, inCart }`). */
  readonly data?: Readonly<Record<string, unknown>>;
  /** A short toast title, e.g. `'Out of Stock'`. */
  readonly title?: string;
  /** The user-facing text, word for word from the spec where it has one. */
  readonly message: string;
  /** Per-field problems of a rejected form. */
  readonly fieldErrors?: readonly FieldError[];
}

/** The text used when a failed response carries no usable message (the catalogue's `INTERNAL` text). */
export const UNEXPECTED_ERROR_MESSAGE = UNEXPECTED_ERROR_TEXT;

/**
 * A failed API call, carrying what the BFF's problem response said.
 * Thrown by the API client for every non-2xx response and for network
 * failures that outlived the retries (then `status` is `0`).
 */
export class ApiError extends Error {
  /** The HTTP status, or `0` when the request never got a response. */
  readonly status: number;
  /** The stable error code to branch on; never branch on `message`. */
  readonly code: ApiErrorCode;
  /** The facts the code carries, to render with the catalogue (`renderReceived(code, data)`); `{}` when none. */
  readonly data: Readonly<Record<string, unknown>>;
  /** A short toast title, when the server gave one. */
  readonly title: string | undefined;
  /** Per-field problems of a rejected form, when the server gave them. */
  readonly fieldErrors: readonly FieldError[] | undefined;

  constructor(problem: ProblemBody, options?: { cause?: unknown }) {
    super(problem.message, options);
    this.name = 'ApiError';
    this.status = problem.status;
    this.code = problem.code;
    this.data = problem.data ?? {};
    this.title = problem.title;
    this.fieldErrors = problem.fieldErrors;
  }
}

/**
 * Whether a thrown value is an {@link ApiError}.
 *
 * @param value - Anything caught.
 * @returns `true` for an `ApiError`.
 */
export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

// Used only when a response has no problem body (a proxy's HTML error page, an
// empty 502): the status is then the only fact available.
function codeForStatus(status: number): ErrorCode {
  if (status === 400 || status === 422) return 'VALIDATION_FAILED';
  if (status === 401) return 'UNAUTHENTICATED';
  if (status === 403) return 'FORBIDDEN';
  if (status === 404) return 'NOT_FOUND';
  if (status === 409) return 'CONFLICT';
  if (status === 429) return 'RATE_LIMITED';
  if (status === 502 || status === 503 || status === 504) return 'UNAVAILABLE';
  return 'INTERNAL';
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const nonEmptyString = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';

function readFieldErrors(value: unknown): FieldError[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const valid = value.filter(
    (item): item is FieldError => isRecord(item) && typeof item['field'] === 'string' && typeof item['message'] === 'string',
  );
  return valid.length > 0 ? valid.map(({ field, message }) => ({ field, message })) : undefined;
}

/**
 * Turns a failed HTTP response into an {@link ApiError}. The body is read
 * leniently by hand rather than with the contract's zod schema, so that
 * browser bundles do not carry zod; whatever is missing falls back to what
 * the HTTP status implies.
 *
 * @param status - The HTTP status of the response.
 * @param body - The parsed JSON body, or `undefined` when it was not JSON.
 * @returns The error to throw.
 */
export function apiErrorFromResponse(status: number, body: unknown): ApiError {
  const problem = isRecord(body) ? body : {};
  const code = nonEmptyString(problem['code']) ? (problem['code'] as ApiErrorCode) : codeForStatus(status);
  const data = isRecord(problem['data']) ? problem['data'] : undefined;
  // A problem body without texts still reads with the catalogue's words; a body that is no
  // problem at all (a proxy's error page) keeps the generic text, as the status is all we know.
  const rendered = nonEmptyString(problem['code']) ? renderReceived(code, data) : undefined;
  return new ApiError({
    status,
    code,
    data,
    title: nonEmptyString(problem['title']) ? problem['title'] : rendered?.title,
    message: nonEmptyString(problem['message']) ? problem['message'] : (rendered?.message ?? UNEXPECTED_ERROR_MESSAGE),
    fieldErrors: readFieldErrors(problem['fieldErrors']),
  });
}

/**
 * The error for a request that never got a response, after all retries.
 *
 * @param cause - What `fetch` threw.
 * @returns An {@link ApiError} with status `0` and code `NETWORK_ERROR`.
 */
export function networkError(cause: unknown): ApiError {
  return new ApiError({ status: 0, code: 'NETWORK_ERROR', message: UNEXPECTED_ERROR_MESSAGE }, { cause });
}
