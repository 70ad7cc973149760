import { createHash, randomUUID } from 'node:crypto';
import pg from 'pg';
import { orderNumber } from '@jalaj/commerce';
import { freePort, startApp } from '@jalaj/local-platform';
import { eventually, httpClient, integrationEnv, newConfirmedShopper, startTestShop, testDatabaseUrl, TEST_ADMIN, type HttpCall, type SandboxControl, type TestShop } from '@jalaj/testing';

interface OrderRow {
  id: string;
  merchant_order_id: string;
  state: string;
  total_paise: string;
  error_code: string | null;
  reported_amount_paise: string | null;
  transaction_id: string | null;
  next_check_at: Date | null;
  reservation_id: string;
  refunded_paise: string;
  shipping_address: { postalCode: string; city: string };
}

/**
 * The checkout saga with real identity, catalog, cart, order and BFF processes, PostgreSQL,
 * NATS and the PhonePe sandbox (no fakes of PhonePe): the shopper's routes, PhonePe's
 * redirect and webhooks, and the reconciler, checked in the order's row, catalog's stock
 * and the order's outbox.
 */
/** The reconciler's first check of a pending payment (PhonePe's schedule says 20 to 25 s). */
const FIRST_CHECK_SECONDS = 12;
/** Well before that first check: what a webhook (or the shopper's return) must achieve by itself. */
const WEBHOOK_PATIENCE_MS = 8000;

