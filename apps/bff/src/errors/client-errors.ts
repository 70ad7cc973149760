import { renderMessage } from '@jalaj/commerce';
import type { ErrorCode } from '@jalaj/contracts';
import type { Problem } from './problem.filter.js';

/** Ops paths answered on the ops port only: on the shop's port they are a plain 404, not an app page. */
const OPS_PATHS = /^\/(health(\/.*)?|metrics)(\?.*)?$/;

/** Whether a URL is one of the ops endpoints (`/health`, `/health/live`, `/health/ready`, `/metrics`). */
export function isOpsPath(url: string): boolean {
  return OPS_PATHS.test(url);
}

/** The problem code of a 4xx status Fastify or Nest raised before any handler ran. */
export function codeForStatus(status: number): ErrorCode {
  switch (status) {
    case 400:
    case 422:
      return 'VALIDATION_FAILED';
    case 408:
      return 'REQUEST_TIMEOUT';
    case 431:
      return 'HEADERS_TOO_LARGE';
    case 401:
      return 'UNAUTHENTICATED';
    case 403:
      return 'FORBIDDEN';
    case 404:
      return 'NOT_FOUND';
    case 409:
      return 'CONFLICT';
    case 413:
      return 'PAYLOAD_TOO_LARGE';
    case 414:
      return 'URI_TOO_LONG';
    case 415:
      return 'UNSUPPORTED_MEDIA_TYPE';
    case 429:
      return 'RATE_LIMITED';
    case 503:
      return 'UNAVAILABLE';
    default:
      return 'INTERNAL';
  }
}

// The codes whose text says what was wrong with the request itself; any other status
// Fastify raises before a handler (a 401 or 409 from a plugin) reads as an invalid request.
const REQUEST_SHAPE_CODES: ReadonlySet<ErrorCode> = new Set(['PAYLOAD_TOO_LARGE', 'URI_TOO_LONG', 'UNSUPPORTED_MEDIA_TYPE', 'HEADERS_TOO_LARGE', 'REQUEST_TIMEOUT']);

/** The user-facing text of a request Fastify rejected before any handler ran, from the catalogue. */
export function messageForStatus(status: number): string {
  const code = codeForStatus(status);
  return renderMessage(REQUEST_SHAPE_CODES.has(code) ? code : 'VALIDATION_FAILED').message;
}

/** The problem body of a client error by status: code, user-facing text and the status. */
export function clientProblem(status: number): Problem {
  return { status, code: codeForStatus(status), message: messageForStatus(status) };
}

/**
 * The raw HTTP/1.1 response for a request Node could not parse (a malformed header, headers
 * over the size limit): written to the socket, since there is no request to reply to.
 */
export function rawClientErrorResponse(errorCode: string | undefined): string {
  const status = errorCode === 'HPE_HEADER_OVERFLOW' ? 431 : errorCode === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  const reason = status === 431 ? 'Request Header Fields Too Large' : status === 408 ? 'Request Timeout' : 'Bad Request';
  const body = JSON.stringify(clientProblem(status));
  return `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/problem+json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`;
}
