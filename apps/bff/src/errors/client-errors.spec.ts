import { HTTP_STATUS_BY_CODE } from '@jalaj/contracts';
import { clientProblem, codeForStatus, isOpsPath, rawClientErrorResponse } from './client-errors.js';

describe('client errors', () => {
  it.each([
    [413, 'PAYLOAD_TOO_LARGE'],
    [414, 'URI_TOO_LONG'],
    [415, 'UNSUPPORTED_MEDIA_TYPE'],
    [400, 'VALIDATION_FAILED'],
    [404, 'NOT_FOUND'],
    [408, 'REQUEST_TIMEOUT'],
    [431, 'HEADERS_TOO_LARGE'],
  ] as const)('status %i has code %s, which maps back to the same status', (status, code) => {
    expect(codeForStatus(status)).toBe(code);
    if (status !== 400) expect(HTTP_STATUS_BY_CODE[code]).toBe(status);
  });

  it('a problem carries status, code and a user-facing text', () => {
    expect(clientProblem(415)).toEqual({ status: 415, code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Send the request body as JSON (application/json).' });
    expect(clientProblem(401)).toEqual({ status: 401, code: 'UNAUTHENTICATED', message: 'The request is not valid.' });
  });

  it.each(['/health', '/health/live', '/health/ready', '/metrics', '/metrics?x=1'])('%s is an ops path', (url) => {
    expect(isOpsPath(url)).toBe(true);
  });

  it.each(['/', '/plants', '/healthy-plants', '/admin/health', '/api/health'])('%s is not an ops path', (url) => {
    expect(isOpsPath(url)).toBe(false);
  });

  it('writes a complete problem response for a request Node could not parse', () => {
    const text = rawClientErrorResponse('HPE_HEADER_OVERFLOW');
    const [head, body] = text.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 431 /);
    expect(head).toContain(`Content-Length: ${Buffer.byteLength(body)}`);
    expect(JSON.parse(body)).toEqual({ status: 431, code: 'HEADERS_TOO_LARGE', message: 'The request headers are too large.' });
  });

  it('answers a request that took too long with its own code and the catalogue’s text', () => {
    const text = rawClientErrorResponse('ERR_HTTP_REQUEST_TIMEOUT');
    expect(text).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
    expect(JSON.parse(text.split('\r\n\r\n')[1]!)).toEqual({ status: 408, code: 'REQUEST_TIMEOUT', message: 'The request took too long.' });
  });
});
