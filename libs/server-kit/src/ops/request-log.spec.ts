import { Writable } from 'node:stream';
import { pino, type LoggerOptions } from 'pino';
import { logRequest, pathOnly } from './request-log.js';

function capture(level = 'info', options: LoggerOptions = {}) {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  return { log: pino({ level, ...options }, stream), lines };
}

describe('logRequest', () => {
  it('writes one line with the correlation id, method, path without query, status and duration', () => {
    const { log, lines } = capture();
    logRequest(log, { id: 'cor_1', method: 'GET', url: '/api/auth/confirm?token=secret' }, 200, 12.6);
    expect(lines).toEqual([expect.objectContaining({ level: 30, correlationId: 'cor_1', req: { method: 'GET', path: '/api/auth/confirm' }, res: { statusCode: 200 }, responseTime: 13, msg: 'request completed' })]);
    expect(JSON.stringify(lines)).not.toContain('secret');
  });

  it('writes, field for field and in the same order, the line pino writes for the same record (the root logger: service, ISO time, mixin)', () => {
    const options: LoggerOptions = {
      name: 'bff',
      base: { service: 'bff' },
      timestamp: () => ',"time":"2026-11-25T03:19:58.867Z"',
      mixin: () => ({ correlationId: 'cor_"1', traceId: 'c75c31b24318e386cfb4b4979c9aa020', spanId: 'c6bdbd2b0fe47cab' }),
    };
    const { log, lines } = capture('info', options);
    // Outside a trace the fast line has no trace ids; pino's mixin above adds them, so both run without.
    const withoutTrace = { ...options, mixin: () => ({ correlationId: 'cor_"1' }) };
    const { log: viaPino, lines: expected } = capture('info', withoutTrace);
    const path = '/api/\u00e9"\\x\u0007';
    logRequest(log, { id: 'cor_"1', method: 'GET', url: `${path}?q=1` }, 404, 3.4);
    viaPino.warn({ correlationId: 'cor_"1', req: { method: 'GET', path }, res: { statusCode: 404 }, responseTime: 3 }, 'request completed');
    expect(lines).toEqual(expected);
    expect(Object.keys(lines[0]!)).toEqual(Object.keys(expected[0]!));
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
