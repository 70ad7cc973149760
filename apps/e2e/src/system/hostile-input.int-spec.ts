import { request } from 'node:http';
import { HTTP_ROUTES, MALFORMED_TEXT_MESSAGE, TOO_DEEP_MESSAGE } from '@jalaj/contracts';
import {
  authorizationMatrix,
  fuzzRoutes,
  nestedJson,
  prepareHostileFixtures,
  ROUTE_CLASSES,
  startTestShop,
  TEST_ADMIN,
  unclassifiedRoutes,
  type HostileFixtures,
  type TestShop,
} from '@jalaj/testing';

/**
 * Hostile input against every BFF route (issue #13), the bounded run of `npm run fuzz`:
 * cases generated from the route contract's schemas (wrong types, missing and extra
 * fields, huge strings and numbers, deep nesting, bad JSON and content types, odd path
 * ids and queries), a few per route with a fixed seed, against the whole shop in real
 * processes; then the authorization matrix generated from the same route list.
 */
describe('hostile input through the BFF (real processes)', () => {
  let shop: TestShop;
  let f: HostileFixtures;
  /** Cases per route: every category of attack a route can take comes up at least once. */
  const CASES = 20;

  beforeAll(async () => {
    shop = await startTestShop({ services: ['identity', 'catalog', 'cart', 'order', 'media'], env: { RATE_LIMIT_FACTOR: '1000' }, bucket: 'photos-hostile-spec' });
    f = await prepareHostileFixtures(shop.base, TEST_ADMIN);
  }, 180000);

  afterAll(() => shop?.stop());

  it('classifies every route of the contract (a new route cannot skip the fuzzer)', () => {
    expect(unclassifiedRoutes()).toEqual([]);
    expect(Object.keys(ROUTE_CLASSES).filter((id) => !(id in HTTP_ROUTES))).toEqual([]);
  });

  it('answers the authorization matrix: 401 without a token, 403 for a shopper on admin routes, 404 for another shopper\'s ids, no mass assignment', async () => {
    const { checks, findings } = await authorizationMatrix(shop.base, f);
    expect(findings).toEqual([]);
    expect(checks).toBeGreaterThan(100);
  }, 120000);

  it('answers JSON nested deeper than 32 levels with a 400', async () => {
    for (const depth of [33, 10_000]) {
      const r = await fetch(`${shop.base}/api/cart/items`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${f.shopper.token}` }, body: nestedJson(depth, 'object') });
      expect([depth, r.status]).toEqual([depth, 400]);
      expect(await r.json()).toMatchObject({ code: 'VALIDATION_FAILED', fieldErrors: [{ field: 'body', message: TOO_DEEP_MESSAGE }] });
    }
    // 32 levels are still a body (refused for its shape, not its depth).
    const ok = await fetch(`${shop.base}/api/payments/phonepe/webhook`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: nestedJson(32, 'object') });
    expect(ok.status).toBe(401);
  });

  it('refuses text with an unpaired surrogate with a 400 (a product named "\\ud800" was a 500: PostgreSQL refused it in a JSON column)', async () => {
    const post = (path: string, token: string, body: unknown) => fetch(shop.base + path, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify(body) });
    const product = await post('/api/admin/products', f.adminToken, { name: 'Fern \ud800', price: '120.00', stockQuantity: 5 });
    expect([product.status, await product.json()]).toEqual([400, expect.objectContaining({ code: 'VALIDATION_FAILED', fieldErrors: [{ field: 'name', message: MALFORMED_TEXT_MESSAGE }] })]);
    const address = await post('/api/me/addresses', f.shopper.token, { fullName: 'Asha \udc00', phone: '9830012345', addressLine1: '1 Lake Road', city: 'Kolkata', state: 'West Bengal', postalCode: '700029', addressType: 'both' });
    expect(address.status).toBe(400);
  });

  it("gives the answers the API documentation declares for the request guards: 400, 414, 415 on any route", async () => {
    // A GET with a body that is not JSON (fetch sends no body with a GET: a raw request).
    const raw = (method: string, path: string, headers: Record<string, string>, body: string) =>
      new Promise<number>((resolve, reject) => {
        const req = request(shop.base + path, { method, headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) } }, (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        });
        req.on('error', reject);
        req.end(body);
      });
    const me = { authorization: `Bearer ${f.shopper.token}` };
    expect(await raw('GET', '/api/me', { ...me, 'content-type': 'text/plain' }, 'hello')).toBe(415);
    expect(HTTP_ROUTES['me.get'].errors).toContain('UNSUPPORTED_MEDIA_TYPE');
    expect((await fetch(`${shop.base}/api/me?x=%00`, { headers: me })).status).toBe(400);
    expect(HTTP_ROUTES['me.get'].errors).toContain('VALIDATION_FAILED');
    const long = await fetch(`${shop.base}/api/orders/${'o'.repeat(5000)}`, { headers: me });
    expect([long.status, await long.json()]).toEqual([414, expect.objectContaining({ code: 'URI_TOO_LONG' })]);
    expect(HTTP_ROUTES['orders.get'].errors).toContain('URI_TOO_LONG');
  });

  it('never answers a hostile request with a 5xx, an internal detail or a partial write', async () => {
    const { rows, findings } = await fuzzRoutes(shop.base, f, { seed: 13, casesPerRoute: CASES });
    expect(findings).toEqual([]);
    expect(rows.map((r) => r.route).sort()).toEqual(Object.keys(HTTP_ROUTES).sort());
    expect(rows.reduce((n, r) => n + r['4xx'], 0)).toBeGreaterThan(rows.length * 5);
  }, 240000);
});
