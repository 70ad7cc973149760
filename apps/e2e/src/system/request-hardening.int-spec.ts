import { httpClient, startTestShop, TEST_ADMIN, type HttpCall, type TestShop } from '@jalaj/testing';

/**
 * Hostile input against every `/api` route (real identity, catalog, cart, media and BFF):
 * a NUL character in each body field, query value and path id, numbers beyond their
 * columns, bodies that are not JSON, and cross-site writes — each a 4xx problem, never a
 * 500. The development mailbox stays off unless asked for.
 */
describe('request hardening through the BFF (real processes)', () => {
  let shop: TestShop;
  let base = '';
  let adminToken = '';
  let shopperToken = '';

  beforeAll(async () => {
    shop = await startTestShop({
      services: ['identity', 'catalog', 'cart', 'media'],
      env: { RATE_LIMIT_FACTOR: '20' },
      bucket: 'photos-hardening-spec',
      // NODE_ENV is not production here: the mailbox must still stay off without DEV_MAILBOX.
      bffEnv: { NODE_ENV: 'development', DEV_MAILBOX: 'false', PUBLIC_URL: 'https://shop.jalaj.test' },
    });
    base = shop.base;
    adminToken = (await call('POST', '/api/auth/sign-in', { body: TEST_ADMIN })).body.accessToken;
    shopperToken = (await call('POST', '/api/auth/sign-in', { body: { email: 'shopper@jalaj.shop', password: 'jalaj-shopper-2026' } })).body.accessToken;
    expect(adminToken && shopperToken).toBeTruthy();
  }, 120000);

  afterAll(() => shop?.stop());

  const call: HttpCall = (method, path, opts) => httpClient(base)(method, path, opts);

  const NUL = '\u0000';
  const ID = 'prd_01JD0000000000000000000000';
  const address = { nickname: 'Home', fullName: 'Asha Roy', phone: '9830012345', addressLine1: '12 Park Street', addressLine2: 'Flat 2', city: 'Kolkata', state: 'West Bengal', postalCode: '700016', country: 'India', addressType: 'both' };
  const productBody = { name: 'Plant', description: 'Green', price: '10.00', stockQuantity: 1, category: 'foreground', imageUrls: ['/media/demo/monte-carlo/large.webp'], plantDifficulty: 'easy', co2Requirement: 'no', lightRequirement: 'low', carbonateHardnessKh: 'low', generalHardnessGh: 'low' };

  type Who = 'none' | 'shopper' | 'admin';
  /** Every `/api` route: its method, path (`:id` is a path id), who may call it, and a valid body. */
  const ROUTES: { method: string; path: string; who: Who; body?: Record<string, unknown>; query?: string[] }[] = [
    { method: 'GET', path: '/api/products', who: 'none', query: ['q', 'category', 'difficulty', 'light', 'co2'] },
    { method: 'GET', path: '/api/products/:id', who: 'none' },
    { method: 'POST', path: '/api/auth/sign-up', who: 'none', body: { email: 'nul@example.in', password: 'secret-123', fullName: 'Nul Roy' } },
    { method: 'GET', path: '/api/auth/confirm', who: 'none', query: ['token'] },
    { method: 'POST', path: '/api/auth/confirm', who: 'none', body: { token: 'abc' } },
    { method: 'POST', path: '/api/auth/sign-in', who: 'none', body: { email: 'shopper@jalaj.shop', password: 'jalaj-shopper-2026' } },
    { method: 'POST', path: '/api/auth/password-reset', who: 'none', body: { email: 'shopper@jalaj.shop' } },
    { method: 'POST', path: '/api/auth/otp', who: 'none', body: { phone: '9830012345' } },
    { method: 'POST', path: '/api/auth/otp/verify', who: 'none', body: { phone: '9830012345', token: '123456', type: 'sms' } },
    { method: 'POST', path: '/api/auth/password-update', who: 'none', body: { token: 'abc', password: 'secret-123' } },
    { method: 'PATCH', path: '/api/me', who: 'shopper', body: { fullName: 'Asha Roy' } },
    { method: 'POST', path: '/api/me/addresses', who: 'shopper', body: address },
    { method: 'PATCH', path: '/api/me/addresses/:id', who: 'shopper', body: address },
    { method: 'DELETE', path: '/api/me/addresses/:id', who: 'shopper' },
    { method: 'POST', path: '/api/me/addresses/:id/default-shipping', who: 'shopper' },
    { method: 'POST', path: '/api/me/addresses/:id/default-billing', who: 'shopper' },
    { method: 'POST', path: '/api/cart/items', who: 'shopper', body: { productId: ID, quantity: 1 } },
    { method: 'PATCH', path: '/api/cart/items/:id', who: 'shopper', body: { quantity: 1 } },
    { method: 'DELETE', path: '/api/cart/items/:id', who: 'shopper' },
    { method: 'POST', path: '/api/admin/products', who: 'admin', body: productBody },
    { method: 'PATCH', path: '/api/admin/products/:id', who: 'admin', body: { ...productBody, version: 1, loadedStockQuantity: 1 } },
    { method: 'DELETE', path: '/api/admin/products/:id', who: 'admin' },
    { method: 'POST', path: '/api/admin/admins', who: 'admin', body: { email: 'nobody@example.in' } },
    { method: 'DELETE', path: '/api/admin/admins/:id', who: 'admin' },
  ];

  const token = (who: Who) => (who === 'admin' ? adminToken : who === 'shopper' ? shopperToken : undefined);

  /** Sends one request; the answer must be a 4xx problem. */
  async function expectProblem(label: string, method: string, path: string, who: Who, body?: unknown) {
    const r = await fetch(base + path, {
      method,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token(who) ? { authorization: `Bearer ${token(who)}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
      redirect: 'manual',
    });
    const type = r.headers.get('content-type') ?? '';
    // The confirmation link answers a browser with a redirect to the "invalid link" page.
    if (r.status === 303) return expect([label, r.headers.get('location')]).toEqual([label, '/auth?confirm=invalid']);
    expect([label, r.status >= 400 && r.status < 500, type]).toEqual([label, true, expect.stringContaining('application/problem+json')]);
  }

  const withId = (path: string, id: string) => path.replace(':id', id);

  it('answers a NUL in any body field with a 400', async () => {
    for (const route of ROUTES.filter((r) => r.body)) {
      for (const field of Object.keys(route.body!)) {
        const value = route.body![field];
        const nul = Array.isArray(value) ? [`${value[0]}${NUL}`] : typeof value === 'number' ? `${value}${NUL}` : `${String(value)}${NUL}`;
        await expectProblem(`${route.method} ${route.path} ${field}`, route.method, withId(route.path, ID), route.who, { ...route.body, [field]: nul });
        await expectProblem(`${route.method} ${route.path} ${field} (inside)`, route.method, withId(route.path, ID), route.who, { ...route.body, [field]: typeof value === 'string' ? `a${NUL}b` : nul });
      }
    }
  });

  it('answers %00 in any query value or path id with a 400', async () => {
    for (const route of ROUTES) {
      for (const key of route.query ?? []) {
        for (const value of ['%00', 'fern%00', '%00%00x']) await expectProblem(`${route.path}?${key}=${value}`, route.method, `${route.path}?${key}=${value}`, route.who);
      }
      if (!route.path.includes(':id')) continue;
      for (const id of ['%00', `${ID}%00`, 'x%00y']) {
        await expectProblem(`${route.method} ${withId(route.path, id)}`, route.method, withId(route.path, id), route.who, route.body);
      }
    }
    // A stray percent sign in an email path is not a 500 either.
    for (const email of ['%25', '%25E0%25A4%25A', 'a%25zz%40b.in']) await expectProblem(`DELETE admins ${email}`, 'DELETE', `/api/admin/admins/${email}`, 'admin');
    // Outside /api too: the storefront's routes and images.
    expect((await fetch(`${base}/product/%00`)).status).toBe(400);
    expect((await fetch(`${base}/media/demo/%00/large.webp`)).status).toBe(400);
  });

  it('answers numbers beyond their columns with a 400', async () => {
    const admin = (method: string, path: string, body: unknown) => expectProblem(`${method} ${path} ${JSON.stringify(body)}`, method, path, 'admin', body);
    for (const price of ['100000000', '99999999999999', 1e12, 1e300, '1e9']) {
      await admin('POST', '/api/admin/products', { ...productBody, price });
      await admin('PATCH', `/api/admin/products/${ID}`, { ...productBody, price, version: 1, loadedStockQuantity: 1 });
    }
    for (const stockQuantity of [2147483648, '2147483648', 1e12, -1e300, '99999999999']) {
      await admin('POST', '/api/admin/products', { ...productBody, stockQuantity });
    }
    for (const quantity of [2147483648, 1e12, -1e12, 1.5]) {
      await expectProblem(`cart add ${quantity}`, 'POST', '/api/cart/items', 'shopper', { productId: ID, quantity });
      await expectProblem(`cart update ${quantity}`, 'PATCH', `/api/cart/items/${ID}`, 'shopper', { quantity });
    }
    // The largest values the columns hold are fine.
    const biggest = await call('POST', '/api/admin/products', { token: adminToken, body: { ...productBody, price: '99999999.99', stockQuantity: 2147483647 } });
    expect(biggest.status).toBe(201);
    expect(biggest.body).toMatchObject({ pricePaise: 9_999_999_999, stockQuantity: 2_147_483_647 });
    await call('DELETE', `/api/admin/products/${biggest.body.id}`, { token: adminToken });
  });

  it('takes JSON bodies only (multipart only for image uploads): 415 otherwise', async () => {
    const send = (path: string, contentType: string, body: string, headers: Record<string, string> = {}) =>
      fetch(base + path, { method: 'POST', headers: { 'content-type': contentType, ...headers }, body });
    const form = await send('/api/auth/sign-in', 'application/x-www-form-urlencoded', 'email=shopper%40jalaj.shop&password=jalaj-shopper-2026');
    expect(form.status).toBe(415);
    expect(form.headers.get('content-type')).toContain('application/problem+json');
    expect(await form.json()).toMatchObject({ status: 415, code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Send the request body as JSON (application/json).' });
    expect((await send('/api/auth/sign-in', 'text/plain', '{"email":"shopper@jalaj.shop","password":"jalaj-shopper-2026"}')).status).toBe(415);
    expect((await send('/api/auth/sign-in', 'multipart/form-data; boundary=x', '--x--')).status).toBe(415);
    expect((await send('/api/cart/items', 'application/xml', '<x/>', { authorization: `Bearer ${shopperToken}` })).status).toBe(415);
    expect((await send('/api/admin/media', 'application/x-www-form-urlencoded', 'existingCount=0', { authorization: `Bearer ${adminToken}` })).status).toBe(415);
    const json = await send('/api/auth/sign-in', 'application/json; charset=utf-8', '{"email":"shopper@jalaj.shop","password":"jalaj-shopper-2026"}');
    expect(json.status).toBe(200);
    // Multipart still reaches the upload route (which then asks for an image).
    const upload = await fetch(`${base}/api/admin/media`, { method: 'POST', headers: { authorization: `Bearer ${adminToken}` }, body: new FormData() });
    expect([415, 500]).not.toContain(upload.status);
    expect(await upload.json()).toMatchObject({ status: 400, code: 'UPLOAD_INVALID', data: { reason: 'empty' }, message: 'Choose at least one image.' });
  });

  it('refuses cross-site writes: a sign-in form posted from another site is a 403', async () => {
    const signIn = (headers: Record<string, string>) =>
      fetch(`${base}/api/auth/sign-in`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify({ email: 'shopper@jalaj.shop', password: 'jalaj-shopper-2026' }) });
    const cross = await signIn({ 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' });
    expect(cross.status).toBe(403);
    expect(await cross.json()).toMatchObject({ status: 403, code: 'CROSS_SITE_REQUEST', message: 'Cross-site requests are not allowed.' });
    expect((await signIn({ 'sec-fetch-site': 'same-site', origin: 'https://evil.jalaj.test' })).status).toBe(403);
    expect((await signIn({ origin: 'https://evil.example' })).status).toBe(403);
    expect((await signIn({ origin: 'null' })).status).toBe(403);
    const formPost = await fetch(`${base}/api/auth/sign-in`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' }, body: 'email=a' });
    expect(formPost.status).toBe(403);
    expect((await fetch(`${base}/api/cart`, { method: 'DELETE', headers: { authorization: `Bearer ${shopperToken}`, 'sec-fetch-site': 'cross-site' } })).status).toBe(403);

    expect((await signIn({ 'sec-fetch-site': 'same-origin', origin: base })).status).toBe(200);
    expect((await signIn({ 'sec-fetch-site': 'none' })).status).toBe(200);
    expect((await signIn({ origin: base })).status).toBe(200);
    expect((await signIn({ origin: 'https://shop.jalaj.test' })).status).toBe(200);
    expect((await signIn({})).status).toBe(200);
    // Reads are not writes.
    expect((await fetch(`${base}/api/products`, { headers: { 'sec-fetch-site': 'cross-site' } })).status).toBe(200);
  });

  it('keeps the development mailbox off unless DEV_MAILBOX=true', async () => {
    // An unknown browser path gets the storefront's page (its own "not found"), never the mails.
    const json = await fetch(`${base}/dev/mailbox.json`);
    expect(json.headers.get('content-type')).not.toContain('application/json');
    expect(await json.text()).not.toContain('"items"');
    expect(await (await fetch(`${base}/dev/mailbox`)).text()).not.toContain('Development mailbox');
  });
});
