import pg from 'pg';
import { paiseToDecimalString, renderMessage, shopDay } from '@jalaj/commerce';
import type { AdminFigures } from '@jalaj/contracts';
import { RpcClient } from '@jalaj/server-kit';
import { eventually, httpClient, newBuyer, parseCsv, startTestShop, testDatabaseUrl, TEST_ADMIN, type Buyer, type HttpCall, type SandboxControl, type TestShop } from '@jalaj/testing';

/** `GET /api/admin/figures`'s answer. */
type Figures = AdminFigures;

const THRESHOLD = 3;

/**
 * The dashboard's strip of today's figures through the BFF (real identity, catalog, cart,
 * order and BFF processes, the PhonePe sandbox), against orders and stock this spec creates:
 * paid orders and revenue of the India day, the orders waiting to ship as fulfilment moves
 * on (and the Orders tab's `fulfilment=to-ship` list and export agreeing), plants low on
 * stock as stock moves, the day's edges in Asia/Kolkata, bad days and who may ask.
 */
describe("today's figures through the BFF (real processes)", () => {
  let shop: TestShop;
  let phonepe: SandboxControl;
  let rpc: RpcClient;
  let orderDb: pg.Pool;
  let call: HttpCall;
  let adminToken = '';
  let shopperToken = '';
  let shopperEmail = '';
  const orderDatabase = testDatabaseUrl('order');

  beforeAll(async () => {
    shop = await startTestShop({
      services: ['identity', 'catalog', 'cart', 'order'],
      // The reconciler stays out of the way: the shoppers' returns decide the payments here.
      serviceEnv: { order: { DATABASE_URL: orderDatabase, PAYMENT_RECONCILE_FIRST_SECONDS: '3600' }, catalog: { LOW_STOCK_THRESHOLD: String(THRESHOLD) } },
    });
    phonepe = shop.phonepe!.control;
    call = httpClient(shop.base);
    rpc = RpcClient.standalone({ url: process.env.NATS_URL!, name: 'admin-figures-spec' });
    orderDb = new pg.Pool({ connectionString: orderDatabase, max: 2 });
    adminToken = (await call('POST', '/api/auth/sign-in', { body: TEST_ADMIN })).body.accessToken;
  }, 120000);

  afterAll(async () => {
    await orderDb?.end();
    await rpc?.close();
    await shop?.stop();
  });

  const figures = async (query = ''): Promise<Figures> => {
    const r = await call('GET', `/api/admin/figures${query}`, { token: adminToken });
    if (r.status !== 200) throw new Error(`figures: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body as Figures;
  };
  const listTotal = async (query: string) => {
    const r = await call('GET', `/api/admin/orders?${query}`, { token: adminToken });
    if (r.status !== 200) throw new Error(`orders: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body as { total: number; items: { id: string }[] };
  };

  let seq = 0;
  const productBody = (stockQuantity: number) => ({ name: `Figures plant ${++seq}`, description: 'For the figures spec', price: '249.00', stockQuantity, category: 'midground', imageUrls: [] });
  async function newProduct(stockQuantity: number) {
    const body = productBody(stockQuantity);
    const r = await call('POST', '/api/admin/products', { token: adminToken, body });
    if (r.status !== 201) throw new Error(`product: ${JSON.stringify(r.body)}`);
    return { id: r.body.id as string, body };
  }
  /** Sets the stock to `stockQuantity` whatever sold: the form's save over the product as it is now (issue #38). */
  const setStock = async (product: { id: string; body: ReturnType<typeof productBody> }, stockQuantity: number) => {
    const listed = await call('GET', `/api/admin/products?q=${encodeURIComponent(product.body.name)}&pageSize=100`, { token: adminToken });
    const now = (listed.body.items as { id: string; version: number; stockQuantity: number }[]).find((p) => p.id === product.id);
    if (!now) throw new Error(`stock: ${product.id} not listed`);
    const body = { ...product.body, stockQuantity, version: now.version, loadedStockQuantity: now.stockQuantity };
    const r = await call('PATCH', `/api/admin/products/${product.id}`, { token: adminToken, body });
    if (r.status !== 200) throw new Error(`stock: ${JSON.stringify(r.body)}`);
  };

  let buyer: Buyer;
  /** A new confirmed shopper with a Kolkata address (the one {@link settle} pays as): their checkout of one plant at a time. */
  async function shopper() {
    buyer = await newBuyer(call, shop.base, phonepe, 'figures');
    shopperToken = buyer.token;
    shopperEmail = buyer.email;
    return buyer.checkout;
  }
  const settle = (merchantOrderId: string, state: 'COMPLETED' | 'FAILED') => buyer.settle(merchantOrderId, state);

  const fulfil = async (orderId: string, step: Record<string, string>) => {
    const r = await call('POST', `/api/admin/orders/${orderId}/fulfilment`, { token: adminToken, body: step });
    if (r.status !== 200) throw new Error(`fulfil: ${r.status} ${JSON.stringify(r.body)}`);
  };

  let first: { orderId: string; merchantOrderId: string; amountPaise: number };
  let second: { orderId: string; merchantOrderId: string; amountPaise: number };

  it("counts today's paid orders (India time) and their totals, not the failed or pending ones; the lists they open agree", async () => {
    const before = await figures();
    const today = shopDay();
    expect(before.day).toBe(today);
    expect(before.lowStockThreshold).toBe(THRESHOLD);
    const checkout = await shopper();
    const plant = await newProduct(50);
    first = await checkout(plant.id, 1);
    await settle(first.merchantOrderId, 'COMPLETED');
    second = await checkout(plant.id, 2);
    await settle(second.merchantOrderId, 'COMPLETED');
    const failed = await checkout(plant.id, 1);
    await settle(failed.merchantOrderId, 'FAILED');
    // Left pending: checked out, never paid.
    await checkout(plant.id, 1);

    const after = await figures();
    expect(after).toMatchObject({ day: today, paidOrders: before.paidOrders + 2, revenuePaise: before.revenuePaise + first.amountPaise + second.amountPaise, toShip: before.toShip + 2 });
    expect(first.amountPaise + second.amountPaise).toBeGreaterThan(0);
    expect(await figures(`?day=${today}`)).toEqual(after);
    // Each figure is the total of the list it opens.
    expect((await listTotal(`state=paid&from=${today}&to=${today}`)).total).toBe(after.paidOrders);
    expect((await listTotal('fulfilment=to-ship')).total).toBe(after.toShip);
  }, 90000);

  it('keeps an order waiting to ship until it ships; the to-ship list and export follow, archived orders leave', async () => {
    const base = await figures();
    await fulfil(first.orderId, { status: 'processing' });
    await fulfil(first.orderId, { status: 'packed' });
    expect((await figures()).toShip).toBe(base.toShip);
    expect((await listTotal('fulfilment=to-ship&pageSize=100')).items.map((o) => o.id)).toEqual(expect.arrayContaining([first.orderId, second.orderId]));

    await fulfil(first.orderId, { status: 'shipped', courier: 'India Post', trackingNumber: 'EK123456789IN' });
    const shipped = await figures();
    expect(shipped).toMatchObject({ toShip: base.toShip - 1, paidOrders: base.paidOrders, revenuePaise: base.revenuePaise });
    const toShip = await listTotal('fulfilment=to-ship&pageSize=100');
    expect(toShip.total).toBe(shipped.toShip);
    expect(toShip.items.map((o) => o.id)).toContain(second.orderId);
    expect(toShip.items.map((o) => o.id)).not.toContain(first.orderId);
    const csv = await call('GET', '/api/admin/orders/export.csv?fulfilment=to-ship', { token: adminToken });
    expect(csv.status).toBe(200);
    expect(csv.body).toContain(second.merchantOrderId);
    expect(csv.body).not.toContain(first.merchantOrderId);

    // A cancelled order is not waiting to ship either.
    await fulfil(second.orderId, { status: 'cancelled', note: 'Out of season' });
    expect((await figures()).toShip).toBe(base.toShip - 2);

    // Archived (deleted) orders leave the figures, as they leave the lists; restored, they come back.
    const archived = await call('DELETE', `/api/admin/orders/${first.orderId}`, { token: adminToken });
    expect(archived.status).toBe(200);
    expect(await figures()).toMatchObject({ paidOrders: base.paidOrders - 1, revenuePaise: base.revenuePaise - first.amountPaise });
    expect((await call('POST', `/api/admin/orders/${first.orderId}/restore`, { token: adminToken })).status).toBe(200);
    expect(await figures()).toMatchObject({ paidOrders: base.paidOrders, revenuePaise: base.revenuePaise });
  }, 60000);

  it('counts a partly refunded order for what was paid less what was refunded, the same in the strip, the user drawer and the CSV; the rest refunded, it leaves them', async () => {
    const checkout = await shopper();
    const plant = await newProduct(50);
    const sale = await checkout(plant.id, 2);
    await settle(sale.merchantOrderId, 'COMPLETED');
    const base = await figures();
    const today = shopDay();
    const refund = async (amountPaise: number) => {
      const r = await call('POST', `/api/admin/orders/${sale.orderId}/refund`, { token: adminToken, body: { amountPaise, reason: 'One plant arrived damaged' } });
      if (r.status !== 200) throw new Error(`refund: ${r.status} ${JSON.stringify(r.body)}`);
      return r.body as { order: { state: string; refundedPaise: number } };
    };
    const users = await call('GET', `/api/admin/users?q=${encodeURIComponent(shopperEmail)}`, { token: adminToken });
    const userId = (users.body.items as { id: string }[])[0]!.id;
    const drawer = async () => (await call('GET', `/api/admin/users/${userId}`, { token: adminToken })).body.orders as { paidOrders: number; totalSpentPaise: number };
    const csvRevenue = async () => {
      const csv = parseCsv((await call('GET', `/api/admin/orders/export.csv?q=${sale.merchantOrderId}`, { token: adminToken })).body as string);
      const at = (heading: string) => csv[0]!.indexOf(heading);
      return { state: csv[1]![at('Status')], refunded: csv[1]![at("Refunded (INR, order's first line only)")], revenue: csv[1]![at("Revenue (INR, order's first line only)")] };
    };
    expect(await drawer()).toEqual({ paidOrders: 1, totalSpentPaise: sale.amountPaise });

    // ₹100 back: still a sale, still to ship, counted for the rest everywhere.
    expect((await refund(10000)).order).toMatchObject({ state: 'partly_refunded', refundedPaise: 10000 });
    const partly = await figures();
    expect(partly).toMatchObject({ paidOrders: base.paidOrders, revenuePaise: base.revenuePaise - 10000, toShip: base.toShip });
    expect((await listTotal(`state=paid&from=${today}&to=${today}`)).total).toBe(partly.paidOrders);
    expect((await listTotal('fulfilment=to-ship&pageSize=100')).items.map((o) => o.id)).toContain(sale.orderId);
    expect(await drawer()).toEqual({ paidOrders: 1, totalSpentPaise: sale.amountPaise - 10000 });
    expect(await csvRevenue()).toEqual({ state: 'Partly refunded', refunded: '100.00', revenue: paiseToDecimalString(sale.amountPaise - 10000) });

    // The rest back: no sale any more, in any of them.
    expect((await refund(sale.amountPaise - 10000)).order).toMatchObject({ state: 'refund_pending', refundedPaise: sale.amountPaise });
    expect(await figures()).toMatchObject({ paidOrders: base.paidOrders - 1, revenuePaise: base.revenuePaise - sale.amountPaise, toShip: base.toShip - 1 });
    expect(await drawer()).toEqual({ paidOrders: 0, totalSpentPaise: 0 });
    expect(await csvRevenue()).toEqual({ state: 'Refund pending', refunded: paiseToDecimalString(sale.amountPaise), revenue: '0.00' });
  }, 60000);

  it('counts the plants at or under the low-stock threshold as stock moves, sales included', async () => {
    const base = (await figures()).lowStock;
    const plant = await newProduct(10);
    expect((await figures()).lowStock).toBe(base);
    await setStock(plant, THRESHOLD + 1);
    expect((await figures()).lowStock).toBe(base);
    // A sale takes it to the threshold: low.
    const checkout = await shopper();
    const sale = await checkout(plant.id, 1);
    await settle(sale.merchantOrderId, 'COMPLETED');
    await eventually(figures, (f) => f.lowStock === base + 1);
    await setStock(plant, 0);
    expect((await figures()).lowStock).toBe(base + 1);
    await setStock(plant, 40);
    expect((await figures()).lowStock).toBe(base);
    // The Products tab's Low stock filter counts the same.
    expect((await call('GET', '/api/admin/products?lowStock=true&pageSize=1', { token: adminToken })).body.total).toBe(base);
  }, 60000);

  it('counts a day from India midnight to the next: 18:30 UTC is where a day turns', async () => {
    const address = JSON.stringify({ id: 'adr_fig', nickname: null, fullName: 'Edge Buyer', phone: '9830012345', addressLine1: '1 Test Road', addressLine2: null, city: 'Kolkata', state: 'West Bengal', postalCode: '700016', country: 'India' });
    // Delivered (not to ship), on the edges of 10 March 2025, India time; and a failed one inside it.
    const edges: [string, string, string, number][] = [
      ['a', '2025-03-09T18:29:59.999Z', 'paid', 10000],
      ['b', '2025-03-09T18:30:00.000Z', 'paid', 20000],
      ['c', '2025-03-10T18:29:59.999Z', 'paid', 40000],
      ['d', '2025-03-10T18:30:00.000Z', 'paid', 80000],
      ['e', '2025-03-10T06:00:00.000Z', 'failed', 160000],
    ];
    for (const [k, at, state, total] of edges) {
      await orderDb.query(
        `insert into orders (id, merchant_order_id, order_number, user_id, state, subtotal_paise, shipping_paise, total_paise, shipping_address_id, shipping_address, billing_address_id, billing_address,
           checkout_hash, reservation_id, expires_at, paid_at, fulfilment_status, created_at, updated_at)
         values ($1, $2, $3, 'usr_fig', $4, $5 - 7500, 7500, $5, 'adr_fig', $6::jsonb, 'adr_fig', $6::jsonb, 'fig', $1, $7::timestamptz + interval '15 minutes',
           case when $4 = 'paid' then $7::timestamptz end, case when $4 = 'paid' then 'delivered' end, $7::timestamptz, $7::timestamptz)`,
        [`ord_fig_${k}`, `MO1700000000000fig${k}_fig1`, `fig0000${k}`, state, total, address, at],
      );
      await orderDb.query(
        `insert into order_lines (order_id, product_id, position, product_name, image_url, quantity, unit_price_paise, discount_percent, discounted_unit_price_paise, line_total_paise)
         values ($1, 'prd_fig', 0, 'Edge plant', null, 1, $2 - 7500, 0, $2 - 7500, $2 - 7500)`,
        [`ord_fig_${k}`, total],
      );
    }
    expect(await figures('?day=2025-03-10')).toMatchObject({ day: '2025-03-10', paidOrders: 2, revenuePaise: 60000 });
    expect(await figures('?day=2025-03-09')).toMatchObject({ day: '2025-03-09', paidOrders: 1, revenuePaise: 10000 });
    expect(await figures('?day=2025-03-11')).toMatchObject({ day: '2025-03-11', paidOrders: 1, revenuePaise: 80000 });
    expect(await figures('?day=2025-03-12')).toMatchObject({ paidOrders: 0, revenuePaise: 0 });
    // The Orders tab's day filter draws the same line.
    expect((await listTotal('state=paid&from=2025-03-10&to=2025-03-10')).total).toBe(2);
  }, 30000);

  it.each([['?day=2026-02-30'], ['?day=2026-02-29'], ['?day=2026-13-01'], ['?day=23-11-2026'], ['?day=today'], ['?day=2026-11-23T00:00'], ['?day=2026-11-23%00'], ['?colour=green']])(
    'refuses %s with a 400 naming the field',
    async (query) => {
      const r = await call('GET', `/api/admin/figures${query}`, { token: adminToken });
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ status: 400, code: 'VALIDATION_FAILED', message: renderMessage('VALIDATION_FAILED').message });
      expect(r.body.fieldErrors.length).toBeGreaterThan(0);
    },
  );

  it('says what is wrong with a day that does not exist', async () => {
    const r = await call('GET', '/api/admin/figures?day=2026-02-30', { token: adminToken });
    expect(r.body.fieldErrors).toEqual([{ field: 'day', message: 'No such date: use a real day like 2026-11-22' }]);
    expect((await call('GET', '/api/admin/orders?fulfilment=to-be-shipped', { token: adminToken })).status).toBe(400);
  });

  it.each([
    ['/api/admin/orders', 'from=2026-02-30', 'from'],
    ['/api/admin/orders', 'state=paid&to=2026-13-01', 'to'],
    ['/api/admin/orders/export.csv', 'from=2026-04-31', 'from'],
    ['/api/admin/orders/export.csv', 'from=2026-11-01&to=2026-11-00', 'to'],
  ])('refuses a day that does not exist on %s?%s with a 400 naming it, as the figures do', async (path, query, field) => {
    const r = await call('GET', `${path}?${query}`, { token: adminToken });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ code: 'VALIDATION_FAILED', fieldErrors: [{ field, message: 'No such date: use a real day like 2026-11-22' }] });
  });

  it('is for admins only', async () => {
    expect((await call('GET', '/api/admin/figures')).status).toBe(401);
    expect((await call('GET', '/api/admin/figures', { token: shopperToken })).status).toBe(403);
    expect((await call('GET', '/api/admin/orders?fulfilment=to-ship', { token: shopperToken })).status).toBe(403);
    // The order service re-checks the role itself: a token's claim is not enough.
    expect(await rpc.request('rpc.order.admin.figures', { actor: { id: 'usr_x', role: 'user' } })).toMatchObject({ ok: false, error: { code: 'ADMIN_REQUIRED' } });
    expect(await rpc.request('rpc.order.admin.figures', { actor: { id: 'usr_not_an_account', role: 'admin' } })).toMatchObject({ ok: false, error: { code: 'ADMIN_REQUIRED' } });
  });
});
