import http, { type IncomingHttpHeaders } from 'node:http';
import { Client as S3 } from 'minio';
import { RpcClient } from '@jalaj/server-kit';
import { eventually, httpClient, startTestShop, TEST_ADMIN, type HttpCall, type TestShop } from '@jalaj/testing';

/**
 * The catalogue through the BFF with real identity, catalog, media and BFF processes:
 * product management and its permissions, upload checks, the Redis cache following
 * catalogue events, and stock that never goes below zero under concurrent reservations.
 */
describe('catalogue and media through the BFF (real processes)', () => {
  let shop: TestShop;
  let base = '';
  let mediaBase = '';
  let rpc: RpcClient;
  let s3: S3;
  let adminToken = '';
  let shopperToken = '';

  beforeAll(async () => {
    shop = await startTestShop({ services: ['identity', 'catalog', 'media'], bucket: 'photos-catalog-spec' });
    base = shop.base;
    mediaBase = shop.mediaBase!;
    rpc = RpcClient.standalone({ url: process.env.NATS_URL!, name: 'catalog-spec' });
    const u = new URL(process.env.S3_ENDPOINT!);
    s3 = new S3({ endPoint: u.hostname, port: Number(u.port), useSSL: false, accessKey: process.env.S3_ACCESS_KEY!, secretKey: process.env.S3_SECRET_KEY!, pathStyle: true, region: 'ap-south-1' });
    adminToken = (await json('POST', '/api/auth/sign-in', { body: TEST_ADMIN })).body.accessToken;
    shopperToken = (await json('POST', '/api/auth/sign-in', { body: { email: 'shopper@jalaj.shop', password: 'jalaj-shopper-2026' } })).body.accessToken;
  }, 120000);

  afterAll(async () => {
    await rpc?.close();
    await shop?.stop();
  });

  const json: HttpCall = (method, path, opts) => httpClient(base)(method, path, opts);

  async function upload(files: { name: string; type: string; bytes: Uint8Array<ArrayBuffer> }[], existingCount = 0, token = adminToken) {
    const form = new FormData();
    form.set('existingCount', String(existingCount));
    for (const f of files) form.append('file', new Blob([f.bytes], { type: f.type }), f.name);
    const r = await fetch(`${base}/api/admin/media`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
    return { status: r.status, body: await r.json() };
  }

  const storedObjects = async () => {
    const keys: string[] = [];
    for await (const o of s3.listObjectsV2('photos-catalog-spec', 'products/', true)) keys.push(o.name!);
    return keys.sort();
  };

  /** A real PNG, drawn from one of the demo images the media service stored. */
  async function realPng(): Promise<Uint8Array<ArrayBuffer>> {
    const r = await fetch(`${base}/media/demo/monte-carlo/card.webp`);
    expect(r.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    return new Uint8Array(await r.arrayBuffer());
  }

  const product = { name: 'Hygrophila polysperma', description: 'A fast, forgiving stem plant.', price: '99.50', stockQuantity: 12, category: 'background', imageUrls: [] as string[] };

  it('lists the seeded catalogue oldest first and filters it', async () => {
    const all = (await json('GET', '/api/products')).body.items;
    expect(all.length).toBeGreaterThanOrEqual(6);
    expect(all.map((p: { createdAt: string }) => p.createdAt)).toEqual([...all.map((p: { createdAt: string }) => p.createdAt)].sort());
    expect((await json('GET', '/api/products?q=FERN')).body.items.map((p: { name: string }) => p.name)).toEqual(['Java fern']);
    const carpet = (await json('GET', '/api/products?category=foreground&co2=yes')).body.items;
    expect(carpet.every((p: { category: string; co2Requirement: string }) => p.category === 'foreground' && p.co2Requirement === 'yes')).toBe(true);
    expect((await json('GET', '/api/products?q=%25')).body.items).toEqual([]);
    expect((await json('GET', '/api/products/prd_nope')).body).toMatchObject({ status: 404, message: 'Product not found' });
  });

  it('lets only admins create, edit and delete products', async () => {
    expect((await json('POST', '/api/admin/products', { body: product })).status).toBe(401);
    expect((await json('POST', '/api/admin/products', { body: product, token: shopperToken })).status).toBe(403);
    const shopperViaRpc = await rpc.request('rpc.catalog.products.create', { actor: { id: 'usr_x', role: 'user' }, product });
    expect(shopperViaRpc).toMatchObject({ ok: false, error: { code: 'ADMIN_REQUIRED' } });

    const bad = await json('POST', '/api/admin/products', { token: adminToken, body: { ...product, name: ' ', price: '9.999', stockQuantity: 1.5 } });
    expect(bad.status).toBe(400);
    expect(bad.body.fieldErrors.map((e: { field: string }) => e.field)).toEqual(['name', 'price', 'stockQuantity']);

    const created = await json('POST', '/api/admin/products', { token: adminToken, body: product });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: product.name, pricePaise: 9950, stockQuantity: 12, category: 'background' });
    const id = created.body.id;
    const loaded = { version: created.body.version, loadedStockQuantity: created.body.stockQuantity };
    expect((await json('PATCH', `/api/admin/products/${id}`, { token: shopperToken, body: { ...product, ...loaded } })).status).toBe(403);
    expect((await json('PATCH', `/api/admin/products/${id}`, { token: adminToken, body: { ...product, ...loaded, price: 120 } })).body.pricePaise).toBe(12000);
    expect((await json('GET', '/api/admin/products', { token: adminToken })).body.items[0].id).toBe(id);
    expect((await json('DELETE', `/api/admin/products/${id}`, { token: shopperToken })).status).toBe(403);
    expect((await json('DELETE', `/api/admin/products/${id}`, { token: adminToken })).status).toBe(204);
    expect((await json('GET', `/api/products/${id}`)).status).toBe(404);
  });

  it('refuses a renamed text file, a 6 MB image and a fifth image, storing nothing', async () => {
    const before = await storedObjects();
    const text = await upload([{ name: 'plant.png', type: 'image/png', bytes: new TextEncoder().encode('this is not an image at all') }]);
    expect(text).toMatchObject({ status: 400, body: { title: 'Invalid file type' } });
    const big = new Uint8Array(6 * 1024 * 1024);
    big.set([0xff, 0xd8, 0xff, 0xe0]);
    expect(await upload([{ name: 'big.jpg', type: 'image/jpeg', bytes: big }])).toMatchObject({ status: 400, body: { title: 'File too large' } });
    const png = await realPng();
    expect(await upload([{ name: 'fifth.webp', type: 'image/webp', bytes: png }], 4)).toMatchObject({ status: 400, body: { title: 'Too many images', message: 'Maximum 4 images per product.' } });
    expect((await upload([{ name: 'a.webp', type: 'image/webp', bytes: png }], 0, shopperToken)).status).toBe(403);
    expect(await storedObjects()).toEqual(before);
  });

  it('stores uploads as WebP variants and removes the ones a product stops using', async () => {
    const png = await realPng();
    const up = await upload([
      { name: 'a.webp', type: 'image/webp', bytes: png },
      { name: 'b.webp', type: 'image/webp', bytes: png },
    ]);
    expect(up.status).toBe(201);
    const [a, b] = up.body.items.map((i: { url: string }) => i.url);
    expect(a).toMatch(/^\/media\/products\/upl_[0-9A-Z]+\/large\.webp$/);
    for (const variant of ['large', 'card', 'thumb']) {
      const r = await fetch(base + a.replace('large', variant));
      expect(r.status).toBe(200);
      expect(r.headers.get('content-type')).toBe('image/webp');
    }
    const created = (await json('POST', '/api/admin/products', { token: adminToken, body: { ...product, imageUrls: [a, b] } })).body;
    const prefixB = b.split('/').slice(2, 4).join('/');
    await json('PATCH', `/api/admin/products/${created.id}`, { token: adminToken, body: { ...product, imageUrls: [a], version: created.version, loadedStockQuantity: created.stockQuantity } });
    await eventually(storedObjects, (keys) => !keys.some((k) => k.startsWith(prefixB)));
    await json('DELETE', `/api/admin/products/${created.id}`, { token: adminToken });
    const prefixA = a.split('/').slice(2, 4).join('/');
    await eventually(storedObjects, (keys) => !keys.some((k) => k.startsWith(prefixA)));
  });

  it('never deletes an image set another product still uses, on delete or on edit', async () => {
    const png = await realPng();
    const [shared, onlyA, onlyC] = (
      await upload([
        { name: 's.webp', type: 'image/webp', bytes: png },
        { name: 'a.webp', type: 'image/webp', bytes: png },
        { name: 'c.webp', type: 'image/webp', bytes: png },
      ])
    ).body.items.map((i: { url: string }) => i.url as string);
    const prefix = (url: string) => url.split('/').slice(2, 4).join('/');
    const a = (await json('POST', '/api/admin/products', { token: adminToken, body: { ...product, name: 'Shares A', imageUrls: [shared, onlyA] } })).body;
    // B shows another variant of the same set: still the same stored images.
    const b = (await json('POST', '/api/admin/products', { token: adminToken, body: { ...product, name: 'Shares B', imageUrls: [shared.replace('large', 'card')] } })).body;
    const c = (await json('POST', '/api/admin/products', { token: adminToken, body: { ...product, name: 'Shares C', imageUrls: [shared, onlyC] } })).body;

    // Deleting A removes only what A alone used (both travel in the same event).
    expect((await json('DELETE', `/api/admin/products/${a.id}`, { token: adminToken })).status).toBe(204);
    await eventually(storedObjects, (keys) => !keys.some((k) => k.startsWith(prefix(onlyA))));
    expect((await storedObjects()).filter((k) => k.startsWith(prefix(shared)))).toHaveLength(3);

    // C stops using both: again only its own image goes.
    await json('PATCH', `/api/admin/products/${c.id}`, { token: adminToken, body: { ...product, name: 'Shares C', imageUrls: [], version: c.version, loadedStockQuantity: c.stockQuantity } });
    await eventually(storedObjects, (keys) => !keys.some((k) => k.startsWith(prefix(onlyC))));
    expect((await storedObjects()).filter((k) => k.startsWith(prefix(shared)))).toHaveLength(3);
    expect((await fetch(base + shared.replace('large', 'thumb'))).status).toBe(200);

    // The last product using it lets it go.
    await json('DELETE', `/api/admin/products/${b.id}`, { token: adminToken });
    await eventually(storedObjects, (keys) => !keys.some((k) => k.startsWith(prefix(shared))));
  });

  it('serves only minted image keys: dot segments are a 404, never forwarded or cached', async () => {
    // node:http sends the path as written (fetch would resolve the dot segments itself).
    const rawGet = (path: string) =>
      new Promise<{ status: number; headers: IncomingHttpHeaders; body: string }>((resolve, reject) => {
        const u = new URL(base);
        http
          .get({ host: u.hostname, port: u.port, path }, (res) => {
            let body = '';
            res.setEncoding('utf8').on('data', (d: string) => (body += d));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
          })
          .on('error', reject);
      });
    const paths = [
      '/media/%2e%2e/%2e%2e/metrics',
      '/media/..%2f..%2f..%2fhealth%2fready',
      '/media/../../metrics',
      '/media/demo/%2e%2e/%2e%2e/%2e%2e/metrics',
      '/media/products/x/..%2f..%2f..%2fmetrics',
      '/media/demo/monte-carlo/large.png',
    ];
    for (const path of paths) {
      for (let attempt = 0; attempt < 2; attempt++) {
        const r = await rawGet(path);
        expect([path, r.status]).toEqual([path, 404]);
        expect(r.headers['content-type']).toContain('application/problem+json');
        expect(r.headers['cache-control']).not.toContain('immutable');
        expect(r.body).not.toMatch(/process_cpu|"checks"/);
      }
    }
    expect((await rawGet('/media/demo/monte-carlo/thumb.webp')).status).toBe(200);
  });

  it("media's upload endpoint believes no x-actor header: only a verified admin token", async () => {
    const png = await realPng();
    const post = (headers: Record<string, string>) =>
      fetch(`${mediaBase}/internal/uploads`, { method: 'POST', headers: { 'content-type': 'application/octet-stream', ...headers }, body: png });
    const forged = await post({ 'x-actor': JSON.stringify({ id: 'usr_forged', role: 'admin' }) });
    expect(forged.status).toBe(401);
    expect((await post({ 'x-actor': JSON.stringify({ id: 'usr_forged', role: 'admin' }), authorization: 'Bearer not.a.token' })).status).toBe(401);
    expect((await post({ authorization: `Bearer ${shopperToken}` })).status).toBe(403);
    const admin = await post({ authorization: `Bearer ${adminToken}` });
    expect(admin.status).toBe(201);
    expect((await admin.json()).url).toMatch(/^\/media\/products\/upl_[0-9A-Z]+\/large\.webp$/);
  });

  it('refuses unknown product-list filters with a 400 naming the allowed values', async () => {
    const bad = await json('GET', '/api/products?category=nonsense');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe("Unknown category 'nonsense'. Choose one of: foreground, midground, background, aquatic_plant.");
    expect((await json('GET', '/api/products?difficulty=impossible')).status).toBe(400);
    expect((await json('GET', '/api/products?light=dark')).status).toBe(400);
    expect((await json('GET', '/api/products?co2=maybe')).status).toBe(400);
    expect((await json('GET', '/api/products?sort=price_desc')).body).toMatchObject({ status: 400, message: "Unknown filter 'sort'. Filters: q, category, difficulty, light, co2." });
    expect((await json('GET', '/api/products?minPrice=abc&maxPrice=-5')).status).toBe(400);
    expect((await json('GET', '/api/products?category=foreground&category=background')).status).toBe(400);
    expect((await json('GET', '/api/products?category=&difficulty=easy')).status).toBe(200);
  });

  it('drops the cached product when the catalogue changes, even when the change did not come through this BFF', async () => {
    const [first] = (await json('GET', '/api/products')).body.items;
    expect((await json('GET', `/api/products/${first.id}`)).body.pricePaise).toBe(first.pricePaise);
    const listed = (await json('GET', `/api/admin/products?q=${encodeURIComponent(first.name)}&pageSize=100`, { token: adminToken })).body.items;
    const { version, stockQuantity } = listed.find((p: { id: string }) => p.id === first.id);
    const changed = await rpc.request('rpc.catalog.products.update', {
      actor: { id: 'usr_admin', role: 'admin' },
      id: first.id,
      product: { name: first.name, description: first.description, price: (first.pricePaise + 1000) / 100, stockQuantity, category: first.category, imageUrls: first.imageUrls, version, loadedStockQuantity: stockQuantity },
    });
    expect(changed.ok).toBe(true);
    await eventually(
      async () => (await json('GET', `/api/products/${first.id}`)).body.pricePaise,
      (p) => p === first.pricePaise + 1000,
    );
    expect((await json('GET', '/api/products')).body.items[0].pricePaise).toBe(first.pricePaise + 1000);
  });

  it('sends the catalogue compressed as the browser asks, with an ETag it can revalidate with (304, no body)', async () => {
    const plain = await fetch(`${base}/api/products`, { headers: { 'accept-encoding': 'identity' } });
    const text = await plain.text();
    const etag = plain.headers.get('etag');
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('vary')).toMatch(/accept-encoding/i);
    // fetch undoes the encoding: the same JSON arrives, fewer bytes went over the wire.
    for (const encoding of ['br', 'gzip']) {
      const r = await fetch(`${base}/api/products`, { headers: { 'accept-encoding': encoding } });
      expect(r.headers.get('content-encoding')).toBe(encoding);
      expect(await r.text()).toBe(text);
    }
    const again = await fetch(`${base}/api/products`, { headers: { 'if-none-match': etag! } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect((await fetch(`${base}/api/products`, { headers: { 'if-none-match': '"stale"' } })).status).toBe(200);
  });

  it('never sells stock twice: concurrent reservations stop at zero, all or nothing', async () => {
    const created = (await json('POST', '/api/admin/products', { token: adminToken, body: { ...product, name: 'Last five', stockQuantity: 5 } })).body;
    const other = (await json('POST', '/api/admin/products', { token: adminToken, body: { ...product, name: 'Plenty', stockQuantity: 100 } })).body;
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        rpc.request('rpc.catalog.stock.reserve', { orderNumber: 'SPEC0001', reservationId: `res_${created.id}_${i}`, ttlSeconds: 600, lines: [{ productId: other.id, quantity: 1 }, { productId: created.id, quantity: 1 }] }),
      ),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(5);
    const refused = results.filter((r) => !r.ok);
    expect(refused.every((r) => !r.ok && ['OUT_OF_STOCK', 'INSUFFICIENT_STOCK'].includes(r.error.code))).toBe(true);
    const get = async (id: string) => {
      const r = await rpc.request('rpc.catalog.products.get', { id });
      return r.ok ? r.data.stockQuantity : -1;
    };
    expect(await get(created.id)).toBe(0);
    expect(await get(other.id)).toBe(95);

    // Idempotent: the same reservation again changes nothing.
    const okId = `res_${created.id}_${results.findIndex((r) => r.ok)}`;
    expect((await rpc.request('rpc.catalog.stock.reserve', { orderNumber: 'SPEC0001', reservationId: okId, ttlSeconds: 600, lines: [{ productId: created.id, quantity: 1 }] })).ok).toBe(true);
    expect(await get(created.id)).toBe(0);
    expect(await rpc.request('rpc.catalog.stock.release', { reservationId: okId })).toEqual({ ok: true, data: { reservationId: okId, status: 'released' } });
    expect(await rpc.request('rpc.catalog.stock.release', { reservationId: okId })).toEqual({ ok: true, data: { reservationId: okId, status: 'released' } });
    expect(await rpc.request('rpc.catalog.stock.commit', { reservationId: okId })).toEqual({ ok: true, data: { reservationId: okId, status: 'released' } });
    expect(await get(created.id)).toBe(1);
    expect(await get(other.id)).toBe(96);
  });

  it('shows a reservation and its release on the product page at once, not after the cache expires', async () => {
    const created = (await json('POST', '/api/admin/products', { token: adminToken, body: { ...product, name: 'Cached stock', stockQuantity: 7 } })).body;
    const shown = async () => (await json('GET', `/api/products/${created.id}`)).body.stockQuantity as number;
    expect(await shown()).toBe(7); // now cached by the BFF
    const reservationId = `res_cache_${created.id}`;
    expect((await rpc.request('rpc.catalog.stock.reserve', { orderNumber: 'SPEC0001', reservationId, ttlSeconds: 600, lines: [{ productId: created.id, quantity: 3 }] })).ok).toBe(true);
    await eventually(shown, (n) => n === 4);
    expect((await rpc.request('rpc.catalog.stock.release', { reservationId })).ok).toBe(true);
    await eventually(shown, (n) => n === 7);
  });
});
