import { Writable } from 'node:stream';
import { pino } from 'pino';
import { logRequest, pathOnly } from './request-log.js';

function capture(level = 'info') {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  return { log: pino({ level }, stream), lines };
}

describe('logRequest', () => {
  it('writes one line with the correlation id, method, path without query, status and duration', () => {
    const { log, lines } = capture();
    logRequest(log, { id: 'cor_1', method: 'GET', url: '/api/auth/confirm?token=secret' }, 200, 12.6);
    expect(lines).toEqual([expect.objectContaining({ level: 30, correlationId: 'cor_1', req: { method: 'GET', path: '/api/auth/confirm' }, res: { statusCode: 200 }, responseTime: 13, msg: 'request completed' })]);
    expect(JSON.stringify(lines)).not.toContain('secret');
  });

  it('logs 4xx at warn and 5xx at error', () => {
    const { log, lines } = capture();
    logRequest(log, { id: 'a', method: 'POST', url: '/x' }, 404, 1);
    logRequest(log, { id: 'b', method: 'POST', url: '/x' }, 503, 1);
    expect(lines.map((l) => l.level)).toEqual([40, 50]);
  });

  it('writes nothing below the logger level', () => {
    const { log, lines } = capture('warn');
    logRequest(log, { id: 'a', method: 'GET', url: '/' }, 200, 1);
    expect(lines).toEqual([]);
  });
});

describe('pathOnly', () => {
  it('drops the query', () => {
    expect(pathOnly('/a/b?c=d')).toBe('/a/b');
    expect(pathOnly('/a')).toBe('/a');
    expect(pathOnly(undefined)).toBe('');
  });
});
