import { HTTP_ROUTES } from '@jalaj/contracts';
import { findLeak, hostileCases, massAssignmentExtras, seededRandom } from './hostile-input.js';
import { unclassifiedRoutes } from './hostile-runner.js';

const address = { fullName: 'Asha Roy', phone: '9830012345', addressLine1: '12 Park Street', city: 'Kolkata', state: 'West Bengal', postalCode: '700016', addressType: 'both' };

describe('hostile cases', () => {
  it('are the same for the same seed, and others for another', () => {
    const valid = { params: { id: 'adr_1' }, body: address };
    const a = hostileCases('me.addresses.update', valid, { seed: 7, count: 40 });
    expect(hostileCases('me.addresses.update', valid, { seed: 7, count: 40 })).toEqual(a);
    expect(hostileCases('me.addresses.update', valid, { seed: 8, count: 40 })).not.toEqual(a);
    const [x, y] = [seededRandom(1), seededRandom(1)];
    expect(Array.from({ length: 5 }, x)).toEqual(Array.from({ length: 5 }, y));
    expect(new Set(Array.from({ length: 5 }, x)).size).toBe(5);
  });

  it('try every kind of attack a route can take within its first few cases', () => {
    const cases = hostileCases('me.addresses.update', { params: { id: 'adr_1' }, body: address }, { seed: 1, count: 10 });
    expect(new Set(cases.map((c) => c.category))).toEqual(new Set(['wrong-type', 'missing-field', 'extra-field', 'huge-string', 'huge-number', 'deep-nesting', 'bad-json', 'content-type', 'path-id', 'query']));
    // A read without a body or path id: queries only.
    expect(new Set(hostileCases('products.list', {}, { seed: 1 }).map((c) => c.category))).toEqual(new Set(['query']));
  });

  it("are generated from the route's schemas: each field of the body, each required one left out", () => {
    const cases = hostileCases('me.addresses.create', { body: address }, { seed: 1 });
    for (const field of Object.keys(address)) expect(cases.some((c) => c.category === 'wrong-type' && c.label.startsWith(`${field} = `))).toBe(true);
    expect(cases.filter((c) => c.category === 'missing-field').map((c) => c.label)).toEqual(expect.arrayContaining(['without fullName', 'without addressType']));
    expect(cases.filter((c) => c.category === 'missing-field').map((c) => c.label)).not.toContain('without nickname');
    // A text field gets every other type, and the empty text.
    const phones = cases.filter((c) => c.category === 'wrong-type' && c.label.startsWith('phone = ')).map((c) => JSON.parse(c.body!).phone);
    expect(phones.filter((v) => typeof v === 'string')).toEqual(['']);
    expect(phones).toEqual(expect.arrayContaining([null, 0, true, [], {}]));
  });

  it('send mass-assignment fields a body does not take itself', () => {
    expect(massAssignmentExtras('me.update')).toMatchObject({ role: 'admin', userId: expect.any(String), pricePaise: 1 });
    expect(massAssignmentExtras('admin.products.create')).not.toHaveProperty('stockQuantity');
    expect(massAssignmentExtras('admin.orders.fulfil')).not.toHaveProperty('status');
  });
});

describe('findLeak', () => {
  it('finds stack frames, source paths and internal names', () => {
    expect(findLeak('{"message":"boom\\n    at Foo.bar (/work/apps/bff/dist/x.js:1:2)"}')).toBeDefined();
    expect(findLeak('TypeError: Cannot read properties of undefined')).toBeDefined();
    expect(findLeak('{"message":"rpc.catalog.products.get: no responders"}')).toBeDefined();
    expect(findLeak('connect ECONNREFUSED 127.0.0.1:5432')).toBeDefined();
    expect(findLeak('MikroORM failed')).toBeDefined();
    expect(findLeak('Unexpected token } in JSON at position 12 (apps/bff/src/main.ts:40)')).toBeDefined();
  });

  it('leaves the shop\'s own texts alone', () => {
    expect(findLeak('{"status":400,"code":"VALIDATION_FAILED","message":"Check the highlighted fields."}')).toBeUndefined();
    expect(findLeak('{"items":[{"name":"Monte Carlo","description":"A carpet at the front of the tank, at 25 °C"}]}')).toBeUndefined();
  });
});

describe('ROUTE_CLASSES', () => {
  it('classifies every route of the contract: a new route cannot skip the fuzzer', () => {
    expect(unclassifiedRoutes()).toEqual([]);
    expect(Object.keys(HTTP_ROUTES).length).toBeGreaterThan(40);
  });
});
