import pg from 'pg';
import { renderMessage } from '@jalaj/commerce';
import { ADMIN_USERS_MATCH_CAP, type Cart } from '@jalaj/contracts';
import { RpcClient } from '@jalaj/server-kit';
import { eventually, httpClient, newConfirmedShopper, startTestShop, testDatabaseUrl, TEST_ADMIN, type HttpCall, type SandboxControl, type TestShop } from '@jalaj/testing';

interface Item {
  id: string;
  email: string;
  fullName: string;
  role: string;
  createdAt: string;
}
interface Page {
  items: Item[];
  total: number;
  matches: number;
  moreMatches: boolean;
  page: number;
  pageSize: number;
}

/** More accounts than a search counts, so the cap shows. */
const BULK = 1200;

/**
 * The admin Users tab at scale through the BFF (real identity, catalog, cart and order
 * processes and the PhonePe sandbox): 1,200 generated accounts searched by name or email
 * and paged newest first on the server, the shop's total beside the (capped) matches, and a
 * user's detail composed of identity's profile and addresses and the order service's
 * figures of orders the test buys and pays; the Orders tab filtered to that customer.
 */
describe('admin users through the BFF (real processes)', () => {
  let shop: TestShop;
  let identityDb: pg.Pool;
  let orderDb: pg.Pool;
  let rpc: RpcClient;
  let phonepe: SandboxControl;
  let call: HttpCall;
  let adminToken = '';
  const identityDatabase = testDatabaseUrl('identity');
  const orderDatabase = testDatabaseUrl('order');

  beforeAll(async () => {
    shop = await startTestShop({
      services: ['identity', 'catalog', 'cart', 'order'],
      serviceEnv: { identity: { DATABASE_URL: identityDatabase }, order: { DATABASE_URL: orderDatabase } },
    });
    phonepe = shop.phonepe!.control;
    call = httpClient(shop.base);
    rpc = RpcClient.standalone({ url: process.env.NATS_URL!, name: 'admin-users-spec' });
    identityDb = new pg.Pool({ connectionString: identityDatabase, max: 2 });
    orderDb = new pg.Pool({ connectionString: orderDatabase, max: 2 });
    // 1,200 accounts a day back, one a minute apart; three of them at the very same instant (the id breaks the tie);
    // and two whose names hold LIKE's wildcards.
    await identityDb.query(
      `insert into users (id, email, password_hash, full_name, role, created_at)
       select 'usr_bulk_' || lpad(i::text, 4, '0'), 'bulk' || lpad(i::text, 4, '0') || '@example.in', 'x', 'Bulk Shopper ' || lpad(i::text, 4, '0'), 'user',
              now() - interval '1 day' - (case when i <= 3 then 0 else i end || ' minutes')::interval
       from generate_series(1, $1::int) as i`,
      [BULK],
    );
    await identityDb.query(
      `insert into users (id, email, password_hash, full_name, created_at) values
       ('usr_pct', 'percent@example.in', 'x', '100% Plant Lover', now() - interval '2 days'),
       ('usr_us', 'under@example.in', 'x', 'Moss_Keeper', now() - interval '2 days')`,
    );
    adminToken = (await call('POST', '/api/auth/sign-in', { body: TEST_ADMIN })).body.accessToken;
  }, 120000);

  afterAll(async () => {
    await identityDb?.end();
    await orderDb?.end();
    await rpc?.close();
    await shop?.stop();
  });

  const page = async (query: string) => {
    const r = await call('GET', `/api/admin/users${query}`, { token: adminToken });
    expect(r.status).toBe(200);
    return r.body as Page;
  };
  const accounts = async () => Number((await identityDb.query<{ n: string }>('select count(*) as n from users')).rows[0]!.n);

  it('answers one page newest first, the id breaking ties, with every account as the total', async () => {
    const all = await accounts();
    expect(all).toBeGreaterThan(BULK);
    const first = await page('');
    expect(first).toMatchObject({ total: all, matches: all, moreMatches: false, page: 1, pageSize: 24 });
    expect(first.items).toHaveLength(24);
    const second = await page('?page=2');
    const both = [...first.items, ...second.items];
    expect(new Set(both.map((u) => u.id)).size).toBe(48);
    expect(both.map((u) => u.createdAt)).toEqual([...both.map((u) => u.createdAt)].sort().reverse());

    // Every generated account once over the pages of 100, in (created_at, id) descending order.
    const bulk: Item[] = [];
    for (let p = 1; p <= Math.ceil(BULK / 100); p++) bulk.push(...(await page(`?q=bulk&pageSize=100&page=${p}`)).items);
    expect(bulk).toHaveLength(BULK);
    expect(new Set(bulk.map((u) => u.id)).size).toBe(BULK);
    // The three at one instant are the newest, the highest id first.
    expect(bulk.slice(0, 3).map((u) => u.id)).toEqual(['usr_bulk_0003', 'usr_bulk_0002', 'usr_bulk_0001']);
    expect(bulk.slice(3, 6).map((u) => u.id)).toEqual(['usr_bulk_0004', 'usr_bulk_0005', 'usr_bulk_0006']);
    expect(bulk.at(-1)!.id).toBe(`usr_bulk_${BULK}`);

    const lastPage = Math.ceil(all / 100);
    expect((await page(`?pageSize=100&page=${lastPage}`)).items).toHaveLength(all - (lastPage - 1) * 100);
    expect(await page(`?pageSize=100&page=${lastPage + 1}`)).toMatchObject({ items: [], total: all });
  });

  it('searches names and emails case-insensitively; the total stays every account and the matches are counted up to the cap', async () => {
    const all = await accounts();
    const byName = await page('?q=SHOPPER%20011');
    expect(byName).toMatchObject({ total: all, matches: 10, moreMatches: false });
    expect(byName.items.map((u) => u.fullName).sort()).toEqual(Array.from({ length: 10 }, (_, i) => `Bulk Shopper 011${i}`));
    const byEmail = await page('?q=bulk0042%40EXAMPLE');
    expect(byEmail).toMatchObject({ total: all, matches: 1 });
    expect(byEmail.items.map((u) => u.email)).toEqual(['bulk0042@example.in']);
    // 1,200 match: counted to the cap and no further, while the page still pages through them.
    const many = await page('?q=bulk');
    expect(many).toMatchObject({ total: all, matches: ADMIN_USERS_MATCH_CAP, moreMatches: true });
    expect(many.items).toHaveLength(24);
    expect(await page('?q=no%20such%20person')).toMatchObject({ items: [], total: all, matches: 0, moreMatches: false });
    expect(await page('?q=%20%20')).toMatchObject({ total: all, matches: all });
  });

  it('takes % and _ in the search as themselves', async () => {
    expect((await page('?q=%25')).items.map((u) => u.fullName)).toEqual(['100% Plant Lover']);
    expect((await page('?q=_')).items.map((u) => u.fullName)).toEqual(['Moss_Keeper']);
    expect((await page('?q=s_k')).items.map((u) => u.fullName)).toEqual(['Moss_Keeper']);
    expect(await page('?q=0%25%20P')).toMatchObject({ matches: 1 });
  });

  it.each([['?page=0'], ['?page=abc'], ['?pageSize=101'], ['?role=admin'], [`?q=${'x'.repeat(101)}`], ['?q=a%00b']])('refuses %s with a 400 naming the field', async (query) => {
    const r = await call('GET', `/api/admin/users${query}`, { token: adminToken });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ status: 400, code: 'VALIDATION_FAILED', message: renderMessage('VALIDATION_FAILED').message });
    expect(r.body.fieldErrors.length).toBeGreaterThan(0);
  });

  describe("a user's detail", () => {
    let seq = 0;
    async function newProduct(price: string) {
      const body = { name: `Users spec plant ${++seq}`, description: 'For the admin users spec', price, stockQuantity: 50, category: 'midground', imageUrls: [] };
      const r = await call('POST', '/api/admin/products', { token: adminToken, body });
      if (r.status !== 201) throw new Error(`product: ${JSON.stringify(r.body)}`);
      return r.body as { id: string };
    }
    const stateOf = async (orderId: string) => (await orderDb.query<{ state: string }>('select state from orders where id = $1', [orderId])).rows[0]!.state;

    /** The shopper buys `quantity` of a new plant at `price`; PhonePe settles it unless `pay` is false. */
    async function buy(token: string, addressId: string, price: string, quantity: number, pay = true) {
      const product = await newProduct(price);
      const added = await call('POST', '/api/cart/items', { token, body: { productId: product.id, quantity } });
      if (added.status !== 200) throw new Error(`cart: ${JSON.stringify(added.body)}`);
      const started = await call('POST', '/api/checkout/pay', { token, body: { shippingAddressId: addressId, billingAddressId: addressId } });
      if (started.status !== 200) throw new Error(`pay: ${JSON.stringify(started.body)}`);
      const { orderId, merchantOrderId, amountPaise } = started.body as { orderId: string; merchantOrderId: string; amountPaise: number };
      if (pay) {
        await phonepe.settle(merchantOrderId, { state: 'COMPLETED', webhook: 'send' });
        await eventually(() => stateOf(orderId), (s) => s === 'paid');
        // The cart lets go of what was bought when it hears of the payment (an event): until
        // then a next checkout would buy this plant again, as a shopper's would.
        await eventually(
          async () => (await call('GET', '/api/cart', { token })).body as Cart,
          (cart) => !cart.lines.some((line) => line.productId === product.id),
        );
      }
      return { orderId, amountPaise };
    }

    it('shows the profile, the addresses newest first, and the paid orders with what they came to', async () => {
      const shopper = await newConfirmedShopper(call, 'detail');
      const home = { nickname: 'Home', fullName: 'Ananya Sen', phone: '9830012345', addressLine1: '12 Park Street', city: 'Kolkata', state: 'West Bengal', postalCode: '700016', addressType: 'both' };
      const office = { ...home, nickname: 'Office', addressLine1: '4 Camac Street', postalCode: '700017', addressType: 'billing' };
      const first = await call('POST', '/api/me/addresses', { token: shopper.token, body: home });
      const second = await call('POST', '/api/me/addresses', { token: shopper.token, body: office });
      expect([first.status, second.status]).toEqual([201, 201]);

      const a = await buy(shopper.token, first.body.id, '249.00', 1);
      const b = await buy(shopper.token, first.body.id, '99.50', 1);
      // Started but never paid: neither counted nor spent.
      await buy(shopper.token, first.body.id, '120.00', 1, false);

      const r = await call('GET', `/api/admin/users/${shopper.user.id}`, { token: adminToken });
      expect(r.status).toBe(200);
      expect(r.body).toEqual({
        user: { id: shopper.user.id, email: shopper.email, fullName: 'detail Roy', role: 'user', createdAt: expect.any(String), phone: null },
        addresses: [
          expect.objectContaining({ id: second.body.id, nickname: 'Office', addressLine1: '4 Camac Street', postalCode: '700017', addressType: 'billing' }),
          expect.objectContaining({ id: first.body.id, nickname: 'Home', addressLine1: '12 Park Street', isDefaultShipping: true }),
        ],
        orders: { paidOrders: 2, totalSpentPaise: a.amountPaise + b.amountPaise },
      });
      // ₹249 and ₹75 shipping (a Kolkata PIN code), in paise.
      expect(a.amountPaise).toBe(32400);

      // The Orders tab filtered to this customer: their three orders (paid or not), and no one else's.
      const theirs = await call('GET', `/api/admin/orders?customer=${shopper.user.id}`, { token: adminToken });
      expect(theirs.status).toBe(200);
      expect(theirs.body.total).toBe(3);
      expect(theirs.body.items.every((o: { userId: string }) => o.userId === shopper.user.id)).toBe(true);
      const paidOnly = await call('GET', `/api/admin/orders?customer=${shopper.user.id}&state=paid`, { token: adminToken });
      expect(paidOnly.body.total).toBe(2);
      expect((await call('GET', '/api/admin/orders?customer=usr_nobody', { token: adminToken })).body).toMatchObject({ items: [], total: 0 });
      // And its CSV export: one row per line of their orders.
      const csv = await fetch(`${shop.base}/api/admin/orders/export.csv?customer=${shopper.user.id}`, { headers: { authorization: `Bearer ${adminToken}` } });
      expect(csv.status).toBe(200);
      const rows = (await csv.text()).trim().split(/\r?\n/);
      expect(rows).toHaveLength(1 + 3);
      expect(rows.slice(1).every((row) => row.includes(shopper.email))).toBe(true);
    }, 120000);

    it('shows an account without addresses or orders with zeros', async () => {
      const r = await call('GET', '/api/admin/users/usr_pct', { token: adminToken });
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({ user: { id: 'usr_pct', fullName: '100% Plant Lover', email: 'percent@example.in' }, addresses: [], orders: { paidOrders: 0, totalSpentPaise: 0 } });
    });

    it.each([['usr_does_not_exist'], ['not a user'], ['x'.repeat(100)], ['%E2%9C%93'], ["usr_1'%20or%20'1'='1"]])('answers %s with a 404 saying the user was not found', async (id) => {
      const r = await call('GET', `/api/admin/users/${id}`, { token: adminToken });
      expect(r.status).toBe(404);
      expect(r.body).toMatchObject({ status: 404, code: 'ACCOUNT_NOT_FOUND', message: 'User not found' });
    });
  });

  it('reads indexes, not every account, with 100,000 accounts', async () => {
    await identityDb.query(
      `insert into users (id, email, password_hash, full_name, created_at)
       select 'usr_load_' || i, 'load' || i || '@example.in', 'x', 'Load Tester ' || i, now() - interval '3 days' - (i || ' seconds')::interval
       from generate_series(1, 100000) as i`,
    );
    await identityDb.query(`insert into users (id, email, password_hash, full_name, created_at) values ('usr_zubeen', 'zubeen.g@example.in', 'x', 'Zubeen Garg', now() - interval '4 days')`);
    // VACUUM too: the rows just inserted wait in the trigram indexes' GIN pending list, which
    // ANALYZE leaves alone and the planner prices as a full read; whether autovacuum had
    // merged it yet decided the plan (a sequential scan in a CI run of 2026-11-24).
    await identityDb.query('vacuum analyze users');
    const plan = async (sql: string) => (await identityDb.query<{ 'QUERY PLAN': string }>(`explain ${sql}`)).rows.map((r) => r['QUERY PLAN']).join('\n');
    // A page deep in the list walks the list's index; a search for a rare name reads the trigram indexes (one
    // whose trigrams are in every account, such as 'load4242', is cheaper read in full, and PostgreSQL does).
    expect(await plan('select id from users order by created_at desc, id desc limit 24 offset 50000')).toContain('users_listed_idx');
    const search = await plan(`select id from users where email ilike '%zubeen%' or full_name ilike '%zubeen%' order by created_at desc, id desc limit 24`);
    expect(search).toContain('users_email_trgm_idx');
    expect(search).toContain('users_full_name_trgm_idx');
    expect(search).not.toContain('Seq Scan');
    const all = await accounts();
    expect(await page('?q=ZUBEEN')).toMatchObject({ total: all, matches: 1, items: [expect.objectContaining({ id: 'usr_zubeen' })] });
    expect(await page('?q=LOAD4242%40')).toMatchObject({ total: all, matches: 1 });
    expect((await page('?q=load4242')).items.map((u) => u.email).sort()).toEqual(['load4242@example.in', ...Array.from({ length: 10 }, (_, i) => `load4242${i}@example.in`)].sort());
    expect(await page('?q=tester')).toMatchObject({ total: all, matches: ADMIN_USERS_MATCH_CAP, moreMatches: true });
    expect((await page('?page=2000&pageSize=50')).items).toHaveLength(50);
  }, 120000);

  it('is for admins only', async () => {
    const shopper = await newConfirmedShopper(call, 'nosy');
    expect((await call('GET', '/api/admin/users')).status).toBe(401);
    expect((await call('GET', '/api/admin/users/usr_pct')).status).toBe(401);
    expect((await call('GET', '/api/admin/users', { token: shopper.token })).status).toBe(403);
    expect((await call('GET', `/api/admin/users/${shopper.user.id}`, { token: shopper.token })).status).toBe(403);
    const actor = { id: shopper.user.id, role: 'user' as const };
    expect(await rpc.request('rpc.identity.profiles.admin-page', { actor, query: { page: 1, pageSize: 24 } })).toMatchObject({ ok: false, error: { code: 'ADMIN_REQUIRED' } });
    expect(await rpc.request('rpc.identity.profiles.admin-detail', { actor, userId: 'usr_pct' })).toMatchObject({ ok: false, error: { code: 'ADMIN_REQUIRED' } });
    expect(await rpc.request('rpc.order.admin.customer-figures', { actor, userId: 'usr_pct' })).toMatchObject({ ok: false, error: { code: 'ADMIN_REQUIRED' } });
  });
});
