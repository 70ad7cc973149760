import type { Logger } from 'pino';

/** The path of a URL without its query, which may hold one-time tokens (confirmation links). */
export function pathOnly(url: string | undefined): string {
  const q = url?.indexOf('?') ?? -1;
  return q < 0 ? (url ?? '') : url!.slice(0, q);
}

/**
 * Writes the request log's line of a finished request: its correlation id, method, path
 * (no query, no headers: cookies and bearer tokens stay out of logs), status and duration;
 * 2xx/3xx at info, 4xx at warn, 5xx at error. Called from Fastify's `onResponse` hook,
 * which every request passes (no per-request middleware layer).
 */
export function logRequest(log: Logger, request: { id: string; method: string; url: string }, statusCode: number, elapsedMs: number): void {
  const level = statusCode >= 500 ? 'error' : statusCode >= 400 ? 'warn' : 'info';
  if (!log.isLevelEnabled(level)) return;
  log[level]({ correlationId: request.id, req: { method: request.method, path: pathOnly(request.url) }, res: { statusCode }, responseTime: Math.round(elapsedMs) }, 'request completed');
}
