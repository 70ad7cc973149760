import pg from 'pg';
import sharp from 'sharp';
import { orderNumber } from '@jalaj/commerce';
import { eventually, httpClient, newConfirmedShopper, parseCsv, startTestShop, testDatabaseUrl, TEST_ADMIN, type HttpCall, type SandboxControl, type TestShop } from '@jalaj/testing';

interface Bought {
  orderId: string;
  merchantOrderId: string;
  token: string;
  email: string;
  call: HttpCall;
  products: { id: string; name: string }[];
}

/**
 * The 30-day guarantee as replacement orders (issue #41, docs/adr/078) through the BFF, with
 * real identity, catalog, cart, order and media processes and the PhonePe sandbox: the window
 * (delivered, or shipped and never marked delivered), the quantities left to claim, the
 * photos (checked by their bytes, private to the shopper and admins), an admin's approval
 * (a ₹0 replacement order that takes stock, or a clear refusal without stock) or decline,
 * one decision however many admins click, and the mails.
 */
describe('guarantee claims through the BFF (real processes)', () => {
  let shop: TestShop;
  let phonepe: SandboxControl;
  let admin: HttpCall;
  let adminToken = '';
  let orderDb: pg.Pool;
  const orderDatabaseUrl = testDatabaseUrl('order');

  beforeAll(async () => {
    shop = await startTestShop({ services: ['identity', 'catalog', 'cart', 'order', 'media'], serviceEnv: { order: { DATABASE_URL: orderDatabaseUrl } }, bucket: 'photos-claims-spec' });
    phonepe = shop.phonepe!.control;
    orderDb = new pg.Pool({ connectionString: orderDatabaseUrl, max: 2 });
    admin = httpClient(shop.base);
    adminToken = (await admin('POST', '/api/auth/sign-in', { body: TEST_ADMIN })).body.accessToken;
  }, 120000);

  afterAll(async () => {
    await orderDb?.end();
    await shop?.stop();
  });

  const png = () => sharp({ create: { width: 24, height: 24, channels: 3, background: '#4a7' } }).png().toBuffer();
  const stateOf = async (orderId: string) => (await orderDb.query<{ state: string }>('select state from orders where id = $1', [orderId])).rows[0]?.state;

  /** The mails to `to` whose subject matches, once there are `count`. */
  const mailed = (to: string, subject: RegExp, count = 1) =>
    eventually(
      async () => ((await httpClient(shop.base)('GET', '/dev/mailbox.json')).body.items as { to: string; subject: string; text: string }[]).filter((m) => m.to === to && subject.test(m.subject)),
      (mails) => mails.length === count,
    );

  let seq = 0;
  async function newProduct(stockQuantity = 50) {
    const body = { name: `Claims plant ${++seq} ${Date.now()}`, description: 'For the claims spec', price: '249.00', stockQuantity, category: 'midground', imageUrls: [] };
    const r = await admin('POST', '/api/admin/products', { token: adminToken, body });
    if (r.status !== 201) throw new Error(`product: ${JSON.stringify(r.body)}`);
    return r.body as { id: string; name: string };
  }
  const stockOf = async (productId: string) => (await admin('GET', `/api/products/${productId}`)).body.stockQuantity as number;

  /** A new shopper's paid order of `quantity` of each of `plants.length` new plants with those stocks. */
  async function buy(quantity = 3, stocks: number[] = [50]): Promise<Bought> {
    const call = httpClient(shop.base);
    const { token, email } = await newConfirmedShopper(call, 'claims');
    const address = await call('POST', '/api/me/addresses', {
      token,
      body: { fullName: 'Ananya Sen', phone: '9830012345', addressLine1: '12 Park Street', city: 'Kolkata', state: 'West Bengal', postalCode: '700016', addressType: 'both' },
    });
    const products = [];
    for (const stock of stocks) {
      const p = await newProduct(stock);
      await call('POST', '/api/cart/items', { token, body: { productId: p.id, quantity } });
      products.push(p);
    }
    const pay = await call('POST', '/api/checkout/pay', { token, body: { shippingAddressId: address.body.id, billingAddressId: address.body.id } });
    if (pay.status !== 200) throw new Error(`pay: ${JSON.stringify(pay.body)}`);
    const { orderId, merchantOrderId } = pay.body as { orderId: string; merchantOrderId: string };
    await phonepe.settle(merchantOrderId, { state: 'COMPLETED', webhook: 'send' });
    await eventually(() => stateOf(orderId), (s) => s === 'paid');
    return { orderId, merchantOrderId, token, email, call, products };
  }

  /** Ships (and, unless `delivered` is false, delivers) the order, its steps dated `daysAgo` days back. */
  async function deliver(orderId: string, daysAgo = 1, delivered = true) {
    expect((await admin('POST', `/api/admin/orders/${orderId}/fulfilment`, { token: adminToken, body: { status: 'shipped', courier: 'India Post', trackingNumber: 'EK1IN' } })).status).toBe(200);
    if (delivered) expect((await admin('POST', `/api/admin/orders/${orderId}/fulfilment`, { token: adminToken, body: { status: 'delivered' } })).status).toBe(200);
    await orderDb.query(`update order_fulfilment_events set created_at = now() - make_interval(days => $2) where order_id = $1`, [orderId, daysAgo]);
  }

  /** Files a claim as the multipart form the storefront sends. */
  async function claim(o: Pick<Bought, 'orderId' | 'token'>, lines: { productId: string; quantity: number }[], photos?: Blob[], description = 'The leaves melted within a week.') {
    const form = new FormData();
    form.append('claim', JSON.stringify({ lines, description }));
    for (const photo of photos ?? [new Blob([new Uint8Array(await png())], { type: 'image/png' })]) form.append('photos', photo, 'photo.png');
    const r = await fetch(`${shop.base}/api/orders/${o.orderId}/claims`, { method: 'POST', headers: { authorization: `Bearer ${o.token}`, 'x-forwarded-for': `10.9.${++seq % 250}.1` }, body: form });
    return { status: r.status, body: (await r.json()) as any }; // eslint-disable-line @typescript-eslint/no-explicit-any
  }

  const approve = (claimId: string, token = adminToken, key?: string) => admin('POST', `/api/admin/claims/${claimId}/approve`, { token, ...(key ? { idempotencyKey: key } : {}) });
  const decline = (claimId: string, reason: string, token = adminToken) => admin('POST', `/api/admin/claims/${claimId}/decline`, { token, body: { reason } });

  describe('the window', () => {
    it('is closed before the order ships, open within 30 days of delivery, closed after', async () => {
      const o = await buy(1);
      const line = [{ productId: o.products[0]!.id, quantity: 1 }];
      expect((await claim(o, line)).body).toMatchObject({ status: 409, code: 'CLAIM_WINDOW_CLOSED', data: { lastDay: null } });
      await deliver(o.orderId, 31);
      const closed = await claim(o, line);
      expect(closed.body).toMatchObject({ status: 409, code: 'CLAIM_WINDOW_CLOSED', message: expect.stringMatching(/^The 30-day guarantee of this order ended on \d{4}-\d{2}-\d{2}\.$/) });
      await orderDb.query(`update order_fulfilment_events set created_at = now() - interval '29 days' where order_id = $1`, [o.orderId]);
      const open = await claim(o, line);
      expect(open.status).toBe(201);
      expect(open.body.order.claims).toEqual([expect.objectContaining({ state: 'pending', lines: [{ productId: o.products[0]!.id, productName: o.products[0]!.name, quantity: 1 }] })]);
    });

    it('counts from the shipping when the seller never marked the order delivered', async () => {
      const o = await buy(2);
      await deliver(o.orderId, 31, false);
      expect((await claim(o, [{ productId: o.products[0]!.id, quantity: 1 }])).body).toMatchObject({ code: 'CLAIM_WINDOW_CLOSED' });
      await orderDb.query(`update order_fulfilment_events set created_at = now() - interval '20 days' where order_id = $1`, [o.orderId]);
      expect((await claim(o, [{ productId: o.products[0]!.id, quantity: 1 }])).status).toBe(201);
    });
  });

  describe('what may be claimed', () => {
    it('is at most what was bought, less earlier claims; one claim per plant at a time; a declined claim covers nothing', async () => {
      const o = await buy(3, [50, 50]);
      await deliver(o.orderId);
      const [a, b] = o.products as [{ id: string; name: string }, { id: string; name: string }];
      expect((await claim(o, [{ productId: a.id, quantity: 4 }])).body).toMatchObject({ status: 400, code: 'CLAIM_QUANTITY_INVALID', data: { max: 3 }, message: `You can claim at most 3 of ${a.name}.` });
      expect((await claim(o, [{ productId: 'prd_not_in_the_order', quantity: 1 }])).body).toMatchObject({ status: 400, code: 'CLAIM_QUANTITY_INVALID' });
      expect((await claim(o, [{ productId: a.id, quantity: 1 }], undefined, '   ')).body).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });

      const first = await claim(o, [{ productId: a.id, quantity: 2 }]);
      expect(first.status).toBe(201);
      expect(first.body).toMatchObject({ notice: { code: 'CLAIM_FILED' }, title: 'Claim sent' });
      expect((await mailed(o.email, /^We received your guarantee claim for order #/))[0]!.text).toContain(`${a.name} × 2`);
      // Under review: not again until it is decided; the other plant meanwhile, yes.
      expect((await claim(o, [{ productId: a.id, quantity: 1 }])).body).toMatchObject({ status: 409, code: 'CLAIM_LINE_UNDER_REVIEW' });
      expect((await claim(o, [{ productId: b.id, quantity: 3 }])).status).toBe(201);

      const firstId = first.body.order.claims[0].id as string;
      expect((await decline(firstId, 'The photos show the plants kept without light.')).status).toBe(200);
      // Declined: all 3 may be claimed again.
      const again = await claim(o, [{ productId: a.id, quantity: 1 }]);
      expect(again.status).toBe(201);
      const againId = (again.body.order.claims as { id: string; state: string; lines: { productId: string }[] }[]).find((c) => c.state === 'pending' && c.lines[0]!.productId === a.id)!.id;
      const approved = await approve(againId);
      expect(approved.status).toBe(200);
      // Approved covers 1 of 3: 2 left.
      expect((await claim(o, [{ productId: a.id, quantity: 3 }])).body).toMatchObject({ status: 400, code: 'CLAIM_QUANTITY_INVALID', data: { max: 2 } });
      expect((await claim(o, [{ productId: a.id, quantity: 2 }])).status).toBe(201);
      expect((await claim(o, [{ productId: a.id, quantity: 1 }])).body).toMatchObject({ code: 'CLAIM_LINE_UNDER_REVIEW' });
    });
  });

  describe('an approval', () => {
    it('makes a ₹0 replacement order to the original address that takes stock, ships like any order, and is no sale and no payment', async () => {
      const o = await buy(3);
      await deliver(o.orderId);
      const plant = o.products[0]!;
      const day = new Date().toLocaleDateString('en-CA', { timeZone: 'Asia/Kolkata' });
      const before = (await admin('GET', `/api/admin/figures?day=${day}`, { token: adminToken })).body as { revenuePaise: number; paidOrders: number; claimsWaiting: number; needsAttention: number; toShip: number };
      const filed = await claim(o, [{ productId: plant.id, quantity: 2 }]);
      const claimId = filed.body.order.claims[0].id as string;
      const waiting = (await admin('GET', `/api/admin/figures?day=${day}`, { token: adminToken })).body;
      expect(waiting.claimsWaiting).toBe(before.claimsWaiting + 1);
      const listed = await admin('GET', '/api/admin/orders?claim=waiting&pageSize=100', { token: adminToken });
      expect(listed.body.items).toEqual(expect.arrayContaining([expect.objectContaining({ id: o.orderId, claimWaiting: true })]));
      // A waiting claim is a reason the order needs attention (ADR 081): the same orders, by the same query.
      expect(waiting.needsAttention).toBe(before.needsAttention + 1);
      expect(listed.body.total).toBe(waiting.claimsWaiting);
      const attention = await admin('GET', '/api/admin/orders?attention=true&pageSize=100', { token: adminToken });
      expect((attention.body.items as { id: string }[]).map((i) => i.id)).toContain(o.orderId);
      const drawer = (await admin('GET', `/api/admin/orders/${o.orderId}`, { token: adminToken })).body;
      expect(drawer.attention).toEqual([{ reason: 'claim-waiting', claimId, units: 2, since: expect.any(String) }]);

      const stock = await stockOf(plant.id);
      const approved = await approve(claimId);
      expect(approved.status).toBe(200);
      expect(approved.body).toMatchObject({ notice: { code: 'CLAIM_APPROVED' }, title: 'Claim approved' });
      const decided = approved.body.order.claims[0];
      expect(decided).toMatchObject({ state: 'approved', replacement: { orderId: expect.any(String), merchantOrderId: expect.any(String) } });
      await eventually(() => stockOf(plant.id), (s) => s === stock - 2);
      expect(approved.body.order.attention).toEqual([]);
      // The plant's stock history names the replacement's own order (ADR 080): a sale of order #… .
      const history = (await admin('GET', `/api/admin/products/${plant.id}/stock-history?pageSize=50`, { token: adminToken })).body as { items: { cause: string; change: number; orderNumber: string | null }[] };
      expect(history.items).toContainEqual(expect.objectContaining({ cause: 'sale', change: -2, orderNumber: orderNumber(decided.replacement.merchantOrderId) }));

      const replacementId = decided.replacement.orderId as string;
      const mine = (await o.call('GET', `/api/orders/${replacementId}`, { token: o.token })).body;
      const original = (await o.call('GET', `/api/orders/${o.orderId}`, { token: o.token })).body;
      expect(mine).toMatchObject({ state: 'replacement', totalPaise: 0, shippingPaise: 0, replacementOf: { orderId: o.orderId, merchantOrderId: o.merchantOrderId }, paymentMode: null, transactionId: null });
      expect(mine.lines).toEqual([expect.objectContaining({ productId: plant.id, quantity: 2, unitPricePaise: 0, lineTotalPaise: 0 })]);
      expect(mine.shippingAddress).toEqual(original.shippingAddress);
      const row = (await orderDb.query('select phonepe_order_id, redirect_url, next_check_at, reservation_id from orders where id = $1', [replacementId])).rows[0];
      expect(row).toEqual({ phonepe_order_id: null, redirect_url: null, next_check_at: null, reservation_id: claimId });

      const bill = await o.call('GET', `/api/orders/${replacementId}/bill`, { token: o.token });
      expect(bill.body).toMatchObject({ totalPaise: 0, billNumber: expect.stringMatching(/^JLJ\//), replacementOf: { orderNumber: orderNumber(o.merchantOrderId), note: expect.stringContaining(`#${orderNumber(o.merchantOrderId)}`) } });
      expect(bill.body.lines).toEqual([expect.objectContaining({ quantity: 2, valuePaise: 0 })]);

      // No money moved: today's revenue and sales are as before; the replacement waits to ship (To ship counts it).
      const after = (await admin('GET', `/api/admin/figures?day=${day}`, { token: adminToken })).body;
      expect(after).toMatchObject({ revenuePaise: before.revenuePaise, paidOrders: before.paidOrders, claimsWaiting: before.claimsWaiting, needsAttention: before.needsAttention, toShip: before.toShip + 1 });
      expect((await admin('POST', `/api/admin/orders/${replacementId}/fulfilment`, { token: adminToken, body: { status: 'packed' } })).body).toMatchObject({ order: { state: 'replacement', fulfilmentStatus: 'packed' } });
      expect((await admin('POST', `/api/admin/orders/${replacementId}/refund`, { token: adminToken, body: { amountPaise: 100, reason: 'no money here' } })).body).toMatchObject({ code: 'REFUND_NOT_ALLOWED' });

      expect((await mailed(o.email, /^Your guarantee claim for order #.* is approved$/))[0]!.text).toContain(`as order #${orderNumber(decided.replacement.merchantOrderId)}`);

      const csv = parseCsv((await admin('GET', `/api/admin/orders/export.csv?q=${encodeURIComponent(o.email)}`, { token: adminToken })).body as string);
      const [header, ...rows] = csv;
      const col = (name: string) => header!.indexOf(name);
      const replacementRow = rows.find((r) => r[col('Order number')] === orderNumber(decided.replacement.merchantOrderId))!;
      expect(replacementRow[col('Replacement of order')]).toBe(orderNumber(o.merchantOrderId));
      expect(replacementRow[col("Revenue (INR, order's first line only)")]).toBe('0.00');
      const originalRow = rows.find((r) => r[col('Order number')] === orderNumber(o.merchantOrderId))!;
      expect([originalRow[col('Claimed quantity')], originalRow[col('Claim status')]]).toEqual(['2', 'Guarantee claim: approved']);
    });

    it('is refused clearly when the plant is out of stock, and the claim keeps waiting', async () => {
      // The shopper bought the last one.
      const o = await buy(1, [1]);
      await deliver(o.orderId);
      const filed = await claim(o, [{ productId: o.products[0]!.id, quantity: 1 }]);
      const claimId = filed.body.order.claims[0].id as string;
      const refused = await approve(claimId);
      expect(refused.body).toMatchObject({ status: 409, code: 'OUT_OF_STOCK' });
      const order = (await admin('GET', `/api/admin/orders/${o.orderId}`, { token: adminToken })).body;
      expect(order.claims[0]).toMatchObject({ state: 'pending', replacement: null });
      expect((await orderDb.query('select count(*)::int as n from orders where replacement_of_id = $1', [o.orderId])).rows[0].n).toBe(0);
    });

    it('is made once however many admins click at once, and a decided claim cannot be decided again', async () => {
      const o = await buy(2);
      await deliver(o.orderId);
      const filed = await claim(o, [{ productId: o.products[0]!.id, quantity: 1 }]);
      const claimId = filed.body.order.claims[0].id as string;
      const answers = await Promise.all([1, 2, 3, 4].map((i) => approve(claimId, adminToken, `approve-${claimId}-${i}`)));
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409]);
      expect(answers.filter((a) => a.status === 409).every((a) => a.body.code === 'CLAIM_ALREADY_DECIDED')).toBe(true);
      expect((await orderDb.query('select count(*)::int as n from orders where replacement_of_id = $1', [o.orderId])).rows[0].n).toBe(1);
      expect((await decline(claimId, 'Changed my mind')).body).toMatchObject({ status: 409, code: 'CLAIM_ALREADY_DECIDED', data: { state: 'approved' } });
      expect((await approve('gcl_nothing_at_all')).body).toMatchObject({ status: 404, code: 'CLAIM_NOT_FOUND' });
    });
  });

  describe('a decline', () => {
    it('needs a reason, which the shopper reads on the order and in the mail', async () => {
      const o = await buy(1);
      await deliver(o.orderId);
      const claimId = (await claim(o, [{ productId: o.products[0]!.id, quantity: 1 }])).body.order.claims[0].id as string;
      expect((await decline(claimId, '  ')).body).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
      const declined = await decline(claimId, 'The photos show plants kept without light.');
      expect(declined.body).toMatchObject({ notice: { code: 'CLAIM_DECLINED' }, order: { claims: [{ state: 'declined' }] } });
      const seen = (await o.call('GET', `/api/orders/${o.orderId}`, { token: o.token })).body;
      expect(seen.claims[0]).toMatchObject({ state: 'declined', declineReason: 'The photos show plants kept without light.', replacement: null });
      expect((await mailed(o.email, /^Your guarantee claim for order #\w+$/))[0]!.text).toContain('The photos show plants kept without light.');
      expect((await approve(claimId)).body).toMatchObject({ status: 409, code: 'CLAIM_ALREADY_DECIDED', data: { state: 'declined' } });
    });
  });

  describe('authorization and photos', () => {
    it('shows a claim and its photos to its shopper and admins only, never at a guessable public address', async () => {
      const o = await buy(1);
      await deliver(o.orderId);
      const filed = await claim(o, [{ productId: o.products[0]!.id, quantity: 1 }]);
      const photoId = filed.body.order.claims[0].photoIds[0] as string;
      expect(photoId).toMatch(/^upl_/);

      const mine = await fetch(`${shop.base}/api/orders/${o.orderId}/claim-photos/${photoId}`, { headers: { authorization: `Bearer ${o.token}` } });
      expect(mine.status).toBe(200);
      expect(mine.headers.get('content-type')).toBe('image/webp');
      expect(mine.headers.get('cache-control')).toBe('private, no-store');
      expect((await fetch(`${shop.base}/api/admin/orders/${o.orderId}/claim-photos/${photoId}`, { headers: { authorization: `Bearer ${adminToken}` } })).status).toBe(200);

      const other = httpClient(shop.base);
      const stranger = await newConfirmedShopper(other, 'claims-other');
      expect((await other('GET', `/api/orders/${o.orderId}`, { token: stranger.token })).status).toBe(404);
      expect((await fetch(`${shop.base}/api/orders/${o.orderId}/claim-photos/${photoId}`, { headers: { authorization: `Bearer ${stranger.token}` } })).status).toBe(404);
      expect((await fetch(`${shop.base}/api/admin/orders/${o.orderId}/claim-photos/${photoId}`, { headers: { authorization: `Bearer ${stranger.token}` } })).status).toBe(403);
      expect((await fetch(`${shop.base}/api/orders/${o.orderId}/claim-photos/${photoId}`)).status).toBe(401);
      expect((await fetch(`${shop.base}/media/claims/${photoId}/large.webp`)).status).toBe(404);
      expect((await claim({ orderId: o.orderId, token: stranger.token }, [{ productId: o.products[0]!.id, quantity: 1 }])).body).toMatchObject({ status: 404, code: 'ORDER_NOT_FOUND' });
      // The stranger's own order's route does not open another order's photo either.
      const theirs = await buy(1);
      expect((await fetch(`${shop.base}/api/orders/${theirs.orderId}/claim-photos/${photoId}`, { headers: { authorization: `Bearer ${theirs.token}` } })).status).toBe(404);

      const claimId = filed.body.order.claims[0].id as string;
      expect((await approve(claimId, o.token)).status).toBe(403);
      expect((await decline(claimId, 'not mine to decide', o.token)).status).toBe(403);
    });

    it('refuses a file that is not an image, no photo and more than four, and files nothing', async () => {
      const o = await buy(1);
      await deliver(o.orderId);
      const line = [{ productId: o.products[0]!.id, quantity: 1 }];
      const text = new Blob([new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"></svg>')], { type: 'image/png' });
      expect((await claim(o, line, [text])).body).toMatchObject({ status: 400, code: 'IMAGE_TYPE_INVALID' });
      expect((await claim(o, line, [])).body).toMatchObject({ status: 400, code: 'CLAIM_PHOTOS_INVALID', data: { min: 1, max: 4 } });
      const photo = new Blob([new Uint8Array(await png())], { type: 'image/png' });
      expect((await claim(o, line, [photo, photo, photo, photo, photo])).body).toMatchObject({ status: 400, code: 'CLAIM_PHOTOS_INVALID' });
      expect((await o.call('GET', `/api/orders/${o.orderId}`, { token: o.token })).body.claims).toEqual([]);
      expect((await claim(o, line, [photo, photo, photo, photo])).status).toBe(201);
    });
  });
});
