import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Options } from 'pino-http';
import { requestCorrelationId } from './correlation.js';
import { rootLogger } from '../logger.js';

/** The path of a URL without its query, which may hold one-time tokens (confirmation links). */
export function pathOnly(url: string | undefined): string {
  return (url ?? '').split('?')[0];
}

/**
 * pino-http options of the request log: one line per request on the root logger, with the
 * request's correlation id, method, path (no query, no headers: cookies and bearer tokens
 * stay out of logs), status and duration; 4xx at warn, 5xx at error.
 */
export function requestLogOptions(): Options<IncomingMessage, ServerResponse> {
  return {
    logger: rootLogger(),
    genReqId: (req) => requestCorrelationId(req),
    customAttributeKeys: { reqId: 'correlationId' },
    serializers: {
      req: (req: { method?: string; url?: string }) => ({ method: req.method, path: pathOnly(req.url) }),
      res: (res: { statusCode?: number }) => ({ statusCode: res.statusCode }),
    },
    customLogLevel: (_req, res, err) => (err || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info'),
  };
}
