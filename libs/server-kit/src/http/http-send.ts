import http from 'node:http';
import https from 'node:https';

/** An HTTP request to another system: its whole body as text, and how long to wait for the whole answer. */
export interface HttpSendRequest {
  method: string;
  headers: Record<string, string>;
  body?: string;
  timeoutMs: number;
}

/** An answer, read whole. */
export interface HttpSendReply {
  status: number;
  text: string;
}

/** Sends a request and reads its answer whole; rejects with {@link HttpSendError} when there is none. */
export type HttpSend = (url: string, request: HttpSendRequest) => Promise<HttpSendReply>;

/** No answer: the other side could not be reached, broke off, or took longer than the request's `timeoutMs`. */
export class HttpSendError extends Error {
  constructor(
    message: string,
    readonly timedOut: boolean,
  ) {
    super(message);
    this.name = 'HttpSendError';
  }
}

/**
 * Kept-alive connections per scheme: a service talks to the same few hosts all the time. A
 * connection left idle for 4 s is closed (as undici's fetch does), before the other side's
 * own idle timeout (Node's 5 s, nginx's 75 s) can close it under a request being sent.
 */
const IDLE_MS = 4_000;
const agents = { 'http:': new http.Agent({ keepAlive: true, timeout: IDLE_MS }), 'https:': new https.Agent({ keepAlive: true, timeout: IDLE_MS }) };

/**
 * {@link HttpSend} over node:http and node:https, with kept-alive connections. Its cost per
 * call is a fraction of the global `fetch`'s (WHATWG streams, a `Response`, an abort signal
 * whose timer fires long after the answer came): ADR 059. One timer covers the whole
 * exchange and is cleared with the answer.
 */
export const httpSend: HttpSend = (url, request) =>
  new Promise<HttpSendReply>((resolve, reject) => {
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      reject(new HttpSendError(`not a URL: ${url}`, false));
      return;
    }
    const scheme = target.protocol === 'https:' ? https : target.protocol === 'http:' ? http : null;
    if (!scheme) {
      reject(new HttpSendError(`not an HTTP URL: ${url}`, false));
      return;
    }
    const body = request.body === undefined ? undefined : Buffer.from(request.body);
    const headers = body ? { ...request.headers, 'content-length': String(body.length) } : request.headers;
    let settled = false;
    const settle = (error: HttpSendError | null, reply?: HttpSendReply) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (error) reject(error);
      else resolve(reply!);
    };
    const req = scheme.request(target, { method: request.method, headers, agent: agents[target.protocol as 'http:' | 'https:'] });
    const timer = setTimeout(() => {
      settle(new HttpSendError(`no answer within ${request.timeoutMs} ms`, true));
      req.destroy();
    }, request.timeoutMs);
    req.on('error', (e) => settle(new HttpSendError(e.message, false)));
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', (e) => settle(new HttpSendError(e.message, false)));
      res.on('end', () => settle(null, { status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
      // Closed before its end: the connection broke off mid-answer.
      res.on('close', () => settle(new HttpSendError('the answer was broken off', false)));
    });
    req.end(body);
  });
