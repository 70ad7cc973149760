import { addressInputSchema, identitySubjects } from './identity.js';
import { cartSubjects } from './cart.js';
import { catalogSubjects, productFilterSchema, productInputSchema } from './catalog.js';
import { containsNul, MALFORMED_TEXT_MESSAGE, MAX_JSON_DEPTH, nestedDeeperThan, NUL_MESSAGE, text } from './schemas.js';

describe('text', () => {
  it('refuses a NUL character anywhere and keeps the length bound', () => {
    expect(text(5).safeParse('plant').success).toBe(true);
    expect(text(5).safeParse('plants').success).toBe(false);
    const nul = text().safeParse('a\u0000b');
    expect(nul.success).toBe(false);
    expect(nul.error?.issues[0]?.message).toBe(NUL_MESSAGE);
  });

  it('refuses an unpaired surrogate (PostgreSQL cannot store its escape in JSON) and takes paired ones', () => {
    for (const bad of ['\ud800', 'fern \udc00', 'a\ud83cb']) {
      const r = text(50).safeParse(bad);
      expect([bad, r.success, r.error?.issues[0]?.message]).toEqual([bad, false, MALFORMED_TEXT_MESSAGE]);
    }
    expect(text(50).safeParse('Java fern 🌿 ü植物').success).toBe(true);
    expect(productInputSchema.safeParse({ name: 'Fern \ud800', price: '1', stockQuantity: 1 }).success).toBe(false);
    expect(addressInputSchema.safeParse({ fullName: 'A', phone: '1', addressLine1: '\udfff', city: 'K', state: 'WB', postalCode: '700016', addressType: 'both' }).success).toBe(false);
  });

  it('is what the request schemas use for every string', () => {
    const admin = { id: 'usr_1', role: 'admin' as const };
    expect(productFilterSchema.safeParse({ category: 'fore\u0000ground' }).success).toBe(false);
    expect(productFilterSchema.safeParse({ q: '  fern\u0000  ' }).success).toBe(false);
    expect(productInputSchema.safeParse({ name: 'A\u0000', price: '1', stockQuantity: 1 }).success).toBe(false);
    expect(productInputSchema.safeParse({ name: 'A', price: '1', stockQuantity: 1, imageUrls: ['/media/\u0000'] }).success).toBe(false);
    expect(catalogSubjects['rpc.catalog.products.get'].request.safeParse({ id: 'prd_\u0000' }).success).toBe(false);
    expect(catalogSubjects['rpc.catalog.products.delete'].request.safeParse({ actor: { ...admin, id: 'usr\u0000' }, id: 'prd_1' }).success).toBe(false);
    expect(cartSubjects['rpc.cart.items.remove'].request.safeParse({ actor: admin, id: 'cit\u0000' }).success).toBe(false);
    expect(identitySubjects['rpc.identity.sessions.create'].request.safeParse({ email: 'a@b.in\u0000', password: 'x' }).success).toBe(false);
    expect(addressInputSchema.safeParse({ fullName: 'A', phone: '1', addressLine1: 'x', city: 'K\u0000', state: 'WB', postalCode: '700016', addressType: 'both' }).success).toBe(false);
  });

  it('bounds numbers sent as JSON numbers', () => {
    expect(productInputSchema.safeParse({ name: 'A', price: 1e300, stockQuantity: 1 }).success).toBe(false);
    expect(productInputSchema.safeParse({ name: 'A', price: 10, stockQuantity: -1e300 }).success).toBe(false);
  });
});

describe('containsNul', () => {
  it('finds a NUL in nested values and keys, not elsewhere', () => {
    expect(containsNul({ a: [{ b: 'x\u0000' }] })).toBe(true);
    expect(containsNul({ ['k\u0000']: 1 })).toBe(true);
    expect(containsNul({ a: [1, true, null, 'fine'] })).toBe(false);
  });
});

describe('nestedDeeperThan', () => {
  const nested = (depth: number) => JSON.parse(`${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`);

  it('counts the levels of arrays and objects, scalars being none', () => {
    expect(nestedDeeperThan('text', 0)).toBe(false);
    expect(nestedDeeperThan({}, 0)).toBe(true);
    expect(nestedDeeperThan({ a: [1] }, 2)).toBe(false);
    expect(nestedDeeperThan({ a: [1] }, 1)).toBe(true);
    expect(nestedDeeperThan({ a: 1, b: [[{ c: 'x' }]] }, 3)).toBe(true);
  });

  it(`refuses more than MAX_JSON_DEPTH (${MAX_JSON_DEPTH}) levels, at any depth without overflowing the stack`, () => {
    expect(nestedDeeperThan(nested(MAX_JSON_DEPTH))).toBe(false);
    expect(nestedDeeperThan(nested(MAX_JSON_DEPTH + 1))).toBe(true);
    expect(nestedDeeperThan(JSON.parse(`${'['.repeat(100_000)}${']'.repeat(100_000)}`))).toBe(true);
  });
});
