import pg from 'pg';
import { addShopDays, paiseToDecimalString, renderMessage, shopDay } from '@jalaj/commerce';
import type { AdminFigures, SalesDay, SalesOverTime } from '@jalaj/contracts';
import { RpcClient } from '@jalaj/server-kit';
import { httpClient, newBuyer, parseCsv, startTestShop, testDatabaseUrl, TEST_ADMIN, type Buyer, type HttpCall, type SandboxControl, type TestShop } from '@jalaj/testing';

/**
 * The dashboard's sales over time through the BFF (real identity, catalog, cart, order and
 * BFF processes, the PhonePe sandbox; issue #42), against orders this spec creates: sales
 * counted as today's figures count them (paid less refunded, a partial and a full refund, an
 * unpaid and a failed order that do not count), India's days turning at 18:30 UTC, the
 * period before beside each day, the best-selling plants, the CSV of the numbers, bad
 * periods and who may ask.
 */
describe('sales over time through the BFF (real processes)', () => {
  let shop: TestShop;
  let phonepe: SandboxControl;
  let rpc: RpcClient;
  let orderDb: pg.Pool;
  let call: HttpCall;
  let adminToken = '';
  let shopperToken = '';
  const orderDatabase = testDatabaseUrl('order');

  beforeAll(async () => {
    shop = await startTestShop({
      services: ['identity', 'catalog', 'cart', 'order'],
      // The reconciler stays out of the way: the shoppers' returns decide the payments here.
      serviceEnv: { order: { DATABASE_URL: orderDatabase, PAYMENT_RECONCILE_FIRST_SECONDS: '3600' } },
    });
    phonepe = shop.phonepe!.control;
    call = httpClient(shop.base);
    rpc = RpcClient.standalone({ url: process.env.NATS_URL!, name: 'sales-over-time-spec' });
    orderDb = new pg.Pool({ connectionString: orderDatabase, max: 2 });
    adminToken = (await call('POST', '/api/auth/sign-in', { body: TEST_ADMIN })).body.accessToken;
  }, 120000);

  afterAll(async () => {
    await orderDb?.end();
    await rpc?.close();
    await shop?.stop();
  });

  const sales = async (query = ''): Promise<SalesOverTime> => {
    const r = await call('GET', `/api/admin/sales${query}`, { token: adminToken });
    if (r.status !== 200) throw new Error(`sales: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body as SalesOverTime;
  };
  const figures = async (day: string): Promise<AdminFigures> => (await call('GET', `/api/admin/figures?day=${day}`, { token: adminToken })).body as AdminFigures;
  const dayOf = (series: SalesDay[], day: string) => series.find((d) => d.day === day)!;

  async function newProduct(name: string, price: string) {
    const r = await call('POST', '/api/admin/products', { token: adminToken, body: { name, description: 'For the sales spec', price, stockQuantity: 50, category: 'midground', imageUrls: [] } });
    if (r.status !== 201) throw new Error(`product: ${JSON.stringify(r.body)}`);
    return r.body.id as string;
  }

  let buyer: Buyer;
  /** A new confirmed shopper with a Kolkata address (the one {@link settle} pays as): their checkout of one plant at a time. */
  async function shopper() {
    buyer = await newBuyer(call, shop.base, phonepe, 'sales');
    shopperToken = buyer.token;
    return buyer.checkout;
  }
  const settle = (merchantOrderId: string, state: 'COMPLETED' | 'FAILED') => buyer.settle(merchantOrderId, state);

  async function refund(orderId: string, amountPaise: number) {
    const r = await call('POST', `/api/admin/orders/${orderId}/refund`, { token: adminToken, body: { amountPaise, reason: 'Arrived damaged' } });
    if (r.status !== 200) throw new Error(`refund: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body.order as { state: string };
  }

  it("counts today's sales as today's figures do: paid less refunded, a full refund, an unpaid and a failed order not at all", async () => {
    const today = shopDay();
    const before = await sales();
    expect(before).toMatchObject({ days: 30, to: today, from: addShopDays(today, -29) });
    expect(before.current.map((d) => d.day)).toEqual(Array.from({ length: 30 }, (_, i) => addShopDays(today, i - 29)));
    expect(before.previous.map((d) => d.day)).toEqual(Array.from({ length: 30 }, (_, i) => addShopDays(today, i - 59)));

    const checkout = await shopper();
    const fern = await newProduct('Sales spec Java Fern', '249.00');
    const crypt = await newProduct('Sales spec Cryptocoryne', '399.00');
    const kept = await checkout(fern, 3);
    await settle(kept.merchantOrderId, 'COMPLETED');
    const partly = await checkout(crypt, 1);
    await settle(partly.merchantOrderId, 'COMPLETED');
    const whole = await checkout(fern, 2);
    await settle(whole.merchantOrderId, 'COMPLETED');
    expect(await refund(partly.orderId, 10000)).toMatchObject({ state: 'partly_refunded' });
    expect(await refund(whole.orderId, whole.amountPaise)).toMatchObject({ state: 'refund_pending' });
    const failed = await checkout(crypt, 1);
    await settle(failed.merchantOrderId, 'FAILED');
    // Left pending: checked out, never paid.
    await checkout(fern, 1);

    const after = await sales();
    const was = dayOf(before.current, today);
    expect(dayOf(after.current, today)).toEqual({ day: today, orders: was.orders + 2, revenuePaise: was.revenuePaise + kept.amountPaise + partly.amountPaise - 10000 });
    expect(after.totals).toEqual({ orders: before.totals.orders + 2, revenuePaise: before.totals.revenuePaise + kept.amountPaise + partly.amountPaise - 10000 });
    // One rule: the chart's today is today's figures.
    const strip = await figures(today);
    expect(dayOf(after.current, today)).toEqual({ day: today, orders: strip.paidOrders, revenuePaise: strip.revenuePaise });
    // The fully refunded order's two ferns and the unpaid one are no sales: three ferns sold, one crypt.
    expect(after.bestSellers.byUnits).toEqual(
      expect.arrayContaining([
        { productId: fern, productName: 'Sales spec Java Fern', units: 3, revenuePaise: expect.any(Number) },
        { productId: crypt, productName: 'Sales spec Cryptocoryne', units: 1, revenuePaise: 39900 },
      ]),
    );
    expect(after.bestSellers.byUnits.find((p) => p.productId === fern)!.revenuePaise).toBeGreaterThanOrEqual(3 * 23000);
    expect(await sales(`?days=30&to=${today}`)).toEqual(after);
  }, 120000);

  describe('on days of its own (orders written into the database, March 2025)', () => {
    const address = JSON.stringify({ id: 'adr_sal', nickname: null, fullName: 'Edge Buyer', phone: '9830012345', addressLine1: '1 Test Road', addressLine2: null, city: 'Kolkata', state: 'West Bengal', postalCode: '700016', country: 'India' });
    /** [key, created at (UTC), state, total, refunded, archived, plant, units]. */
    const orders: [string, string, string, number, number, boolean, string, number][] = [
      // The last instant of 9 March and the first of 10 March, India time.
      ['a', '2025-03-09T18:29:59.000Z', 'paid', 10000, 0, false, 'prd_sal_fern', 1],
      ['b', '2025-03-09T18:30:00.000Z', 'paid', 20000, 0, false, 'prd_sal_fern', 2],
      // Partly refunded on 10 March: counts for 400 - 150.
      ['c', '2025-03-10T18:29:59.999Z', 'partly_refunded', 40000, 15000, false, 'prd_sal_crypt', 1],
      // Refunded in whole, unpaid, failed, or archived: none of them counts.
      ['d', '2025-03-10T06:00:00.000Z', 'refunded', 160000, 160000, false, 'prd_sal_moss', 10],
      ['e', '2025-03-10T07:00:00.000Z', 'pending', 50000, 0, false, 'prd_sal_moss', 10],
      ['f', '2025-03-10T08:00:00.000Z', 'failed', 50000, 0, false, 'prd_sal_moss', 10],
      ['g', '2025-03-10T09:00:00.000Z', 'paid', 70000, 0, true, 'prd_sal_moss', 10],
      // The period's first and last India days, and just after it.
      ['h', '2025-03-01T18:30:00.000Z', 'paid', 15000, 0, false, 'prd_sal_fern', 1],
      ['i', '2025-03-31T18:29:59.000Z', 'paid', 16000, 0, false, 'prd_sal_crypt', 1],
      ['j', '2025-03-31T18:30:00.000Z', 'paid', 99000, 0, false, 'prd_sal_moss', 9],
      // The period before: 8 February is 30 days before 10 March; 1 March is its last day.
      ['k', '2025-02-08T12:00:00.000Z', 'paid', 30000, 0, false, 'prd_sal_moss', 3],
      ['l', '2025-03-01T18:29:59.000Z', 'paid', 17000, 0, false, 'prd_sal_moss', 1],
    ];

    beforeAll(async () => {
      for (const [k, at, state, total, refunded, archived, plant, units] of orders) {
        await orderDb.query(
          `insert into orders (id, merchant_order_id, order_number, user_id, state, subtotal_paise, shipping_paise, total_paise, refunded_paise, shipping_address_id, shipping_address, billing_address_id, billing_address,
             checkout_hash, reservation_id, expires_at, paid_at, fulfilment_status, archived_at, created_at, updated_at)
           values ($1, $2, $3, 'usr_sal', $4, $5 - 7500, 7500, $5, $6, 'adr_sal', $7::jsonb, 'adr_sal', $7::jsonb, 'sal', $1, $8::timestamptz + interval '15 minutes',
             case when $4 in ('paid', 'partly_refunded', 'refunded') then $8::timestamptz end, case when $4 = 'paid' then 'delivered' end,
             case when $9 then $8::timestamptz + interval '1 day' end, $8::timestamptz, $8::timestamptz)`,
          [`ord_sal_${k}`, `MO1700000000000sal${k}_sal1`, `sal0000${k}`, state, total, refunded, address, at, archived],
        );
        await orderDb.query(
          `insert into order_lines (order_id, product_id, position, product_name, image_url, quantity, unit_price_paise, discount_percent, discounted_unit_price_paise, line_total_paise)
           values ($1, $2, 0, $3, null, $4, ($5 - 7500) / $4, 0, ($5 - 7500) / $4, $5 - 7500)`,
          [`ord_sal_${k}`, plant, plant.replace('prd_sal_', 'Edge ').replace(/\b\w/g, (c) => c.toUpperCase()), units, total],
        );
      }
    });

    /** What each day of the period must count (orders, paise), and 0 and 0 for every other day. */
    const expected30: Record<string, [number, number]> = {
      '2025-03-02': [1, 15000],
      '2025-03-09': [1, 10000],
      '2025-03-10': [2, 20000 + 25000],
      '2025-03-31': [1, 16000],
    };
    const expectedBefore: Record<string, [number, number]> = {
      '2025-02-08': [1, 30000],
      '2025-03-01': [1, 17000],
    };
    const days = (to: string, n: number) => Array.from({ length: n }, (_, i) => addShopDays(to, i - n + 1));
    const series = (list: string[], counted: Record<string, [number, number]>) => list.map((day) => ({ day, orders: counted[day]?.[0] ?? 0, revenuePaise: counted[day]?.[1] ?? 0 }));

    it('counts each India day from 18:30 UTC to 18:30 UTC, days without sales as 0, and the period before beside it', async () => {
      const s = await sales('?days=30&to=2025-03-31');
      expect(s).toMatchObject({ days: 30, from: '2025-03-02', to: '2025-03-31' });
      expect(s.current).toEqual(series(days('2025-03-31', 30), expected30));
      expect(s.previous).toEqual(series(days('2025-03-01', 30), expectedBefore));
      expect(s.totals).toEqual({ orders: 5, revenuePaise: 86000 });
      expect(s.previousTotals).toEqual({ orders: 2, revenuePaise: 47000 });
      // previous[i] is 30 days before current[i].
      expect(s.current.map((d) => addShopDays(d.day, -30))).toEqual(s.previous.map((d) => d.day));
      // The same days as today's figures count.
      for (const day of ['2025-03-01', '2025-03-09', '2025-03-10', '2025-03-31', '2025-04-01']) {
        const strip = await figures(day);
        const counted = [...s.previous, ...s.current].find((d) => d.day === day) ?? (await sales(`?days=30&to=${day}`)).current.at(-1)!;
        expect({ day, orders: counted.orders, revenuePaise: counted.revenuePaise }).toEqual({ day, orders: strip.paidOrders, revenuePaise: strip.revenuePaise });
      }
    });

    it('ranks the plants of the period by units and by revenue; refunded, unpaid and archived orders sell nothing', async () => {
      const { bestSellers } = await sales('?days=30&to=2025-03-31');
      // Fern: orders a (1 unit), b (2) and h (1); crypt: c (1; its partial refund is the order's, not the plant's) and i (1). Lines are totals less ₹75 shipping.
      const fern = { productId: 'prd_sal_fern', productName: 'Edge Fern', units: 4, revenuePaise: 2500 + 12500 + 7500 };
      const crypt = { productId: 'prd_sal_crypt', productName: 'Edge Crypt', units: 2, revenuePaise: 32500 + 8500 };
      expect(bestSellers).toEqual({ byUnits: [fern, crypt], byRevenue: [crypt, fern] });
      // 90 days reach back to 8 February's moss (order k, 3 units) and 1 March's (order l); a tie goes by name.
      const ninety = await sales('?days=90&to=2025-03-31');
      expect(ninety).toMatchObject({ days: 90, from: '2025-01-01', to: '2025-03-31', totals: { orders: 7, revenuePaise: 86000 + 47000 }, previousTotals: { orders: 0, revenuePaise: 0 } });
      expect(ninety.current).toHaveLength(90);
      expect(ninety.bestSellers.byUnits.map((p) => [p.productId, p.units, p.revenuePaise])).toEqual([
        ['prd_sal_fern', 4, 22500],
        ['prd_sal_moss', 4, 22500 + 9500],
        ['prd_sal_crypt', 2, 41000],
      ]);
    });

    it('exports the numbers behind the chart as CSV: a row per day beside the day a period before, columns that sum to the totals', async () => {
      const r = await fetch(`${shop.base}/api/admin/sales/export.csv?days=30&to=2025-03-31`, { headers: { authorization: `Bearer ${adminToken}` } });
      expect(r.status).toBe(200);
      expect(r.headers.get('content-type')).toMatch(/^text\/csv/);
      expect(r.headers.get('content-disposition')).toBe('attachment; filename="jalaj-sales-2025-03-02-to-2025-03-31.csv"');
      const [head, ...rows] = parseCsv(await r.text());
      expect(head).toEqual(['Day (IST)', 'Paid orders', 'Revenue (INR)', 'Day a period before (IST)', 'Paid orders a period before', 'Revenue a period before (INR)']);
      expect(rows).toHaveLength(30);
      expect(rows[0]).toEqual(['2025-03-02', '1', '150.00', '2025-01-31', '0', '0.00']);
      expect(rows.find((row) => row[0] === '2025-03-10')).toEqual(['2025-03-10', '2', '450.00', '2025-02-08', '1', '300.00']);
      expect(rows.at(-1)).toEqual(['2025-03-31', '1', '160.00', '2025-03-01', '1', '170.00']);
      const sum = (column: number) => rows.reduce((total, row) => total + Number(row[column]), 0);
      expect([sum(1), sum(2).toFixed(2), sum(4), sum(5).toFixed(2)]).toEqual([5, paiseToDecimalString(86000), 2, paiseToDecimalString(47000)]);
    });
  });

  it.each([['?days=7'], ['?days=abc'], ['?days=30&days=90'], ['?to=2025-02-30'], ['?to=today'], ['?days=90&to=2025-03-31T00:00'], ['?colour=green']])('refuses %s with a 400 naming the field', async (query) => {
    for (const path of ['/api/admin/sales', '/api/admin/sales/export.csv']) {
      const r = await call('GET', `${path}${query}`, { token: adminToken });
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ status: 400, code: 'VALIDATION_FAILED', message: renderMessage('VALIDATION_FAILED').message });
      expect(r.body.fieldErrors.length).toBeGreaterThan(0);
    }
  });

  it('is for admins only', async () => {
    for (const path of ['/api/admin/sales', '/api/admin/sales/export.csv']) {
      expect((await call('GET', path)).status).toBe(401);
      expect((await call('GET', path, { token: shopperToken })).status).toBe(403);
    }
    // The order service re-checks the role itself: a token's claim is not enough.
    expect(await rpc.request('rpc.order.admin.sales', { actor: { id: 'usr_x', role: 'user' }, query: { days: 30 } })).toMatchObject({ ok: false, error: { code: 'ADMIN_REQUIRED' } });
    expect(await rpc.request('rpc.order.admin.sales', { actor: { id: 'usr_not_an_account', role: 'admin' }, query: { days: 30 } })).toMatchObject({ ok: false, error: { code: 'ADMIN_REQUIRED' } });
  });
});
