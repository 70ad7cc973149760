import pg from 'pg';
import { renderMessage } from '@jalaj/commerce';
import { RpcClient } from '@jalaj/server-kit';
import { httpClient, startTestShop, testDatabaseUrl, TEST_ADMIN, type HttpCall, type TestShop } from '@jalaj/testing';

interface Item {
  id: string;
  name: string;
  stockQuantity: number;
  createdAt: string;
  version: number;
}

const BULK = 1000;
const THRESHOLD = 3;

/**
 * The admin Products tab's listing at scale through the BFF (real identity, catalog and
 * BFF processes): 1,000 products searched by name, filtered to low stock, ordered by
 * stock and paged on the server, with the low-stock threshold from catalog's
 * `LOW_STOCK_THRESHOLD` and bad queries refused with a 400.
 */
describe('admin product pages through the BFF (real processes)', () => {
  let shop: TestShop;
  let db: pg.Pool;
  let rpc: RpcClient;
  let call: HttpCall;
  let adminToken = '';
  let shopperToken = '';
  const catalogDatabase = testDatabaseUrl('catalog');

  beforeAll(async () => {
    shop = await startTestShop({ services: ['identity', 'catalog'], serviceEnv: { catalog: { DATABASE_URL: catalogDatabase, LOW_STOCK_THRESHOLD: String(THRESHOLD) } } });
    call = httpClient(shop.base);
    rpc = RpcClient.standalone({ url: process.env.NATS_URL!, name: 'admin-products-spec' });
    db = new pg.Pool({ connectionString: catalogDatabase, max: 2 });
    // 1,000 plants, one a minute back in time, stock cycling 0..49; and two names with LIKE's wildcards.
    await db.query(
      `insert into products (id, name, price, stock_quantity, category, created_at)
       select 'prd_bulk_' || lpad(i::text, 4, '0'), 'Bulk plant #' || lpad(i::text, 4, '0'), 99, i % 50, 'midground', now() - interval '1 day' - (i || ' minutes')::interval
       from generate_series(1, $1::int) as i`,
      [BULK],
    );
    await db.query(`insert into products (id, name, price, stock_quantity, created_at) values ('prd_pct', '100% Hairgrass', 50, 9, now() - interval '2 days'), ('prd_us', 'Glosso_under score', 50, 9, now() - interval '2 days')`);
    adminToken = (await call('POST', '/api/auth/sign-in', { body: TEST_ADMIN })).body.accessToken;
    shopperToken = (await call('POST', '/api/auth/sign-in', { body: { email: 'shopper@jalaj.shop', password: 'jalaj-shopper-2026' } })).body.accessToken;
  }, 120000);

  afterAll(async () => {
    await db?.end();
    await rpc?.close();
    await shop?.stop();
  });

  const page = async (query: string) => {
    const r = await call('GET', `/api/admin/products${query}`, { token: adminToken });
    expect(r.status).toBe(200);
    return r.body as { items: Item[]; total: number; page: number; pageSize: number; lowStockThreshold: number };
  };
  const count = async (where: string) => Number((await db.query<{ n: string }>(`select count(*) as n from products where ${where}`)).rows[0]!.n);

  it('answers one page newest first with the total and the configured threshold', async () => {
    const all = await count('true');
    expect(all).toBeGreaterThan(BULK);
    const first = await page('');
    expect(first).toMatchObject({ total: all, page: 1, pageSize: 24, lowStockThreshold: THRESHOLD });
    expect(first.items).toHaveLength(24);
    const second = await page('?page=2');
    expect(second.items).toHaveLength(24);
    const both = [...first.items, ...second.items];
    expect(new Set(both.map((p) => p.id)).size).toBe(48);
    expect(both.map((p) => p.createdAt)).toEqual([...both.map((p) => p.createdAt)].sort().reverse());
    const lastPage = Math.ceil(all / 100);
    expect((await page(`?pageSize=100&page=${lastPage}`)).items).toHaveLength(all - (lastPage - 1) * 100);
    expect((await page(`?pageSize=100&page=${lastPage + 1}`))).toMatchObject({ items: [], total: all });
  });

  it('searches names case-insensitively, and takes % and _ as themselves', async () => {
    const found = await page('?q=BULK%20PLANT%20%23099&pageSize=100');
    expect(found.items.map((p) => p.name).sort()).toEqual([...Array.from({ length: 9 }, (_, i) => `Bulk plant #099${i + 1}`), 'Bulk plant #0990'].sort());
    expect(found.total).toBe(10);
    expect((await page('?q=%25')).items.map((p) => p.name)).toEqual(['100% Hairgrass']);
    expect((await page('?q=_')).items.map((p) => p.name)).toEqual(['Glosso_under score']);
    expect(await page('?q=%20%20%20')).toMatchObject({ total: await count('true') });
    expect(await page('?q=no%20such%20plant')).toMatchObject({ items: [], total: 0 });
  });

  it('filters to stock at or under the threshold, out of stock included, and combines with the search', async () => {
    const low = await page('?lowStock=true&pageSize=100');
    expect(low.total).toBe(await count(`stock_quantity <= ${THRESHOLD}`));
    expect(low.items.every((p) => p.stockQuantity <= THRESHOLD)).toBe(true);
    expect(low.items.some((p) => p.stockQuantity === 0)).toBe(true);
    const lowBulk = await page('?lowStock=true&q=bulk&pageSize=100');
    // Stock cycles 0..49 over 1,000 plants: 20 of each value, 0 to 3 low.
    expect(lowBulk.total).toBe(20 * (THRESHOLD + 1));
    expect((await page('?lowStock=false')).total).toBe(await count('true'));
  });

  it('orders by stock both ways, steadily across pages', async () => {
    const asc = [...(await page('?sort=stock-asc&pageSize=100')).items, ...(await page('?sort=stock-asc&pageSize=100&page=2')).items];
    expect(asc.map((p) => p.stockQuantity)).toEqual([...asc.map((p) => p.stockQuantity)].sort((a, b) => a - b));
    expect(new Set(asc.map((p) => p.id)).size).toBe(200);
    expect(asc[0]!.stockQuantity).toBe(0);
    const desc = (await page('?sort=stock-desc&q=bulk')).items;
    expect(desc.map((p) => p.stockQuantity)).toEqual([...desc.map((p) => p.stockQuantity)].sort((a, b) => b - a));
    expect(desc[0]!.stockQuantity).toBe(49);
  });

  it.each([['?page=0'], ['?page=abc'], ['?pageSize=101'], ['?sort=cheapest'], ['?lowStock=yes'], ['?colour=green'], [`?q=${'x'.repeat(101)}`], ['?q=a%00b']])('refuses %s with a 400 naming the field', async (query) => {
    const r = await call('GET', `/api/admin/products${query}`, { token: adminToken });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ status: 400, code: 'VALIDATION_FAILED', message: renderMessage('VALIDATION_FAILED').message });
    expect(r.body.fieldErrors.length).toBeGreaterThan(0);
  });

  it('is for admins only', async () => {
    expect((await call('GET', '/api/admin/products')).status).toBe(401);
    expect((await call('GET', '/api/admin/products', { token: shopperToken })).status).toBe(403);
    expect(await rpc.request('rpc.catalog.products.admin-page', { actor: { id: 'usr_x', role: 'user' }, query: { sort: 'newest', page: 1, pageSize: 24 } })).toMatchObject({ ok: false, error: { code: 'ADMIN_REQUIRED' } });
  });

  it('leaves the storefront list as it was: every plant, oldest first, no paging', async () => {
    const r = await call('GET', '/api/products');
    expect(r.status).toBe(200);
    expect(Object.keys(r.body)).toEqual(['items']);
    expect(r.body.items).toHaveLength(await count('true'));
    expect(r.body.items.map((p: Item) => p.createdAt)).toEqual([...r.body.items.map((p: Item) => p.createdAt)].sort());
  });

  it('refuses a stale save with the fresh product and keeps what sold while the form was open (issue #38)', async () => {
    const form = { name: 'Stale-save Rotala', description: '', price: '80.00', stockQuantity: 3, category: 'midground', imageUrls: [] };
    const created = await call('POST', '/api/admin/products', { token: adminToken, body: form });
    expect(created.status).toBe(201);
    const loaded = created.body as { id: string; version: number; stockQuantity: number };
    expect(loaded).toMatchObject({ stockQuantity: 3, version: 1 });
    const save = (body: Record<string, unknown>) => call('PATCH', `/api/admin/products/${loaded.id}`, { token: adminToken, body: { ...form, ...body } });
    let sales = 0;
    const sell = async () => {
      const reservationId = `res_stale_${loaded.id}_${++sales}`;
      expect((await rpc.request('rpc.catalog.stock.reserve', { orderNumber: 'SPEC0001', reservationId, ttlSeconds: 600, lines: [{ productId: loaded.id, quantity: 1 }] })).ok).toBe(true);
      expect((await rpc.request('rpc.catalog.stock.commit', { reservationId })).ok).toBe(true);
    };
    const stock = async () => (await db.query<{ stock_quantity: number }>('select stock_quantity from products where id = $1', [loaded.id])).rows[0]!.stock_quantity;

    // Opened at 3, one sold, saved with the stock unchanged: 2, not 3. The sale left the version.
    await sell();
    const kept = await save({ name: 'Renamed Rotala', version: 1, loadedStockQuantity: 3 });
    expect(kept.status).toBe(200);
    expect(kept.body).toMatchObject({ name: 'Renamed Rotala', stockQuantity: 2, version: 2 });

    // A save over the version that form replaced: refused, with the product as it is now.
    const stale = await save({ name: 'Stale name', stockQuantity: 9, version: 1, loadedStockQuantity: 3 });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ code: 'PRODUCT_CHANGED', message: 'This product changed since you opened it', data: { product: { id: loaded.id, name: 'Renamed Rotala', stockQuantity: 2, version: 2 } } });
    expect(await stock()).toBe(2);

    // Opened at 2, one sold, +5 typed (7): 6.
    await sell();
    expect((await save({ name: 'Renamed Rotala', stockQuantity: 7, version: 2, loadedStockQuantity: 2 })).body).toMatchObject({ stockQuantity: 6, version: 3 });

    // Opened at 6, one sold, 0 typed (−6): below 0, refused, nothing saved.
    await sell();
    const below = await save({ name: 'Emptied Rotala', stockQuantity: 0, version: 3, loadedStockQuantity: 6 });
    expect(below.status).toBe(400);
    expect(below.body).toMatchObject({
      code: 'PRODUCT_STOCK_BELOW_ZERO',
      message: 'Stock cannot go below 0: 5 in stock now, and this change takes away 6.',
      data: { productId: loaded.id, stockQuantity: 5, change: -6 },
    });
    expect(await stock()).toBe(5);

    // A save without the version it was loaded at is no save.
    expect((await save({})).status).toBe(400);
    const listed = await page(`?q=${encodeURIComponent('Renamed Rotala')}`);
    expect(listed.items.find((p) => p.id === loaded.id)).toMatchObject({ name: 'Renamed Rotala', stockQuantity: 5, version: 3 });
  });

  it("answers a product's stock history newest first with the admins' names, paged; refuses bad pages, shoppers and unknown products (issue #42)", async () => {
    const form = { name: 'History Hygrophila', description: '', price: '60.00', stockQuantity: 4, category: 'midground', imageUrls: [] };
    const made = await call('POST', '/api/admin/products', { token: adminToken, body: form });
    expect(made.status).toBe(201);
    const id = (made.body as Item).id;
    const me = (await call('GET', '/api/me', { token: adminToken })).body as { fullName: string | null; email: string };
    const reservationId = `res_history_${id}`;
    expect((await rpc.request('rpc.catalog.stock.reserve', { orderNumber: 'HIST0001', reservationId, ttlSeconds: 600, lines: [{ productId: id, quantity: 1 }] })).ok).toBe(true);
    const adjusted = await call('POST', `/api/admin/products/${id}/stock-adjustments`, { token: adminToken, body: { change: 5, reason: '  Found a tray  ' } });
    expect(adjusted.status).toBe(200);
    expect(adjusted.body).toMatchObject({ id, stockQuantity: 8 });

    const history = await call('GET', `/api/admin/products/${id}/stock-history?pageSize=2`, { token: adminToken });
    expect(history.status).toBe(200);
    expect(history.body).toMatchObject({ productId: id, stockQuantity: 8, total: 3, page: 1, pageSize: 2 });
    expect((history.body as { items: unknown[] }).items).toEqual([
      expect.objectContaining({ cause: 'adjustment', change: 5, stockAfter: 8, note: 'Found a tray', actorName: me.fullName || me.email }),
      expect.objectContaining({ cause: 'sale', change: -1, stockAfter: 3, orderNumber: 'HIST0001', actorId: null, actorName: null }),
    ]);
    const older = await call('GET', `/api/admin/products/${id}/stock-history?pageSize=2&page=2`, { token: adminToken });
    expect((older.body as { items: unknown[] }).items).toEqual([expect.objectContaining({ cause: 'created', change: 4, stockAfter: 4, actorName: me.fullName || me.email })]);

    // Below 0, a change of 0, no reason, a bad page: 400s that write nothing.
    const refused = await call('POST', `/api/admin/products/${id}/stock-adjustments`, { token: adminToken, body: { change: -9, reason: 'Too many' } });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 'PRODUCT_STOCK_BELOW_ZERO', data: { stockQuantity: 8, change: -9 } });
    for (const body of [{ change: 0, reason: 'x' }, { change: 2, reason: '   ' }, { change: 1.5, reason: 'x' }, { change: 2, reason: 'x', stockQuantity: 99 }]) {
      expect((await call('POST', `/api/admin/products/${id}/stock-adjustments`, { token: adminToken, body })).status).toBe(400);
    }
    for (const query of ['?page=0', '?pageSize=51', '?page=x', '?extra=1']) expect((await call('GET', `/api/admin/products/${id}/stock-history${query}`, { token: adminToken })).status).toBe(400);
    expect((await call('GET', `/api/admin/products/${id}/stock-history`, { token: adminToken })).body).toMatchObject({ stockQuantity: 8, total: 3 });

    expect((await call('GET', `/api/admin/products/${id}/stock-history`, { token: shopperToken })).status).toBe(403);
    expect((await call('POST', `/api/admin/products/${id}/stock-adjustments`, { token: shopperToken, body: { change: 1, reason: 'x' } })).status).toBe(403);
    expect((await call('GET', '/api/admin/products/prd_none/stock-history', { token: adminToken })).status).toBe(404);
    expect((await call('POST', '/api/admin/products/prd_none/stock-adjustments', { token: adminToken, body: { change: 1, reason: 'x' } })).status).toBe(404);
  });
});
