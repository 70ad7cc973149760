import { freePort, startApp } from '@jalaj/local-platform';
import { eventually, httpClient, integrationEnv, newConfirmedShopper, startTestShop, TEST_ADMIN, type HttpCall, type TestShop } from '@jalaj/testing';

/**
 * A shopper's profile, addresses and cart as two BFF replicas answer them (ADR 025): each keeps them
 * in memory, and a change made through one replica, by an admin, or by the catalogue is
 * read through the other at once, because identity and cart announce it after it commits.
 * "At once" is checked well inside the 30 s each replica keeps an answer without a hint,
 * so the checks fail if the hints do not arrive.
 */
describe('a shopper\'s reads kept by two BFF replicas (real processes)', () => {
  let shop: TestShop;
  let other: Awaited<ReturnType<typeof startApp>>;
  let a: HttpCall;
  let b: HttpCall;
  let adminToken = '';
  /** Well under the replicas' 30 s: only a hint can make the change visible this soon. */
  const SOON_MS = 5000;

  beforeAll(async () => {
    shop = await startTestShop({ services: ['identity', 'catalog', 'cart'] });
    const port = await freePort();
    other = await startApp('bff', { port, env: { ...integrationEnv(), SEED_DEMO_DATA: 'true', PUBLIC_URL: shop.base } });
    a = httpClient(shop.base);
    b = httpClient(`http://127.0.0.1:${port}`);
    adminToken = (await a('POST', '/api/auth/sign-in', { body: TEST_ADMIN })).body.accessToken;
  }, 120000);

  afterAll(async () => {
    await other?.stop();
    await shop?.stop();
  });

  async function newProduct(price: string) {
    const body = { name: `Reads plant ${Date.now()}`, description: 'For the reads spec', price, stockQuantity: 20, category: 'midground', imageUrls: [] };
    return (await a('POST', '/api/admin/products', { token: adminToken, body })).body as { id: string; version: number; stockQuantity: number };
  }

  it('answers a shopper\'s own reads for no cache to keep (issue #39), with an ETag a client can revalidate', async () => {
    const { token } = await newConfirmedShopper(a, 'reads');
    for (const path of ['/api/me', '/api/me/addresses', '/api/cart']) {
      const first = await fetch(shop.base + path, { headers: { authorization: `Bearer ${token}` } });
      expect(first.status).toBe(200);
      expect(first.headers.get('cache-control')).toBe('no-store');
      const etag = first.headers.get('etag')!;
      expect(etag).toMatch(/^".+"$/);
      const again = await fetch(shop.base + path, { headers: { authorization: `Bearer ${token}`, 'if-none-match': etag } });
      expect(again.status).toBe(304);
    }
    // Another shopper never gets this shopper's answer.
    const { token: otherToken, user } = await newConfirmedShopper(a, 'reads');
    expect((await a('GET', '/api/me', { token: otherToken })).body).toMatchObject({ id: user.id });
  });

  it('shows a cart change made through one replica when read through the other', async () => {
    const { token } = await newConfirmedShopper(a, 'reads');
    const plant = await newProduct('150.00');
    // Read through B first, so B keeps the empty cart.
    expect((await b('GET', '/api/cart', { token })).body).toMatchObject({ itemCount: 0 });
    expect((await b('GET', '/api/cart', { token })).body).toMatchObject({ itemCount: 0 });

    const added = await a('POST', '/api/cart/items', { token, body: { productId: plant.id, quantity: 2 } });
    expect(added.status).toBe(200);
    // The replica that made the change reads it at once.
    expect((await a('GET', '/api/cart', { token })).body).toMatchObject({ itemCount: 2 });
    await eventually(async () => (await b('GET', '/api/cart', { token })).body.itemCount, (n) => n === 2, SOON_MS);

    const line = added.body.cart.lines[0].id as string;
    expect((await b('PATCH', `/api/cart/items/${line}`, { token, body: { quantity: 3 } })).status).toBe(200);
    expect((await b('GET', '/api/cart', { token })).body).toMatchObject({ itemCount: 3 });
    await eventually(async () => (await a('GET', '/api/cart', { token })).body.itemCount, (n) => n === 3, SOON_MS);
  });

  it('shows a new price, and a deleted plant, in a cart both replicas keep', async () => {
    const { token } = await newConfirmedShopper(a, 'reads');
    const plant = await newProduct('100.00');
    await a('POST', '/api/cart/items', { token, body: { productId: plant.id, quantity: 1 } });
    for (const call of [a, b]) expect((await call('GET', '/api/cart', { token })).body).toMatchObject({ subtotalPaise: 10000 });

    const edit = { name: 'Reads plant, repriced', description: 'For the reads spec', price: '120.00', stockQuantity: 20, category: 'midground', imageUrls: [], version: plant.version, loadedStockQuantity: plant.stockQuantity };
    expect((await a('PATCH', `/api/admin/products/${plant.id}`, { token: adminToken, body: edit })).status).toBe(200);
    for (const call of [a, b]) await eventually(async () => (await call('GET', '/api/cart', { token })).body.subtotalPaise, (paise) => paise === 12000, SOON_MS);

    expect((await a('DELETE', `/api/admin/products/${plant.id}`, { token: adminToken })).status).toBeLessThan(300);
    for (const call of [a, b]) await eventually(async () => (await call('GET', '/api/cart', { token })).body, (cart) => cart.lines[0].product === null && cart.subtotalPaise === 0, SOON_MS);
  });

  it('shows an address added, made the default and removed through one replica when read through the other', async () => {
    const { token } = await newConfirmedShopper(a, 'reads');
    const names = async (call: HttpCall) => ((await call('GET', '/api/me/addresses', { token })).body.items as { nickname: string | null; isDefaultShipping: boolean }[]).map((x) => `${x.nickname}${x.isDefaultShipping ? '*' : ''}`);
    // Read through B first, so B keeps the empty list.
    expect(await names(b)).toEqual([]);
    expect(await names(b)).toEqual([]);

    const address = { fullName: 'Ananya Sen', phone: '9830012345', addressLine1: '12 Park Street', city: 'Kolkata', state: 'West Bengal', postalCode: '700016', addressType: 'both' };
    const home = await a('POST', '/api/me/addresses', { token, body: { ...address, nickname: 'Home' } });
    expect(home.status).toBe(201);
    // The replica that made the change reads it at once, the other within moments.
    expect(await names(a)).toEqual(['Home*']);
    await eventually(() => names(b), (list) => list.join() === 'Home*', SOON_MS);

    const work = await b('POST', '/api/me/addresses', { token, body: { ...address, nickname: 'Work' } });
    expect((await b('POST', `/api/me/addresses/${work.body.id}/default-shipping`, { token })).status).toBe(200);
    expect(await names(b)).toEqual(['Work*', 'Home']);
    await eventually(() => names(a), (list) => list.join() === 'Work*,Home', SOON_MS);

    expect((await a('DELETE', `/api/me/addresses/${home.body.id}`, { token })).status).toBe(204);
    expect(await names(a)).toEqual(['Work*']);
    await eventually(() => names(b), (list) => list.join() === 'Work*', SOON_MS);
  });

  it('shows a new name and a new role on both replicas', async () => {
    const shopper = await newConfirmedShopper(a, 'reads');
    for (const call of [a, b]) expect((await call('GET', '/api/me', { token: shopper.token })).body).toMatchObject({ fullName: 'reads Roy', role: 'user' });

    expect((await a('PATCH', '/api/me', { token: shopper.token, body: { fullName: 'Renamed Roy' } })).status).toBe(200);
    expect((await a('GET', '/api/me', { token: shopper.token })).body).toMatchObject({ fullName: 'Renamed Roy' });
    await eventually(async () => (await b('GET', '/api/me', { token: shopper.token })).body.fullName, (name) => name === 'Renamed Roy', SOON_MS);

    // An admin makes them an admin: their tokens are revoked, and their next session reads the new role everywhere.
    expect((await a('POST', '/api/admin/admins', { token: adminToken, body: { email: shopper.email } })).status).toBe(200);
    const session = (await b('POST', '/api/auth/sign-in', { body: { email: shopper.email, password: shopper.password } })).body.accessToken as string;
    for (const call of [a, b]) await eventually(async () => (await call('GET', '/api/me', { token: session })).body.role, (role) => role === 'admin', SOON_MS);
    expect((await a('DELETE', `/api/admin/admins/${encodeURIComponent(shopper.email)}`, { token: adminToken })).status).toBe(200);
  });
});
