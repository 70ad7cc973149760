import { canonicalJson, requestHash } from './request-hash.js';

describe('requestHash', () => {
  const add = { actor: { id: 'usr_1', role: 'user' }, productId: 'prd_1', quantity: 1 };

  it('is the same for the same request, whatever the key order', () => {
    expect(requestHash({ quantity: 1, productId: 'prd_1', actor: { role: 'user', id: 'usr_1' } })).toBe(requestHash(add));
  });

  it('ignores members JSON leaves out', () => {
    expect(requestHash({ ...add, note: undefined })).toBe(requestHash(add));
  });

  it.each([
    ['another quantity', { ...add, quantity: 2 }],
    ['another product', { ...add, productId: 'prd_2' }],
    ['another actor', { ...add, actor: { id: 'usr_2', role: 'user' } }],
    ['a quantity as text', { ...add, quantity: '1' }],
    ['an extra member', { ...add, extra: null }],
  ])('differs for %s', (_name, other) => {
    expect(requestHash(other)).not.toBe(requestHash(add));
  });

  it('keeps array order, which is meaningful (image order of a product)', () => {
    expect(requestHash({ imageUrls: ['a', 'b'] })).not.toBe(requestHash({ imageUrls: ['b', 'a'] }));
  });

  it('is a hex SHA-256', () => {
    expect(requestHash(add)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('sorts nested keys and handles scalars and empty payloads', () => {
    expect(canonicalJson({ b: { d: 1, c: [{ f: 1, e: 2 }] }, a: null })).toBe('{"a":null,"b":{"c":[{"e":2,"f":1}],"d":1}}');
    expect(canonicalJson(undefined)).toBe('null');
    expect(canonicalJson('x')).toBe('"x"');
  });
});