describe('checkout saga through the BFF and the PhonePe sandbox (real processes)', () => {
  let shop: TestShop;
  let phonepe: SandboxControl;
  let adminToken = '';
  let orderDb: pg.Pool;
  let catalogDb: pg.Pool;
  const orderDatabaseUrl = testDatabaseUrl('order');
  const catalogDatabaseUrl = testDatabaseUrl('catalog');

  beforeAll(async () => {
    shop = await startTestShop({
      services: ['identity', 'catalog', 'cart', 'order'],
      // The reconciler's first look comes late enough that a webhook's effect is told apart from it.
      serviceEnv: { order: { DATABASE_URL: orderDatabaseUrl, PAYMENT_RECONCILE_FIRST_SECONDS: String(FIRST_CHECK_SECONDS) }, catalog: { DATABASE_URL: catalogDatabaseUrl } },
    });
    phonepe = shop.phonepe!.control;
    orderDb = new pg.Pool({ connectionString: orderDatabaseUrl, max: 2 });
    catalogDb = new pg.Pool({ connectionString: catalogDatabaseUrl, max: 2 });
    adminToken = (await httpClient(shop.base)('POST', '/api/auth/sign-in', { body: TEST_ADMIN })).body.accessToken;
  }, 120000);

  afterAll(async () => {
    await orderDb?.end();
    await catalogDb?.end();
    await shop?.stop();
  });

  const row = async (merchantOrderId: string) =>
    (await orderDb.query<OrderRow>('select * from orders where merchant_order_id = $1', [merchantOrderId])).rows[0]!;
  const outbox = async (subject: string, merchantOrderId: string) =>
    (await orderDb.query<{ envelope: { data: { merchantOrderId: string } } }>('select envelope from outbox_message where subject = $1', [subject])).rows
      .map((r) => r.envelope.data)
      .filter((d) => d.merchantOrderId === merchantOrderId);
  const stateOf = async (merchantOrderId: string) => (await row(merchantOrderId)).state;

  let seq = 0;
  async function newProduct(stockQuantity: number, price = '249.00') {
    const body = { name: `Checkout plant ${++seq}`, description: 'For the checkout spec', price, stockQuantity, category: 'midground', imageUrls: [] };
    const r = await httpClient(shop.base)('POST', '/api/admin/products', { token: adminToken, body });
    if (r.status !== 201) throw new Error(`product: ${JSON.stringify(r.body)}`);
    return r.body as { id: string; name: string };
  }
  /** The stock in catalog's own table (the storefront's figure follows it through the BFF's cache). */
  const stockOf = async (productId: string) => (await catalogDb.query<{ stock_quantity: number }>('select stock_quantity from products where id = $1', [productId])).rows[0]!.stock_quantity;
  const expectStock = async (productId: string, n: number) => expect(await stockOf(productId)).toBe(n);

  /** A signed-in shopper (a device of its own) with an address and `quantity` of a product in the cart. */
  async function shopper(productId: string | null, quantity = 1, postalCode = '700016') {
    const call: HttpCall = httpClient(shop.base);
    const { token, email } = await newConfirmedShopper(call, 'checkout');
    const address = await call('POST', '/api/me/addresses', {
      token,
      body: { fullName: 'Ananya Sen', phone: '9830012345', addressLine1: '12 Park Street', city: 'Kolkata', state: 'West Bengal', postalCode, addressType: 'both' },
    });
    if (address.status !== 201) throw new Error(`address: ${JSON.stringify(address.body)}`);
    if (productId) {
      const added = await call('POST', '/api/cart/items', { token, body: { productId, quantity } });
      if (added.status !== 200) throw new Error(`cart: ${JSON.stringify(added.body)}`);
    }
    const addressId = address.body.id as string;
    const pay = (ids: { shippingAddressId?: string | null; billingAddressId?: string | null } = { shippingAddressId: addressId, billingAddressId: addressId }) =>
      call('POST', '/api/checkout/pay', { token, body: ids });
    const status = (merchantOrderId: string) => call('GET', `/api/payments/${merchantOrderId}`, { token });
    const cart = async () => (await call('GET', '/api/cart', { token })).body as { lines: { productId: string; quantity: number }[] };
    return { call, token, email, addressId, pay, status, cart };
  }

  /**
   * Pay with PhonePe as the storefront sends it: with an Idempotency-Key, and again with the
   * same key while the reply says the outcome is unknown (a timeout on the way, 504) or the
   * service is unavailable (503), up to five times.
   */
  async function payDecided(call: HttpCall, token: string, ids: { shippingAddressId: string; billingAddressId: string }) {
    const idempotencyKey = `pay-${randomUUID()}`;
    for (let attempt = 1; ; attempt++) {
      const r = await call('POST', '/api/checkout/pay', { token, body: ids, idempotencyKey });
      if (![503, 504].includes(r.status) || attempt === 5) return r;
    }
  }

  /** Waits for a mail to `to` with `subject` in the development mailbox (identity mails from the order events). */
  const mailed = (to: string, subject: string) =>
    eventually(
      async () => ((await httpClient(shop.base)('GET', '/dev/mailbox.json')).body.items as { to: string; subject: string }[]).filter((m) => m.to === to && m.subject === subject),
      (mails) => mails.length === 1,
    );

  /** PhonePe sends the shopper back: the BFF asks the status and redirects. */
  const returnFrom = async (merchantOrderId: string) => (await httpClient(shop.base)('GET', `/api/payments/phonepe/return/${merchantOrderId}`)).location!;

  async function started(s: Awaited<ReturnType<typeof shopper>>) {
    const r = await s.pay();
    if (r.status !== 200) throw new Error(`pay: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body as { orderId: string; merchantOrderId: string; redirectUrl: string; amountPaise: number };
  }

  /** Waits until the sandbox delivered `copies` webhooks of the order, each answered 200 by the shop. */
  async function webhooksDelivered(merchantOrderId: string, copies: number) {
    const sent = await eventually(
      async () => (await phonepe.webhooks()).filter((w) => w.merchantOrderId === merchantOrderId && w.outcome === 'sent'),
      (list) => list.length === copies,
    );
    expect(sent.map((w) => w.status)).toEqual(Array(copies).fill(200));
  }

  it('asks for sign-in and blocks the payment start with the spec’s toasts', async () => {
    expect((await httpClient(shop.base)('POST', '/api/checkout/pay', { body: {} })).status).toBe(401);
    const p = await newProduct(5);
    const empty = await shopper(null);
    expect((await empty.pay()).body).toMatchObject({ status: 409, code: 'CART_EMPTY', title: 'Cart is empty', message: 'Please add items to your cart before proceeding to payment' });
    const s = await shopper(p.id);
    expect((await s.pay({})).body).toMatchObject({ status: 400, code: 'SHIPPING_ADDRESS_REQUIRED', title: 'Shipping address required' });
    expect((await s.pay({ shippingAddressId: s.addressId })).body).toMatchObject({ status: 400, code: 'BILLING_ADDRESS_REQUIRED', title: 'Billing address required' });
    const other = await shopper(null);
    expect((await s.pay({ shippingAddressId: s.addressId, billingAddressId: other.addressId })).body).toMatchObject({ status: 404, code: 'ADDRESS_NOT_FOUND' });
    await expectStock(p.id, 5);
  });

  it('success: prices on the server, reserves, PhonePe decides, the return lands on the success page; paid once, stock sold', async () => {
    const p = await newProduct(10);
    const s = await shopper(p.id, 3);
    const pay = await started(s);
    // 3 × ₹249 at 5 % = ₹709.65, + ₹75 to a Kolkata PIN = ₹784.65 → ₹785.
    expect(pay.amountPaise).toBe(78500);
    expect(pay.redirectUrl).toContain(shop.phonepe!.base);
    expect(pay.merchantOrderId).toMatch(/^MO\d{13}[0-9a-z]{8}_[0-9a-z]{4}$/);
    await expectStock(p.id, 7);
    expect((await phonepe.order(pay.merchantOrderId)).redirectUrl).toBe(`${shop.base}/api/payments/phonepe/return/${pay.merchantOrderId}`);
    expect(await stateOf(pay.merchantOrderId)).toBe('pending');

    await phonepe.settle(pay.merchantOrderId, { state: 'COMPLETED', webhook: 'drop' });
    const page = new URL(await returnFrom(pay.merchantOrderId), shop.base);
    expect(page.pathname).toBe('/payment-success');
    expect(page.searchParams.get('amount')).toBe('785.00');
    expect(page.searchParams.get('code')).toBe('PAYMENT_SUCCESS');
    const order = await row(pay.merchantOrderId);
    expect(order).toMatchObject({ state: 'paid', shipping_address: { postalCode: '700016', city: 'Kolkata' } });
    expect(page.searchParams.get('transactionId')).toBe(order.transaction_id);
    await expectStock(p.id, 7);
    const paid = await outbox('evt.order.order.paid.v1', pay.merchantOrderId);
    expect(paid).toHaveLength(1);
    expect(paid[0]).toMatchObject({ totalPaise: 78500, shippingPaise: 7500, lines: [{ productId: p.id, quantity: 3, discountPercent: 5, lineTotalPaise: 70965 }] });
    // The pending page's status: the shopper's own order only.
    expect((await s.status(pay.merchantOrderId)).body).toMatchObject({ outcome: 'paid', state: 'paid', amountPaise: 78500 });
    // Cart and identity follow the paid event: the bought plants leave the cart, a confirmation is mailed.
    await eventually(s.cart, (c) => !c.lines.some((l) => l.productId === p.id));
    await mailed(s.email, `Order confirmed: your Jalaj order #${orderNumber(pay.merchantOrderId)}`);
    expect((await (await shopper(null)).status(pay.merchantOrderId)).status).toBe(404);
  });

  it('failure: the return lands on the failure page with PhonePe’s code; the stock comes back', async () => {
    const p = await newProduct(4);
    const s = await shopper(p.id, 2);
    const pay = await started(s);
    await expectStock(p.id, 2);
    await phonepe.settle(pay.merchantOrderId, { state: 'FAILED', errorCode: 'PAYMENT_ERROR', detailedErrorCode: 'ZA', webhook: 'drop' });
    const page = new URL(await returnFrom(pay.merchantOrderId), shop.base);
    expect(page.pathname).toBe('/payment-failed');
    expect(page.searchParams.get('code')).toBe('ZA');
    expect(page.searchParams.get('error')).toBe('The payment was declined in the UPI app.');
    expect(await row(pay.merchantOrderId)).toMatchObject({ state: 'failed', error_code: 'ZA' });
    await expectStock(p.id, 4);
    expect(await outbox('evt.order.order.paid.v1', pay.merchantOrderId)).toEqual([]);
    // The cart is kept: paying again works.
    expect((await s.pay()).status).toBe(200);
  });

  it('pending: the return shows the pending page; with no webhook, the reconciler polls PhonePe until it is paid', async () => {
    const p = await newProduct(3);
    const s = await shopper(p.id);
    const pay = await started(s);
    expect(new URL(await returnFrom(pay.merchantOrderId), shop.base).pathname).toBe('/payment-pending');
    await phonepe.settle(pay.merchantOrderId, { state: 'COMPLETED', webhook: 'drop' });
    // Nobody asks but the reconciler; it asks PhonePe after FIRST_CHECK_SECONDS.
    expect(await stateOf(pay.merchantOrderId)).toBe('pending');
    await eventually(() => stateOf(pay.merchantOrderId), (st) => st === 'paid', (FIRST_CHECK_SECONDS + 15) * 1000);
    expect(await outbox('evt.order.order.paid.v1', pay.merchantOrderId)).toHaveLength(1);
    await expectStock(p.id, 2);
  }, 60000);

  it('paid late, after the shopper took a plant out and added it again: the new line stays in the cart (ADR 086)', async () => {
    const [p, q] = [await newProduct(5), await newProduct(5)];
    const s = await shopper(p.id);
    expect((await s.call('POST', '/api/cart/items', { token: s.token, body: { productId: q.id, quantity: 2 } })).status).toBe(200);
    const lines = (await s.call('GET', '/api/cart', { token: s.token })).body.lines as { id: string; productId: string }[];
    const pay = await started(s);
    // Giving up on the payment, the shopper takes the plant out of the cart and adds it again: a new line.
    const first = lines.find((l) => l.productId === p.id)!;
    expect((await s.call('DELETE', `/api/cart/items/${first.id}`, { token: s.token })).status).toBe(200);
    expect((await s.call('POST', '/api/cart/items', { token: s.token, body: { productId: p.id, quantity: 1 } })).status).toBe(200);

    // The payment goes through after all.
    await phonepe.settle(pay.merchantOrderId, { state: 'COMPLETED' });
    await eventually(() => stateOf(pay.merchantOrderId), (st) => st === 'paid');
    const [paid] = (await outbox('evt.order.order.paid.v1', pay.merchantOrderId)) as unknown as { cartLineIds: string[] }[];
    expect([...paid!.cartLineIds].sort()).toEqual(lines.map((l) => l.id).sort());
    // The other line the order was made of leaves the cart (the event was handled); the plant added again stays.
    const after = await eventually(s.cart, (c) => !c.lines.some((l) => l.productId === q.id));
    expect(after.lines.map((l) => ({ productId: l.productId, quantity: l.quantity }))).toEqual([{ productId: p.id, quantity: 1 }]);
  });

  it('a webhook before the redirect settles the order; the return then finds it paid', async () => {
    const p = await newProduct(3);
    const s = await shopper(p.id);
    const pay = await started(s);
    await phonepe.settle(pay.merchantOrderId, { state: 'COMPLETED', webhook: 'send' });
    await eventually(() => stateOf(pay.merchantOrderId), (st) => st === 'paid', WEBHOOK_PATIENCE_MS);
    expect(new URL(await returnFrom(pay.merchantOrderId), shop.base).pathname).toBe('/payment-success');
    expect(await outbox('evt.order.order.paid.v1', pay.merchantOrderId)).toHaveLength(1);
  });

  it('a webhook after the redirect (and duplicates of it) change nothing more', async () => {
    // Two of four: an unpaid checkout may hold half of a plant's stock (ADR 073).
    const p = await newProduct(4);
    const s = await shopper(p.id, 2);
    const pay = await started(s);
    await phonepe.settle(pay.merchantOrderId, { state: 'COMPLETED', webhook: { delayMs: 500 }, duplicates: 5 });
    expect(new URL(await returnFrom(pay.merchantOrderId), shop.base).pathname).toBe('/payment-success');
    await webhooksDelivered(pay.merchantOrderId, 5);
    expect(await outbox('evt.order.order.paid.v1', pay.merchantOrderId)).toHaveLength(1);
    await expectStock(p.id, 2);
  });

  it('duplicate webhooks alone give one state change', async () => {
    const p = await newProduct(3);
    const s = await shopper(p.id);
    const pay = await started(s);
    await phonepe.settle(pay.merchantOrderId, { state: 'COMPLETED', webhook: 'send', duplicates: 8 });
    await eventually(() => stateOf(pay.merchantOrderId), (st) => st === 'paid', WEBHOOK_PATIENCE_MS);
    await webhooksDelivered(pay.merchantOrderId, 8);
    expect(await outbox('evt.order.order.paid.v1', pay.merchantOrderId)).toHaveLength(1);
    await expectStock(p.id, 2);
  });

  it('a forged webhook is refused with 401 and changes nothing', async () => {
    const p = await newProduct(3);
    const s = await shopper(p.id);
    const pay = await started(s);
    const before = await row(pay.merchantOrderId);
    const body = JSON.stringify({ event: 'checkout.order.completed', payload: { merchantOrderId: pay.merchantOrderId, state: 'COMPLETED', amount: pay.amountPaise } });
    for (const authorization of [undefined, 'wrong', createHash('sha256').update('jalaj-webhook:guess').digest('hex')]) {
      const r = await fetch(`${shop.base}/api/payments/phonepe/webhook`, { method: 'POST', headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) }, body });
      expect(r.status).toBe(401);
    }
    const after = await row(pay.merchantOrderId);
    expect(after.state).toBe('pending');
    expect(after.next_check_at).toEqual(before.next_check_at);
  });

  it('another amount than the order’s is held for an admin, not paid; the stock comes back', async () => {
    const p = await newProduct(3);
    const s = await shopper(p.id);
    const pay = await started(s);
    await phonepe.settle(pay.merchantOrderId, { state: 'COMPLETED', reportedAmount: pay.amountPaise - 100, webhook: 'drop' });
    const page = new URL(await returnFrom(pay.merchantOrderId), shop.base);
    expect(page.pathname).toBe('/payment-failed');
    expect(page.searchParams.get('code')).toBe('AMOUNT_MISMATCH');
    expect(await row(pay.merchantOrderId)).toMatchObject({ state: 'held', error_code: 'AMOUNT_MISMATCH', reported_amount_paise: String(pay.amountPaise - 100) });
    expect(await outbox('evt.order.order.paid.v1', pay.merchantOrderId)).toEqual([]);
    await expectStock(p.id, 3);
  });

  it('two tabs (or the back button) paying the same cart get one order and one PhonePe payment', async () => {
    const p = await newProduct(5);
    const s = await shopper(p.id, 2);
    const [a, b] = await Promise.all([s.pay(), s.pay()]);
    expect(a.status).toBe(200);
    expect(b.body).toEqual(a.body);
    expect((await s.pay()).body).toEqual(a.body);
    await expectStock(p.id, 3);
    const mine = (await phonepe.orders()).filter((o) => o.merchantOrderId === a.body.merchantOrderId);
    expect(mine).toHaveLength(1);
  });

  it('a payment start sent again under its Idempotency-Key answers the first reply: one order, one reservation; another body under the key is refused', async () => {
    const p = await newProduct(5);
    const s = await shopper(p.id, 2);
    const ids = { shippingAddressId: s.addressId, billingAddressId: s.addressId };
    const idempotencyKey = `pay-${randomUUID()}`;
    const first = await s.call('POST', '/api/checkout/pay', { token: s.token, body: ids, idempotencyKey });
    expect(first.status).toBe(200);
    const again = await s.call('POST', '/api/checkout/pay', { token: s.token, body: ids, idempotencyKey });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    await expectStock(p.id, 3);
    const [row] = (await orderDb.query<{ orders: string }>('select count(*)::text as orders from orders where user_id = (select user_id from orders where merchant_order_id = $1)', [first.body.merchantOrderId])).rows;
    expect(row!.orders).toBe('1');
    const other = await s.call('POST', '/api/checkout/pay', { token: s.token, body: { ...ids, billingAddressId: null }, idempotencyKey });
    expect(other.status).toBe(409);
    expect(other.body.code).toBe('IDEMPOTENCY_CONFLICT');
  });

  it('PhonePe refusing to start the payment: the order is failed with the reason, its stock comes back, and a new attempt pays', async () => {
    const p = await newProduct(3);
    const s = await shopper(p.id, 1);
    await phonepe.faults({ failEvery: 1 });
    let refused;
    try {
      refused = await s.pay();
    } finally {
      await phonepe.faults({});
    }
    expect(refused.status).toBe(502);
    expect(refused.body.code).toBe('PAYMENT_INIT_FAILED');
    const [failed] = (await orderDb.query<{ state: string; error_code: string; error_message: string; reservation_id: string }>(
      "select state, error_code, error_message, reservation_id from orders where error_code = 'PAYMENT_INIT_FAILED' order by created_at desc limit 1",
    )).rows;
    expect(failed).toMatchObject({ state: 'failed', error_code: 'PAYMENT_INIT_FAILED' });
    expect(JSON.stringify(refused.body)).toContain(failed!.error_message);
    await expectStock(p.id, 3);
    const again = await started(s);
    expect(again.amountPaise).toBeGreaterThan(0);
    await expectStock(p.id, 2);
  });

  it('expired, then paid late: sold if the stock is still there, refunded through PhonePe if it is gone', async () => {
    const p = await newProduct(1);
    const late = await shopper(p.id);
    const first = await started(late);
    await phonepe.expire(first.merchantOrderId, 'send');
    await eventually(() => stateOf(first.merchantOrderId), (st) => st === 'failed', WEBHOOK_PATIENCE_MS);
    await expectStock(p.id, 1);

    // Someone else buys the last plant meanwhile.
    const quick = await shopper(p.id);
    const second = await started(quick);
    await phonepe.settle(second.merchantOrderId, { state: 'COMPLETED', webhook: 'send' });
    await eventually(() => stateOf(second.merchantOrderId), (st) => st === 'paid', WEBHOOK_PATIENCE_MS);
    await expectStock(p.id, 0);

    // The first payment completes after all: no plant left, so the money goes back.
    await phonepe.settle(first.merchantOrderId, { state: 'COMPLETED', webhook: 'send' });
    await eventually(() => stateOf(first.merchantOrderId), (st) => st === 'refunded', 30000);
    const refunded = await row(first.merchantOrderId);
    expect(refunded.refunded_paise).toBe(String(first.amountPaise));
    const refunds = (await orderDb.query<{ merchant_refund_id: string; reason: string }>('select merchant_refund_id, reason from order_refunds where order_id = $1', [refunded.id])).rows;
    expect(refunds).toEqual([{ merchant_refund_id: `MR${first.merchantOrderId.slice(2)}`, reason: 'stock-gone' }]);
    expect(await outbox('evt.order.order.refund-started.v1', first.merchantOrderId)).toEqual([expect.objectContaining({ reason: 'stock-gone', refundPaise: first.amountPaise })]);
    expect(await outbox('evt.order.order.paid.v1', first.merchantOrderId)).toEqual([]);
    expect((await phonepe.refunds()).filter((r) => r.originalMerchantOrderId === first.merchantOrderId)).toEqual([
      expect.objectContaining({ merchantRefundId: refunds[0]!.merchant_refund_id, amount: first.amountPaise }),
    ]);
    await expectStock(p.id, 0);
    expect(new URL(await returnFrom(first.merchantOrderId), shop.base).pathname).toBe('/payment-failed');
    await mailed(late.email, `Refund for your Jalaj order #${orderNumber(first.merchantOrderId)}`);
    // The refunded shopper still has the plant in the cart; the one who bought it does not.
    expect((await late.cart()).lines.map((l) => l.productId)).toEqual([p.id]);

    // A late payment while the plant is still in stock is sold after all.
    const q = await newProduct(2);
    const again = await shopper(q.id);
    const third = await started(again);
    await phonepe.expire(third.merchantOrderId, 'send');
    await eventually(() => stateOf(third.merchantOrderId), (st) => st === 'failed', WEBHOOK_PATIENCE_MS);
    await phonepe.settle(third.merchantOrderId, { state: 'COMPLETED', webhook: 'send' });
    await eventually(() => stateOf(third.merchantOrderId), (st) => st === 'paid', WEBHOOK_PATIENCE_MS);
    await expectStock(q.id, 1);
    expect(await outbox('evt.order.order.paid.v1', third.merchantOrderId)).toHaveLength(1);
  }, 60000);

  it('20 shoppers racing for 5 plants: exactly 5 pay, the stock ends at 0 and never below', async () => {
    const p = await newProduct(5);
    // Signed up a few at a time (sign-up and sign-in are rate limited), then all pay at once.
    const shoppers: Awaited<ReturnType<typeof shopper>>[] = [];
    for (let i = 0; i < 20; i += 4) shoppers.push(...(await Promise.all(Array.from({ length: 4 }, () => shopper(p.id)))));
    // All at once on a busy machine, a reply can time out (504 OUTCOME_UNKNOWN): the shopper
    // presses Pay again and the storefront sends the same Idempotency-Key.
    const replies = await Promise.all(shoppers.map((s) => payDecided(s.call, s.token, { shippingAddressId: s.addressId, billingAddressId: s.addressId })));
    const ok = replies.filter((r) => r.status === 200);
    expect(ok).toHaveLength(5);
    for (const r of replies.filter((x) => x.status !== 200)) expect(r.body).toMatchObject({ status: 409, code: 'OUT_OF_STOCK' });
    await expectStock(p.id, 0);
    await Promise.all(ok.map((r) => phonepe.settle(r.body.merchantOrderId, { state: 'COMPLETED', webhook: 'send', duplicates: 2 })));
    for (const r of ok) await eventually(() => stateOf(r.body.merchantOrderId), (st) => st === 'paid', 20000);
    await expectStock(p.id, 0);
    const paid = (await orderDb.query('select count(*)::int as n from orders where state = $1 and merchant_order_id = any($2)', ['paid', ok.map((r) => r.body.merchantOrderId)])).rows[0].n;
    expect(paid).toBe(5);
  }, 90000);
  describe('what an unpaid checkout may hold (ADR 073, the default limits)', () => {
    /** A second address of the shopper's: an office in Bengaluru (₹150 shipping). */
    async function office(s: Awaited<ReturnType<typeof shopper>>) {
      const r = await s.call('POST', '/api/me/addresses', {
        token: s.token,
        body: { nickname: 'Office', fullName: 'Ananya Sen', phone: '9830012345', addressLine1: '5 MG Road', city: 'Bengaluru', state: 'Karnataka', postalCode: '560001', addressType: 'both' },
      });
      if (r.status !== 201) throw new Error(`address: ${JSON.stringify(r.body)}`);
      return r.body.id as string;
    }
    const ordersOf = async (merchantOrderId: string) =>
      (await orderDb.query<OrderRow>('select * from orders where user_id = (select user_id from orders where merchant_order_id = $1) order by created_at', [merchantOrderId])).rows;

    it('refuses more of one plant than one order may buy, before any stock is held', async () => {
      const p = await newProduct(100);
      const s = await shopper(p.id, 21);
      const r = await s.pay();
      expect(r.body).toMatchObject({ status: 409, code: 'UNITS_LIMIT', title: 'Order limit', message: `You can buy at most 20 of ${p.name} in one order. Please lower the quantity.` });
      await expectStock(p.id, 100);
      const [n] = (await orderDb.query<{ n: number }>("select count(*)::int as n from orders where shipping_address->>'id' = $1", [s.addressId])).rows;
      expect(n!.n).toBe(0);
    });

    it('one unpaid checkout holds at most half of what is left of a plant: the rest stays for everyone else', async () => {
      const p = await newProduct(4);
      const greedy = await shopper(p.id, 3);
      const refused = await greedy.pay();
      expect(refused.body).toMatchObject({
        status: 409,
        code: 'HOLD_LIMIT',
        message: `Only 2 of the 4 ${p.name} left can be set aside for one order while it is paid, so other shoppers can still buy it. Please lower the quantity to 2.`,
      });
      await expectStock(p.id, 4);
      const two = await started(await shopper(p.id, 2));
      await expectStock(p.id, 2);
      // Someone else can still buy: one of the two left.
      const other = await started(await shopper(p.id, 1));
      await expectStock(p.id, 1);
      expect([two.amountPaise, other.amountPaise].every((a) => a > 0)).toBe(true);
    });

    it('another address on the way back from PhonePe replaces the waiting payment: its stock comes back first, one order is left', async () => {
      // The last unit: the shopper's own hold must not keep it from them.
      const p = await newProduct(1);
      const s = await shopper(p.id);
      const officeId = await office(s);
      const home = await started(s);
      await expectStock(p.id, 0);
      expect((await s.call('GET', '/api/checkout/open', { token: s.token })).body).toMatchObject({
        payment: { merchantOrderId: home.merchantOrderId, shippingAddressId: s.addressId, shippingAddress: { city: 'Kolkata' }, lines: [{ productId: p.id, quantity: 1 }] },
      });

      const changed = await s.pay({ shippingAddressId: officeId, billingAddressId: officeId });
      expect(changed.status).toBe(200);
      expect(changed.body.amountPaise).toBe(home.amountPaise + 7500);
      await expectStock(p.id, 0);
      expect(await row(home.merchantOrderId)).toMatchObject({ state: 'failed', error_code: 'REPLACED' });
      const [released] = (await catalogDb.query<{ status: string }>('select status from stock_reservations where id = $1', [(await row(home.merchantOrderId)).reservation_id])).rows;
      expect(released!.status).toBe('released');
      expect((await s.call('GET', '/api/checkout/open', { token: s.token })).body).toMatchObject({
        payment: { merchantOrderId: changed.body.merchantOrderId, shippingAddress: { city: 'Bengaluru' } },
      });
      // My Orders shows the one order the shopper is paying.
      const mine = (await s.call('GET', '/api/orders', { token: s.token })).body.items as { merchantOrderId: string }[];
      expect(mine.map((o) => o.merchantOrderId)).toEqual([changed.body.merchantOrderId]);

      await phonepe.settle(changed.body.merchantOrderId, { state: 'COMPLETED', webhook: 'send' });
      await eventually(() => stateOf(changed.body.merchantOrderId), (st) => st === 'paid', WEBHOOK_PATIENCE_MS);
      expect((await row(changed.body.merchantOrderId)).shipping_address).toMatchObject({ city: 'Bengaluru' });
      expect((await s.call('GET', '/api/checkout/open', { token: s.token })).body).toEqual({ payment: null });
      await expectStock(p.id, 0);
    });

    it('a replaced payment PhonePe completes after all is sold late, as long as the stock is there', async () => {
      const p = await newProduct(6);
      const s = await shopper(p.id);
      const officeId = await office(s);
      const home = await started(s);
      const changed = await s.pay({ shippingAddressId: officeId, billingAddressId: officeId });
      expect(changed.status).toBe(200);
      await expectStock(p.id, 5);
      // The shopper had paid on PhonePe's page for the first one after all.
      await phonepe.settle(home.merchantOrderId, { state: 'COMPLETED', webhook: 'send' });
      await eventually(() => stateOf(home.merchantOrderId), (st) => st === 'paid', WEBHOOK_PATIENCE_MS);
      await expectStock(p.id, 4);
    });

    it('refuses a shopper with 3 payments open at PhonePe, before any stock is held', async () => {
      const p = await newProduct(10);
      const s = await shopper(p.id);
      const officeId = await office(s);
      const first = await started(s);
      expect((await s.pay({ shippingAddressId: officeId, billingAddressId: officeId })).status).toBe(200);
      expect((await s.pay({ shippingAddressId: officeId, billingAddressId: s.addressId })).status).toBe(200);
      const refused = await s.pay({ shippingAddressId: s.addressId, billingAddressId: officeId });
      expect(refused.body).toMatchObject({ status: 409, code: 'PAYMENTS_LIMIT', title: 'Order limit' });
      expect(refused.body.message).toMatch(/^You already have 3 payments waiting at PhonePe\. Pay one of them, or try again after /);
      // One hold at a time, whatever the shopper tried.
      await expectStock(p.id, 9);
      expect((await ordersOf(first.merchantOrderId)).map((o) => [o.state, o.error_code])).toEqual([
        ['failed', 'REPLACED'],
        ['failed', 'REPLACED'],
        ['pending', null],
      ]);
    });
  });

  it('two order replicas share the reconciliation: every pending payment is decided once', async () => {
    // A second order process on the same database, in the same queue group.
    const replica = await startApp('order', {
      port: await freePort(),
      env: {
        ...integrationEnv(),
        DATABASE_URL: orderDatabaseUrl,
        PAYMENT_RECONCILE_FIRST_SECONDS: String(FIRST_CHECK_SECONDS),
        ...Object.fromEntries(Object.entries(shop.phonepe!.env).filter(([name]) => name.startsWith('PHONEPE_'))),
      },
    });
    try {
      const p = await newProduct(10);
      const payments: { merchantOrderId: string }[] = [];
      for (let i = 0; i < 6; i++) payments.push(await started(await shopper(p.id)));
      // PhonePe decides; no webhook, nobody returns: only the reconcilers can find out.
      const decidedAt = new Map<string, number>();
      for (const pay of payments) {
        decidedAt.set(pay.merchantOrderId, Date.now());
        await phonepe.settle(pay.merchantOrderId, { state: 'COMPLETED', webhook: 'drop' });
      }
      for (const pay of payments) await eventually(() => stateOf(pay.merchantOrderId), (st) => st === 'paid', (FIRST_CHECK_SECONDS + 15) * 1000);
      const calls = await phonepe.calls();
      for (const pay of payments) {
        // After PhonePe decided, one status call and one state change per order, whichever
        // replica claimed it. (On a slow machine the first payments' first check can come
        // due while the later shoppers still sign up: PENDING then, asked again later.)
        const asked = calls.filter((c) => c.method === 'GET' && c.path.includes(`/order/${pay.merchantOrderId}/status`));
        expect(asked.filter((c) => c.at >= decidedAt.get(pay.merchantOrderId)!)).toHaveLength(1);
        expect(await outbox('evt.order.order.paid.v1', pay.merchantOrderId)).toHaveLength(1);
      }
      await expectStock(p.id, 4);
    } finally {
      await replica.stop();
    }
  }, 90000);
});
