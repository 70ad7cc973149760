import { assignCorrelationId, correlationIdFrom } from './correlation.js';

describe('correlationIdFrom', () => {
  it('keeps a well-formed incoming id', () => {
    expect(correlationIdFrom('cor_01JABCDEF')).toBe('cor_01JABCDEF');
    expect(correlationIdFrom('3f2c9a1e-77b0-4c1d-9a55-0e2f7d7b6c11')).toBe('3f2c9a1e-77b0-4c1d-9a55-0e2f7d7b6c11');
    expect(correlationIdFrom(['abc.1', 'other'])).toBe('abc.1');
  });

  it.each([undefined, '', 'has space', 'line\nbreak', 'x'.repeat(129), '<script>', 42])('mints a new id for %p', (header) => {
    const id = correlationIdFrom(header);
    expect(id).toMatch(/^cor_[0-9A-Z]{26}$/);
  });

  it('mints a different id each time', () => {
    expect(correlationIdFrom(undefined)).not.toBe(correlationIdFrom(undefined));
  });
});

describe('assignCorrelationId', () => {
  const raw = (headers: Record<string, string>) => ({ headers }) as unknown as import('node:http').IncomingMessage;

  it("gives a request the caller's well-formed id, or a new one", () => {
    expect(assignCorrelationId(raw({}))).toMatch(/^cor_[0-9A-Z]{26}$/);
    expect(assignCorrelationId(raw({ 'x-correlation-id': 'abc-1' }))).toBe('abc-1');
  });
});
