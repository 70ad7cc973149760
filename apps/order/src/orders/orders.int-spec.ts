import pg from 'pg';
import { financialYear, invoiceNumber, orderNumber } from '@jalaj/commerce';
import { freePort, startApp, type AppHandle } from '@jalaj/local-platform';
import { eventually, httpClient, integrationEnv, newConfirmedShopper, startTestShop, testDatabaseUrl, TEST_ADMIN, type HttpCall, type SandboxControl, type TestShop } from '@jalaj/testing';
import { orderFilterSql, type OrderListFilter } from './orders.repository.js';

/**
 * Orders after checkout with real identity, catalog, cart, order (two replicas) and BFF
 * processes, PostgreSQL, NATS and the PhonePe sandbox: the shopper's orders and bills, the
 * Orders tab's list, archive and restore, bill serials under concurrent payments, and the
 * list's filters and pages over 100,000 orders.
 */
describe('orders through the BFF (real processes)', () => {
  let shop: TestShop;
  let phonepe: SandboxControl;
  let replica: AppHandle;
  let adminToken = '';
  let orderDb: pg.Pool;
  const orderDatabaseUrl = testDatabaseUrl('order');
  const admin = () => httpClient(shop.base);

  beforeAll(async () => {
    // The reconciler stays out of the way: the shoppers' returns decide the payments here. One
    // shopper starts twenty payments before paying any (each replaces the last, ADR 073).
    const orderEnv = { DATABASE_URL: orderDatabaseUrl, PAYMENT_RECONCILE_FIRST_SECONDS: '3600', CHECKOUT_MAX_OPEN_PAYMENTS: '20' };
    shop = await startTestShop({ services: ['identity', 'catalog', 'cart', 'order'], serviceEnv: { order: orderEnv } });
    phonepe = shop.phonepe!.control;
    // A second order process on the same database, in the same queue group: payments are decided by both.
    replica = await startApp('order', {
      port: await freePort(),
      env: { ...integrationEnv(), ...orderEnv, ...Object.fromEntries(Object.entries(shop.phonepe!.env).filter(([name]) => name.startsWith('PHONEPE_'))) },
    });
    orderDb = new pg.Pool({ connectionString: orderDatabaseUrl, max: 4 });
    adminToken = (await admin()('POST', '/api/auth/sign-in', { body: TEST_ADMIN })).body.accessToken;
  }, 120000);

  afterAll(async () => {
    await orderDb?.end();
    await replica?.stop();
    await shop?.stop();
  });

  let seq = 0;
  async function newProduct(stockQuantity: number, price = '249.00') {
    const body = { name: `Orders plant ${++seq}`, description: 'For the orders spec', price, stockQuantity, category: 'midground', imageUrls: [] };
    const r = await admin()('POST', '/api/admin/products', { token: adminToken, body });
    if (r.status !== 201) throw new Error(`product: ${JSON.stringify(r.body)}`);
    return r.body as { id: string; name: string };
  }

  /** A signed-in shopper with an address (shipping to `state`). */
  async function shopper(name = 'orders', state = 'West Bengal', postalCode = '700016') {
    const call: HttpCall = httpClient(shop.base);
    const { token, email, user } = await newConfirmedShopper(call, name);
    const address = await call('POST', '/api/me/addresses', {
      token,
      body: { fullName: 'Ananya Sen', phone: '9830012345', addressLine1: '12 Park Street', city: 'Kolkata', state, postalCode, addressType: 'both' },
    });
    if (address.status !== 201) throw new Error(`address: ${JSON.stringify(address.body)}`);
    const addressId = address.body.id as string;
    /** Adds `quantity` of the product to the cart and starts paying the whole cart. */
    const checkout = async (productId: string, quantity = 1) => {
      const added = await call('POST', '/api/cart/items', { token, body: { productId, quantity } });
      if (added.status !== 200) throw new Error(`cart: ${JSON.stringify(added.body)}`);
      const r = await call('POST', '/api/checkout/pay', { token, body: { shippingAddressId: addressId, billingAddressId: addressId } });
      if (r.status !== 200) throw new Error(`pay: ${r.status} ${JSON.stringify(r.body)}`);
      return r.body as { orderId: string; merchantOrderId: string; amountPaise: number };
    };
    return { call, token, email, userId: user.id as string, checkout };
  }

  /** PhonePe reports the payment; the shopper's return (through the BFF) has the order service decide it. */
  async function pay(merchantOrderId: string, state: 'COMPLETED' | 'FAILED' = 'COMPLETED') {
    await phonepe.settle(merchantOrderId, state === 'COMPLETED' ? { state, webhook: 'drop' } : { state, errorCode: 'PAYMENT_ERROR', detailedErrorCode: 'ZA', webhook: 'drop' });
    return (await httpClient(shop.base)('GET', `/api/payments/phonepe/return/${merchantOrderId}`)).location!;
  }

  const year = financialYear(new Date());
  const serialOf = (billNumber: string) => Number(billNumber.split('/')[2]);
  let buyer: Awaited<ReturnType<typeof shopper>>;
  const paidOrders: { orderId: string; merchantOrderId: string }[] = [];

  it('concurrent payments on two replicas get consecutive bill serials, with no gap or duplicate', async () => {
    buyer = await shopper('serials');
    const p = await newProduct(500);
    // Twenty orders of one shopper: each checkout pays the cart as it grows, and replaces the
    // one before (ADR 073); PhonePe then completes them all, each sold as a late payment.
    for (let i = 0; i < 20; i++) paidOrders.push(await buyer.checkout(p.id));
    const landed = await Promise.all(paidOrders.map((o) => pay(o.merchantOrderId)));
    expect(landed.every((l) => new URL(l, shop.base).pathname === '/payment-success')).toBe(true);
    const rows = (await orderDb.query<{ state: string; bill_number: string }>('select state, bill_number from orders where user_id = $1', [buyer.userId])).rows;
    expect(rows.map((r) => r.state)).toEqual(Array(20).fill('paid'));
    expect(rows.every((r) => r.bill_number.startsWith(`JLJ/${year}/`) && r.bill_number.length === 16)).toBe(true);
    expect(rows.map((r) => serialOf(r.bill_number)).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect((await orderDb.query('select financial_year, last_serial from bill_serials')).rows).toEqual([{ financial_year: year, last_serial: 20 }]);
    // Each order was decided on PhonePe's word, by whichever replica took its return.
    const calls = await phonepe.calls();
    for (const o of paidOrders) expect(calls.some((c) => c.method === 'GET' && c.path.includes(`/order/${o.merchantOrderId}/status`))).toBe(true);
  }, 90000);

  it('a sale whose bill number was not issued after its commit (a stop in between) gets it from the reconciler, the same serial', async () => {
    // The state a stop between the sale's commit and the number's statement leaves (ADR 085).
    const [last] = (await orderDb.query<{ id: string; bill_number: string }>('select id, bill_number from orders where user_id = $1 order by bill_number desc limit 1', [buyer.userId])).rows;
    await orderDb.query(
      `with unbilled as (update orders set bill_number = null where id = $1 returning id)
       update bill_serials set last_serial = last_serial - 1 where financial_year = $2 and exists (select 1 from unbilled)`,
      [last!.id, year],
    );
    const billed = async () => (await orderDb.query<{ bill_number: string | null }>('select bill_number from orders where id = $1', [last!.id])).rows[0]!.bill_number;
    // The reconciler runs every second and claims sold orders without a number.
    expect(await eventually(billed, (b) => b !== null, 10_000)).toBe(last!.bill_number);
    expect((await orderDb.query('select financial_year, last_serial from bill_serials')).rows).toEqual([{ financial_year: year, last_serial: 20 }]);
  }, 30000);

  it('a shopper sees their orders newest first with bill numbers and fulfilment; failed checkouts too; never another user’s', async () => {
    const p = await newProduct(10);
    const failed = await buyer.checkout(p.id);
    expect(new URL(await pay(failed.merchantOrderId, 'FAILED'), shop.base).pathname).toBe('/payment-failed');
    // Two steps an admin set on one order (the fulfilment handler's own spec covers setting them).
    const followed = paidOrders[1]!.orderId;
    await orderDb.query(
      `insert into order_fulfilment_events (id, order_id, status, courier, tracking_number, created_by, created_at) values
         ('ful_spec_2', $1, 'shipped', 'India Post', 'EK123456789IN', 'usr_admin', now()), ('ful_spec_1', $1, 'processing', null, null, 'usr_admin', now() - interval '1 hour')`,
      [followed],
    );
    await orderDb.query("update orders set fulfilment_status = 'shipped' where id = $1", [followed]);
    const list = await buyer.call('GET', '/api/orders', { token: buyer.token });
    expect(list.status).toBe(200);
    const items = list.body.items as { id: string; state: string; billNumber: string | null; lines: unknown[]; createdAt: string; fulfilment: unknown[]; merchantOrderId: string }[];
    expect(items).toHaveLength(21);
    expect(items[0]).toMatchObject({ id: failed.orderId, state: 'failed', billNumber: null, fulfilment: [], fulfilmentStatus: null });
    expect(items.map((o) => o.createdAt)).toEqual([...items.map((o) => o.createdAt)].sort().reverse());
    expect(items.slice(1).every((o) => o.state === 'paid' && /^JLJ\/\d{2}-\d{2}\/\d{6}$/.test(o.billNumber!))).toBe(true);
    expect(items.find((o) => o.id === followed)).toMatchObject({
      fulfilmentStatus: 'shipped',
      fulfilment: [
        { status: 'processing', courier: null, trackingNumber: null },
        { status: 'shipped', courier: 'India Post', trackingNumber: 'EK123456789IN' },
      ],
    });

    const one = await buyer.call('GET', `/api/orders/${paidOrders[0]!.orderId}`, { token: buyer.token });
    expect(one.body).toMatchObject({ id: paidOrders[0]!.orderId, merchantOrderId: paidOrders[0]!.merchantOrderId, state: 'paid', shippingAddress: { state: 'West Bengal' } });

    const other = await shopper('other');
    for (const path of [`/api/orders/${paidOrders[0]!.orderId}`, `/api/orders/${paidOrders[0]!.orderId}/bill`, '/api/orders/ord_does_not_exist']) {
      expect((await other.call('GET', path, { token: other.token })).body).toMatchObject({ status: 404, code: 'ORDER_NOT_FOUND', message: 'No orders found with this transaction ID' });
    }
    expect((await other.call('GET', '/api/orders', { token: other.token })).body).toEqual({ items: [] });
    expect((await httpClient(shop.base)('GET', '/api/orders')).status).toBe(401);
  }, 60000);

  it('the bill of supply of a paid order: seller, buyer, place of supply, HSN 0602, discount, rounding; none before payment', async () => {
    const s = await shopper('bill', 'Andaman and Nicobar Islands', '744101');
    const p = await newProduct(20);
    const order = await s.checkout(p.id, 3);
    // Not paid yet: no bill.
    expect((await s.call('GET', `/api/orders/${order.orderId}/bill`, { token: s.token })).body).toMatchObject({ status: 404, code: 'BILL_NOT_ISSUED', message: 'A bill is issued once the payment is complete.' });
    await pay(order.merchantOrderId);
    const bill = await s.call('GET', `/api/orders/${order.orderId}/bill`, { token: s.token });
    expect(bill.status).toBe(200);
    const row = (await orderDb.query<{ bill_number: string; paid_at: Date }>('select bill_number, paid_at from orders where id = $1', [order.orderId])).rows[0]!;
    expect(bill.body).toMatchObject({
      invoiceNumber: invoiceNumber(order.merchantOrderId),
      orderNumber: orderNumber(order.merchantOrderId),
      billNumber: row.bill_number,
      billDate: row.paid_at.toISOString(),
      seller: { name: 'Jalaj Aquatics', gstin: '19ABCDE1234F1Z5', state: 'West Bengal', stateCode: '19' },
      buyer: { name: 'Ananya Sen', address: ['12 Park Street', 'Kolkata 744101, Andaman and Nicobar Islands, India'] },
      placeOfSupply: { state: 'Andaman and Nicobar Islands', code: '35' },
      // 3 × ₹249 at 5 %: ₹12.45 off each.
      lines: [{ hsn: '0602', description: p.name, quantity: 3, unitPricePaise: 24900, discountPercent: 5, discountPaise: 3735, valuePaise: 70965 }],
      subtotalPaise: 70965,
      state: 'paid',
      merchantOrderId: order.merchantOrderId,
    });
    expect(bill.body.roundingPaise).toBe(bill.body.totalPaise - bill.body.subtotalPaise - bill.body.shippingPaise);
    expect(bill.body.totalPaise).toBe(order.amountPaise);
    expect(bill.body.exemptNote).toContain('exempt');
    // The admin opens any order's bill; the shopper's route never opens another's, even with an admin token.
    expect((await admin()('GET', `/api/admin/orders/${order.orderId}/bill`, { token: adminToken })).body).toEqual(bill.body);
    expect((await admin()('GET', `/api/orders/${order.orderId}/bill`, { token: adminToken })).status).toBe(404);
  }, 60000);

  it('every signed-in and admin answer says Cache-Control: no-store (issue #39); the public catalogue is revalidated', async () => {
    const s = await shopper('no-store');
    const p = await newProduct(5);
    const order = await s.checkout(p.id);
    await pay(order.merchantOrderId);
    const cacheControl = async (path: string, token?: string, init: RequestInit = {}) => {
      const r = await fetch(shop.base + path, { ...init, headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(init.headers as Record<string, string>) } });
      await r.arrayBuffer();
      return [path, r.status, r.headers.get('cache-control')];
    };
    const signedIn = [
      ['/api/orders', s.token],
      [`/api/orders/${order.orderId}`, s.token],
      [`/api/orders/${order.orderId}/bill`, s.token],
      ['/api/me', s.token],
      ['/api/me/addresses', s.token],
      ['/api/cart', s.token],
      ['/api/admin/orders', adminToken],
      [`/api/admin/orders/${order.orderId}`, adminToken],
      [`/api/admin/orders/${order.orderId}/bill`, adminToken],
      ['/api/admin/orders/export.csv', adminToken],
      ['/api/admin/users', adminToken],
      // Refused answers too: a 404 of another's order, a 401 without a token.
      ['/api/orders/ord_not_there/bill', s.token],
      ['/api/orders', undefined],
    ] as const;
    for (const [path, token] of signedIn) expect(await cacheControl(path, token)).toEqual([path, expect.any(Number), 'no-store']);
    // A session's answer carries an access token.
    const signIn = await cacheControl('/api/auth/sign-in', undefined, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(TEST_ADMIN) });
    expect(signIn).toEqual(['/api/auth/sign-in', 200, 'no-store']);
    expect(await cacheControl('/api/products')).toEqual(['/api/products', 200, 'no-cache']);
  });

  it('the Orders tab is for admins only', async () => {
    const s = await shopper('notadmin');
    for (const [method, path, body] of [
      ['GET', '/api/admin/orders'],
      ['GET', `/api/admin/orders/${paidOrders[0]!.orderId}`],
      ['DELETE', `/api/admin/orders/${paidOrders[0]!.orderId}`],
      ['POST', '/api/admin/orders/bulk-delete', { orderIds: [paidOrders[0]!.orderId] }],
      ['POST', `/api/admin/orders/${paidOrders[0]!.orderId}/restore`],
    ] as const) {
      expect((await s.call(method, path, { token: s.token, body })).body).toMatchObject({ status: 403, code: 'ADMIN_REQUIRED', message: 'Unauthorized: Admin access required' });
    }
  }, 60000);

  it('archives one order and several, with the spec’s texts; archived orders leave the list, show under Archived, and come back', async () => {
    const list = async (query = '') => (await admin()('GET', `/api/admin/orders${query}`, { token: adminToken })).body as { items: { id: string; customer: { email: string } | null; archivedAt: string | null }[]; total: number };
    const before = await list('?pageSize=100');
    const total = before.total;
    expect(before.items.find((o) => o.id === paidOrders[0]!.orderId)?.customer).toMatchObject({ email: buyer.email });

    const [first, second, third] = paidOrders.map((o) => o.orderId);
    const one = await admin()('DELETE', `/api/admin/orders/${first}`, { token: adminToken });
    expect(one.body).toMatchObject({
      notice: { code: 'ORDER_ARCHIVED' },
      orderIds: [first],
      title: 'Order deleted',
      message: `Successfully deleted 1 order item(s) with transaction ID: ${paidOrders[0]!.merchantOrderId.slice(-8)}`,
    });
    // Again: it is archived already.
    expect((await admin()('DELETE', `/api/admin/orders/${first}`, { token: adminToken })).body).toMatchObject({ status: 404, code: 'ORDER_NOT_FOUND' });

    const bulk = await admin()('POST', '/api/admin/orders/bulk-delete', { token: adminToken, body: { orderIds: [second, third, first, 'ord_unknown'] } });
    expect(bulk.body).toMatchObject({ notice: { code: 'ORDERS_ARCHIVED', data: { count: 2 } }, title: 'Orders deleted', message: 'Successfully deleted 2 order(s)' });
    expect([...bulk.body.orderIds].sort()).toEqual([second, third].sort());
    expect((await admin()('POST', '/api/admin/orders/bulk-delete', { token: adminToken, body: { orderIds: [] } })).body).toMatchObject({ status: 400, code: 'NO_ORDERS_SELECTED', message: 'No orders selected for deletion' });

    const after = await list('?pageSize=100');
    expect(after.total).toBe(total - 3);
    expect(after.items.map((o) => o.id)).not.toContain(first);
    const archived = await list('?archived=true');
    expect(archived.total).toBe(3);
    expect(archived.items.find((o) => o.id === first)).toMatchObject({ archivedAt: expect.any(String) });
    // The page's cards carry no more than they show; who archived it is in the whole order.
    expect(archived.items.find((o) => o.id === first)).not.toHaveProperty('archivedBy');
    expect((await admin()('GET', `/api/admin/orders/${first}`, { token: adminToken })).body).toMatchObject({ archivedBy: expect.stringMatching(/^usr_/), archivedAt: expect.any(String) });
    // Nothing is destroyed: the shopper still sees the order and its bill.
    const mine = (await buyer.call('GET', '/api/orders', { token: buyer.token })).body.items as { id: string }[];
    expect(mine.map((o) => o.id)).toContain(first);
    expect((await buyer.call('GET', `/api/orders/${first}/bill`, { token: buyer.token })).status).toBe(200);

    const restored = await admin()('POST', `/api/admin/orders/${first}/restore`, { token: adminToken });
    expect(restored.body).toMatchObject({ notice: { code: 'ORDER_RESTORED' }, title: 'Order restored', message: `Order #${orderNumber(paidOrders[0]!.merchantOrderId)} is back in the list.`, order: { id: first, archivedAt: null } });
    expect((await admin()('POST', `/api/admin/orders/${first}/restore`, { token: adminToken })).body).toMatchObject({ status: 404, code: 'ORDER_NOT_FOUND' });
    expect((await list('?pageSize=1')).total).toBe(total - 2);
    expect((await admin()('GET', `/api/admin/orders/${second}`, { token: adminToken })).body).toMatchObject({ id: second, archivedAt: expect.any(String), customer: { email: buyer.email } });
    expect((await admin()('GET', '/api/admin/orders/ord_unknown', { token: adminToken })).body).toMatchObject({ status: 404, code: 'ORDER_NOT_FOUND' });
  }, 60000);

  it('finds orders by order number, transaction id and the customer’s email or name', async () => {
    const search = async (q: string) => (await admin()('GET', `/api/admin/orders?q=${encodeURIComponent(q)}&pageSize=100`, { token: adminToken })).body as { items: { id: string }[]; total: number };
    const target = paidOrders[5]!;
    expect((await search(orderNumber(target.merchantOrderId))).items.map((o) => o.id)).toEqual([target.orderId]);
    expect((await search(target.merchantOrderId)).items.map((o) => o.id)).toEqual([target.orderId]);
    // The buyer's 20 paid orders (2 archived) and the failed one.
    expect((await search(buyer.email)).total).toBe(19);
    expect((await search('serials ROY')).total).toBe(19);
    expect((await search('no-such-customer-anywhere')).total).toBe(0);
  }, 60000);

  it('the list the BFF keeps shows a change made anywhere else within moments: the order service reads the list version and announces it (ADR 046, 058)', async () => {
    const total = async () => ((await admin()('GET', '/api/admin/orders?pageSize=5', { token: adminToken })).body as { total: number }).total;
    // The first read confirms the admin with the order service, the second is kept by the BFF.
    const before = await total();
    expect(await total()).toBe(before);
    const target = paidOrders[7]!.orderId;
    // Archived outside any service: only the list version, bumped by the database's trigger, can tell the BFF.
    await orderDb.query(`update orders set archived_at = now(), archived_by = 'usr_sql' where id = $1`, [target]);
    try {
      // Well inside the 5 s the BFF keeps a page without a hint.
      await eventually(total, (n) => n === before - 1, 2_500);
    } finally {
      await orderDb.query('update orders set archived_at = null, archived_by = null where id = $1', [target]);
    }
    await eventually(total, (n) => n === before, 2_500);
  }, 60000);

  /** The paid orders' bill numbers are exactly 1..N of the year: nothing skipped, nothing twice. */
  it('bill serials stay gap-free across every payment of the spec', async () => {
    const rows = (await orderDb.query<{ bill_number: string }>("select bill_number from orders where bill_number is not null and id not like 'ord_gen_%'")).rows;
    expect(rows.map((r) => serialOf(r.bill_number)).sort((a, b) => a - b)).toEqual(Array.from({ length: rows.length }, (_, i) => i + 1));
    expect((await orderDb.query<{ last_serial: number }>('select last_serial from bill_serials where financial_year = $1', [year])).rows[0]!.last_serial).toBe(rows.length);
  });

  describe('100,000 orders', () => {
    const N = 100_000;
    const START = Date.parse('2025-06-01T00:00:00+05:30');
    const STEP_MS = 3 * 60_000;
    /** The generated orders, as the SQL below makes them (computed here independently, to check the filters against). */
    const generated = Array.from({ length: N }, (_, k) => {
      const i = k + 1;
      const state = i % 10 === 7 ? 'failed' : i % 10 === 8 ? 'pending' : i % 10 === 9 ? 'refunded' : 'paid';
      const fulfilment = state === 'paid' ? [null, 'processing', 'packed', 'shipped', 'delivered'][i % 5]! : null;
      return { id: `ord_gen_${String(i).padStart(6, '0')}`, i, state, fulfilment, createdAt: START + i * STEP_MS, archived: i % 97 === 0, orderNumber: `g${String(i).padStart(7, '0')}`, customer: i % 1000 === 0 };
    });
    const newestFirst = [...generated].sort((a, b) => b.createdAt - a.createdAt);
    const indiaDay = (ms: number) => new Date(ms + 330 * 60_000).toISOString().slice(0, 10);
    let customer: Awaited<ReturnType<typeof shopper>>;

    beforeAll(async () => {
      customer = await shopper('bloomfield');
      const address = JSON.stringify({ id: 'adr_gen', nickname: null, fullName: 'Generated Buyer', phone: '9830012345', addressLine1: '1 Test Road', addressLine2: null, city: 'Kolkata', state: 'West Bengal', postalCode: '700016', country: 'India' });
      await orderDb.query(
        `insert into orders (id, merchant_order_id, order_number, user_id, state, subtotal_paise, shipping_paise, total_paise, shipping_address_id, shipping_address, billing_address_id, billing_address,
           checkout_hash, reservation_id, expires_at, paid_at, fulfilment_status, archived_at, archived_by, created_at, updated_at)
         select 'ord_gen_' || lpad(i::text, 6, '0'), 'MO1700000000000g' || lpad(i::text, 7, '0') || '_gen1', 'g' || lpad(i::text, 7, '0'),
           case when i % 1000 = 0 then $1 else 'usr_gen_' || (i % 5000) end,
           s.state, 10000, 7500, 17500, 'adr_gen', $2::jsonb, 'adr_gen', $2::jsonb, 'gen', 'ord_gen_' || i, t + interval '15 minutes',
           case when s.state = 'paid' then t + interval '1 minute' end,
           case when s.state = 'paid' then (array[null, 'processing', 'packed', 'shipped', 'delivered'])[i % 5 + 1] end,
           case when i % 97 = 0 then t + interval '1 day' end, case when i % 97 = 0 then 'usr_gen_admin' end, t, t
         from generate_series(1, ${N}) as i,
           lateral (select $3::timestamptz + i * interval '3 minutes' as t) as c,
           lateral (select case i % 10 when 7 then 'failed' when 8 then 'pending' when 9 then 'refunded' else 'paid' end as state) as s`,
        [customer.userId, address, new Date(START)],
      );
      await orderDb.query(
        `insert into order_lines (order_id, product_id, position, product_name, image_url, quantity, unit_price_paise, discount_percent, discounted_unit_price_paise, line_total_paise)
         select 'ord_gen_' || lpad(i::text, 6, '0'), 'prd_gen', 0, 'Generated plant', null, 1, 10000, 0, 10000, 10000 from generate_series(1, ${N}) as i`,
      );
      await orderDb.query('analyze orders');
      await orderDb.query('analyze order_lines');
    }, 120000);

    /** The generated orders' filter window (nothing real was created in 2025). */
    const window = (from: string, to: string) => generated.filter((o) => indiaDay(o.createdAt) >= from && indiaDay(o.createdAt) <= to);
    async function page(query: Record<string, string | number | boolean>) {
      const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
      const r = await admin()('GET', `/api/admin/orders?${qs}`, { token: adminToken });
      // Speed is `npm run bench`'s to check (docs/performance.md); the plans are checked below with EXPLAIN.
      if (r.status !== 200) throw new Error(`list: ${r.status} ${JSON.stringify(r.body)}`);
      return r.body as { items: { id: string; state: string; fulfilmentStatus: string | null; customer: { email: string } | null; lines: unknown[] }[]; total: number; page: number; pageSize: number };
    }
    const ids = (list: { id: string }[]) => list.map((o) => o.id);

    it('pages newest first within a date range, with the total', async () => {
      const all = window('2025-06-01', '2025-12-31');
      const expected = newestFirst.filter((o) => !o.archived && all.includes(o));
      const first = await page({ from: '2025-06-01', to: '2025-12-31', pageSize: 50 });
      expect(first.total).toBe(expected.length);
      expect(ids(first.items)).toEqual(ids(expected.slice(0, 50)));
      expect(first.items[0]!.lines).toHaveLength(1);
      const deep = await page({ from: '2025-06-01', to: '2025-12-31', pageSize: 100, page: 900 });
      expect(ids(deep.items)).toEqual(ids(expected.slice(89_900, 90_000)));
      expect((await page({ from: '2025-06-01', to: '2025-12-31', pageSize: 100, page: 2000 })).items).toEqual([]);
    }, 60000);

    it('includes both ends of a date range, by India days', async () => {
      const day = window('2025-08-15', '2025-08-15').filter((o) => !o.archived);
      const r = await page({ from: '2025-08-15', to: '2025-08-15', pageSize: 100, page: 5 });
      expect(r.total).toBe(day.length);
      // Every 3 minutes from midnight to midnight, India time: 00:00 is the day's first.
      expect(window('2025-08-15', '2025-08-15')).toHaveLength(480);
      expect(ids(r.items)).toEqual(ids([...day].reverse().slice(400, 500)));
    }, 60000);

    it('filters by state, fulfilment (none = not started) and archive', async () => {
      const inWindow = new Set(ids(window('2025-01-01', '2025-12-31')));
      const cases: [Record<string, string | boolean>, (o: (typeof generated)[number]) => boolean][] = [
        [{ state: 'failed' }, (o) => o.state === 'failed' && !o.archived],
        [{ state: 'paid', fulfilment: 'none' }, (o) => o.state === 'paid' && o.fulfilment === null && !o.archived],
        [{ fulfilment: 'none' }, (o) => o.state === 'paid' && o.fulfilment === null && !o.archived],
        [{ fulfilment: 'shipped' }, (o) => o.fulfilment === 'shipped' && !o.archived],
        [{ fulfilment: 'to-ship' }, (o) => o.state === 'paid' && (o.fulfilment === null || o.fulfilment === 'processing' || o.fulfilment === 'packed') && !o.archived],
        [{ archived: true }, (o) => o.archived],
        [{ archived: true, state: 'refunded' }, (o) => o.archived && o.state === 'refunded'],
      ];
      for (const [filter, match] of cases) {
        const expected = newestFirst.filter((o) => inWindow.has(o.id) && match(o));
        const r = await page({ ...filter, from: '2025-01-01', to: '2025-12-31', pageSize: 20, page: 3 });
        expect({ filter, total: r.total }).toEqual({ filter, total: expected.length });
        expect(ids(r.items)).toEqual(ids(expected.slice(40, 60)));
        for (const item of r.items) if (filter.state) expect(item.state).toBe(filter.state);
      }
    }, 60000);

    it('searches by order number prefix, transaction id and the customer’s name or email (via identity)', async () => {
      const prefix = await page({ q: 'g00012', pageSize: 100 });
      const byPrefix = newestFirst.filter((o) => o.orderNumber.startsWith('g00012') && !o.archived);
      expect(prefix.total).toBe(byPrefix.length);
      expect(ids(prefix.items)).toEqual(ids(byPrefix));
      expect(ids((await page({ q: 'MO1700000000000g0054321_gen1' })).items)).toEqual(['ord_gen_054321']);
      expect((await page({ q: ' #G0054321 ' })).total).toBe(1);

      const theirs = newestFirst.filter((o) => o.customer && !o.archived);
      const byName = await page({ q: 'BLOOMFIELD', pageSize: 100, from: '2025-01-01', to: '2025-12-31' });
      expect(byName.total).toBe(theirs.length);
      expect(ids(byName.items)).toEqual(ids(theirs));
      expect(byName.items.every((o) => o.customer?.email === customer.email)).toBe(true);
      expect((await page({ q: customer.email, state: 'paid', from: '2025-01-01', to: '2025-12-31' })).total).toBe(theirs.filter((o) => o.state === 'paid').length);
      // Generated customers are unknown to identity: their orders still list, without a customer.
      expect((await page({ from: '2025-06-01', to: '2025-12-31' })).items.filter((o) => o.customer === null).length).toBeGreaterThan(0);
    }, 60000);

    it('plans every filter of the repository on an index, not a scan of the table', async () => {
      /** The repository's `where` with its parameters bound, as the repository runs it. */
      const plan = async (filter: OrderListFilter) => {
        const { where, params } = orderFilterSql(filter);
        const rows = (await orderDb.query<{ 'QUERY PLAN': string }>(`explain select id from orders where ${where} order by created_at desc, id desc limit 20`, params)).rows;
        return rows.map((r) => r['QUERY PLAN']).join('\n');
      };
      const plans: Record<string, string> = {
        newest: await plan({}),
        state: await plan({ state: 'failed' }),
        fulfilment: await plan({ fulfilment: 'shipped' }),
        notStarted: await plan({ fulfilment: 'none' }),
        toShip: await plan({ fulfilment: 'to-ship' }),
        archived: await plan({ archived: true }),
        days: await plan({ from: '2025-08-15', to: '2025-08-15' }),
        search: await plan({ q: 'g00012', customerIds: [customer.userId, 'usr_gen_1'] }),
      };
      for (const [name, text] of Object.entries(plans)) expect({ name, seqScan: /Seq Scan on orders/.test(text) }).toEqual({ name, seqScan: false });
      expect(plans.toShip).toContain('orders_to_ship_idx');
      // The search combines the order number's, the transaction id's and the customers' indexes.
      expect(plans.search).toContain('orders_order_number_idx');
      expect(plans.search).toContain('orders_merchant_order_id_key');
      expect(plans.search).toContain('orders_user_idx');
    }, 60000);
  });
});

