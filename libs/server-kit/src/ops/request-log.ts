import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Level, Logger } from 'pino';
import { pinoHttp } from 'pino-http';

/** The path of a URL without its query, which may hold one-time tokens (confirmation links). */
export function pathOnly(url: string | undefined): string {
  const q = url?.indexOf('?') ?? -1;
  return q < 0 ? (url ?? '') : url!.slice(0, q);
}

/** A read that took at least this long is logged at info, as a change is; a quicker one at debug (ADR 097). */
export const SLOW_READ_MS = 1000;

/**
 * A request line's level: 5xx error, 4xx warn; a change (POST, PUT, PATCH, DELETE) and a slow
 * read at info; a read (GET, HEAD) that succeeded in under {@link SLOW_READ_MS} at debug, so
 * `LOG_LEVEL=debug` shows every request (ADR 097).
 */
export function requestLevel(method: string | undefined, status: number, ms: number): Level {
  if (status >= 500) return 'error';
  if (status >= 400) return 'warn';
  return (method === 'GET' || method === 'HEAD') && ms < SLOW_READ_MS ? 'debug' : 'info';
}

/** pino-http's own words: an answer that did not go out whole was cut short by the client. */
const message = (req: IncomingMessage, res: ServerResponse) => (!req.readableAborted && res.writableEnded ? 'request completed' : 'request aborted');

/**
 * The request log of a Fastify instance, by pino-http: one line per request on `log` once
 * its answer went out (`request aborted` when the client went away first), with the
 * correlation id (Fastify's request id), the method, the path (no query, no headers:
 * cookies and bearer tokens stay out of logs), the status and the duration in ms, at
 * {@link requestLevel}'s level: a quick successful read only at debug. pino-http is called
 * from an `onRequest` hook, which every request passes (no middleware layer).
 *
 * The status is the one the answer went out with, read at `onSend` with the time the level
 * of a read follows: after an app page is sent for an unrouted path (the BFF's 404 filter),
 * Nest's not-found handling still sets 404 on the raw response, which the raw response's
 * `finish` would then report. The returned function gives that status for the request's
 * other records (metrics, span).
 */
export function logRequests(http: FastifyInstance, log: Logger): (reply: FastifyReply) => number {
  // The status and the time in ms at `onSend`, when the answer goes out.
  const sent = new WeakMap<ServerResponse, { status: number; ms: number }>();
  const statusOf = (res: ServerResponse) => sent.get(res)?.status ?? res.statusCode;
  const logRequest = pinoHttp({
    logger: log,
    wrapSerializers: false,
    serializers: {
      req: (req: IncomingMessage) => ({ method: req.method, path: pathOnly(req.url) }),
      res: (res: ServerResponse) => ({ statusCode: statusOf(res) }),
    },
    customLogLevel: (req, res, error) => (error ? 'error' : requestLevel(req.method, statusOf(res), sent.get(res)?.ms ?? 0)),
    // In the line's own fields, which win over the root logger's mixin: the same key is not
    // written twice, and the id is the request's whatever async context `finish` runs in.
    customSuccessObject: (req, _res, fields: object) => ({ correlationId: req.id, ...fields }),
    // A 5xx is a line like any other: the error itself is logged where it was caught.
    customErrorObject: (req, _res, _error, fields: { res: ServerResponse; responseTime: number }) => ({ correlationId: req.id, res: fields.res, responseTime: fields.responseTime }),
    customSuccessMessage: message,
    customErrorMessage: message,
  });
  http.addHook('onRequest', (request, reply, done) => {
    request.raw.id = request.id;
    logRequest(request.raw, reply.raw);
    done();
  });
  http.addHook('onSend', (_request, reply, payload, done) => {
    sent.set(reply.raw, { status: reply.statusCode, ms: reply.elapsedTime });
    done(null, payload);
  });
  return (reply) => statusOf(reply.raw);
}
