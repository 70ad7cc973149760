import { Writable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import { pino, type LoggerOptions } from 'pino';
import { logRequests, pathOnly, requestLevel, SLOW_READ_MS } from './request-log.js';

/** A Fastify app whose request lines go to `lines` (raw JSON text), through a logger like the root one. */
function app(level = 'info', options: LoggerOptions = {}) {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  const log = pino({ level, name: 'bff', base: { service: 'bff' }, ...options }, stream);
  const http: FastifyInstance = Fastify({ genReqId: (req) => String(req.headers['x-correlation-id'] ?? 'cor_minted') });
  const sentStatus = logRequests(http, log);
  const seen: number[] = [];
  http.addHook('onResponse', (_request, reply, done) => {
    seen.push(sentStatus(reply));
    done();
  });
  http.get('/api/auth/confirm', async () => ({ ok: true }));
  http.post('/x/:status', async (request, reply) => reply.code(Number((request.params as { status: string }).status)).send({}));
  // An app page sent as 200 whose raw response is marked 404 once its head is written
  // (Nest's not-found handling after the BFF's filter has sent the page).
  http.get('/page', (_request, reply) => {
    const end = reply.raw.end.bind(reply.raw) as (...args: unknown[]) => unknown;
    reply.raw.end = ((...args: unknown[]) => {
      reply.raw.statusCode = 404;
      return end(...args);
    }) as typeof reply.raw.end;
    return reply.type('text/html').send('<html></html>');
  });
  return { http, lines, parsed: () => lines.map((l) => JSON.parse(l) as Record<string, unknown>), seen };
}

describe('logRequests', () => {
  it('writes one line with the correlation id, method, path without query, status and duration, and no headers', async () => {
    const { http, lines, parsed } = app('debug');
    await http.inject({ method: 'GET', url: '/api/auth/confirm?token=secret', headers: { 'x-correlation-id': 'cor_1', cookie: 'sid=s3cr3t', authorization: 'Bearer t0k3n' } });
    expect(parsed()).toEqual([
      {
        level: 20,
        time: expect.any(Number),
        name: 'bff',
        service: 'bff',
        correlationId: 'cor_1',
        req: { method: 'GET', path: '/api/auth/confirm' },
        res: { statusCode: 200 },
        responseTime: expect.any(Number),
        msg: 'request completed',
      },
    ]);
    expect(lines.join('')).not.toMatch(/secret|s3cr3t|t0k3n/);
  });

  it('logs a change’s 2xx and 3xx at info, 4xx at warn and 5xx at error, each as a completed request', async () => {
    const { http, parsed } = app();
    for (const status of [201, 302, 404, 503]) await http.inject({ method: 'POST', url: `/x/${status}` });
    expect(parsed().map((l) => [l.level, (l.res as { statusCode: number }).statusCode, l.msg])).toEqual([
      [30, 201, 'request completed'],
      [30, 302, 'request completed'],
      [40, 404, 'request completed'],
      [50, 503, 'request completed'],
    ]);
    expect(parsed().every((l) => !('err' in l))).toBe(true);
  });

  it('writes nothing below the logger level', async () => {
    const { http, lines } = app('warn');
    await http.inject({ method: 'POST', url: '/x/201' });
    expect(lines).toEqual([]);
  });

  it('writes a quick successful read only at debug, and its failures as any other', async () => {
    const { http, parsed } = app('info');
    await http.inject({ method: 'GET', url: '/api/auth/confirm' });
    await http.inject({ method: 'HEAD', url: '/api/auth/confirm' });
    await http.inject({ method: 'GET', url: '/nowhere' });
    expect(parsed().map((l) => [l.level, l.req])).toEqual([[40, { method: 'GET', path: '/nowhere' }]]);
  });

  it('writes the request’s correlation id once, over the one a mixin gives from the async context', async () => {
    const { http, lines, parsed } = app('debug', { mixin: () => ({ correlationId: 'cor_other', traceId: 't1' }) });
    await http.inject({ method: 'GET', url: '/api/auth/confirm', headers: { 'x-correlation-id': 'cor_2' } });
    expect(parsed()[0]).toMatchObject({ correlationId: 'cor_2', traceId: 't1' });
    expect(lines[0]!.match(/"correlationId"/g)).toHaveLength(1);
  });

  it('reports the status the answer went out with, though the raw response says otherwise later, and gives it to the other hooks', async () => {
    const { http, parsed, seen } = app('debug');
    await http.inject({ method: 'GET', url: '/page' });
    expect(parsed()[0]).toMatchObject({ level: 20, res: { statusCode: 200 } });
    expect(seen).toEqual([200]);
  });
});

describe('requestLevel', () => {
  it('puts a quick successful read at debug; a slow one, a change, a refusal and a failure where a person reading the log sees them', () => {
    expect(requestLevel('GET', 200, 3)).toBe('debug');
    expect(requestLevel('HEAD', 304, 3)).toBe('debug');
    expect(requestLevel('GET', 200, SLOW_READ_MS)).toBe('info');
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) expect(requestLevel(method, 200, 3)).toBe('info');
    expect(requestLevel('GET', 404, 3)).toBe('warn');
    expect(requestLevel('POST', 429, 3)).toBe('warn');
    expect(requestLevel('GET', 503, 3)).toBe('error');
  });
});

describe('pathOnly', () => {
  it('drops the query', () => {
    expect(pathOnly('/a/b?c=d')).toBe('/a/b');
    expect(pathOnly('/a')).toBe('/a');
    expect(pathOnly(undefined)).toBe('');
  });
});
