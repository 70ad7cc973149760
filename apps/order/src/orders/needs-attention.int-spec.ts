import pg from 'pg';
import { orderNumber } from '@jalaj/commerce';
import type { AdminOrderView } from '@jalaj/contracts';
import { eventually, httpClient, startPurchase, startTestShop, testDatabaseUrl, TEST_ADMIN, type HttpCall, type SandboxControl, type TestShop } from '@jalaj/testing';

/**
 * Orders that need a decision (issue #42, docs/adr/081-needs-attention.md), each from its cause
 * in the PhonePe sandbox through the admin's action to its record, with real identity,
 * catalog, cart and order processes (two order replicas): an amount mismatch held, then
 * accepted and sold or refunded in full; a refund PhonePe refused, then tried again or
 * settled outside the shop; a refund stuck for a day; two admins acting at once; the figure
 * and the filter; and the admins' one mail a day.
 */
describe('needs attention through the BFF and the PhonePe sandbox (real processes)', () => {
  let shop: TestShop;
  let phonepe: SandboxControl;
  let admin: HttpCall;
  let adminToken = '';
  let orderDb: pg.Pool;
  const orderDatabaseUrl = testDatabaseUrl('order');

  beforeAll(async () => {
    shop = await startTestShop({
      services: ['identity', 'catalog', 'cart', 'order'],
      serviceReplicas: { order: 2 },
      // The day's mail is due at once and checked every second, so a spec can see it go.
      serviceEnv: { order: { DATABASE_URL: orderDatabaseUrl, ATTENTION_MAIL_HOUR: '0', ATTENTION_MAIL_CHECK_SECONDS: '1' } },
    });
    phonepe = shop.phonepe!.control;
    orderDb = new pg.Pool({ connectionString: orderDatabaseUrl, max: 2 });
    admin = httpClient(shop.base);
    adminToken = (await admin('POST', '/api/auth/sign-in', { body: TEST_ADMIN })).body.accessToken;
  }, 180000);

  afterAll(async () => {
    await orderDb?.end();
    await shop?.stop();
  });

  afterEach(async () => {
    await phonepe.faults({});
  });

  const stateOf = async (orderId: string) => (await orderDb.query<{ state: string }>('select state from orders where id = $1', [orderId])).rows[0]!.state;
  const get = async (orderId: string) => (await admin('GET', `/api/admin/orders/${orderId}`, { token: adminToken })).body as AdminOrderView;
  const post = (path: string, body?: unknown, idempotencyKey?: string) => admin('POST', path, { token: adminToken, body: body ?? {}, ...(idempotencyKey ? { idempotencyKey } : {}) });
  const mails = async (to: string) => ((await httpClient(shop.base)('GET', '/dev/mailbox.json')).body.items as { to: string; subject: string; text: string }[]).filter((m) => m.to === to);
  const attentionIds = async () => ((await admin('GET', '/api/admin/orders?attention=true&pageSize=100', { token: adminToken })).body.items as { id: string }[]).map((o) => o.id);
  const figure = async () => (await admin('GET', '/api/admin/figures', { token: adminToken })).body.needsAttention as number;

  let seq = 0;
  async function newProduct(stockQuantity = 10) {
    const body = { name: `Attention plant ${++seq}`, description: 'For the needs-attention spec', price: '249.00', stockQuantity, category: 'midground', imageUrls: [] };
    const r = await admin('POST', '/api/admin/products', { token: adminToken, body });
    if (r.status !== 201) throw new Error(`product: ${JSON.stringify(r.body)}`);
    return r.body as { id: string };
  }
  const stock = async (productId: string) => (await admin('GET', `/api/products/${productId}`)).body.stockQuantity as number;

  /** An order PhonePe completed for `reportedAmount` paise more (or less) than its total: held for an admin. */
  async function held(difference: number) {
    const product = await newProduct();
    const o = await startPurchase(shop.base, [product.id], 1, 'held');
    const taken = o.amountPaise + difference;
    await phonepe.settle(o.merchantOrderId, { state: 'COMPLETED', reportedAmount: taken, webhook: 'send' });
    await eventually(() => stateOf(o.orderId), (s) => s === 'held');
    return { ...o, product, taken };
  }

  /** A paid order whose refund of `amountPaise` (all of it by default) PhonePe refused. */
  async function refusedRefund(part?: number) {
    const product = await newProduct();
    const o = await startPurchase(shop.base, [product.id], 1, 'refused');
    await phonepe.settle(o.merchantOrderId, { state: 'COMPLETED', webhook: 'send' });
    await eventually(() => stateOf(o.orderId), (s) => s === 'paid');
    await phonepe.faults({ refunds: 'fail' });
    const amountPaise = part ?? o.amountPaise;
    expect((await post(`/api/admin/orders/${o.orderId}/refund`, { amountPaise, reason: 'Plants arrived damaged' })).status).toBe(200);
    const seen = await eventually(() => get(o.orderId), (v) => v.attention.some((a) => a.reason === 'refund-refused'));
    await phonepe.faults({});
    const item = seen.attention.find((a) => a.reason === 'refund-refused');
    if (!item || (item.reason !== 'refund-refused' && item.reason !== 'refund-stuck')) throw new Error('no refused refund');
    return { ...o, refund: item, amountPaise };
  }

  describe('a held payment', () => {
    it('says PhonePe took more, is counted and listed; accepted once (a second admin is refused), sold the paid way, the excess refunded, and recorded', async () => {
      const o = await held(500);
      const view = await get(o.orderId);
      expect(view.attention).toEqual([{ reason: 'amount-mismatch', totalPaise: o.amountPaise, reportedPaise: o.taken, acceptable: true }]);
      expect(await attentionIds()).toContain(o.orderId);
      expect(await figure()).toBeGreaterThanOrEqual(1);
      expect(await stock(o.product.id)).toBe(10);

      // Two admins press Accept at once: one sells, the other is told it is settled.
      const [a, b] = await Promise.all([post(`/api/admin/orders/${o.orderId}/accept-payment`), post(`/api/admin/orders/${o.orderId}/accept-payment`)]);
      expect([a.status, b.status].sort()).toEqual([200, 409]);
      const [won, lost] = a.status === 200 ? [a, b] : [b, a];
      expect(lost.body).toMatchObject({ code: 'DECISION_TAKEN', message: expect.stringContaining('another admin has settled it') });
      expect(won.body).toMatchObject({ notice: { code: 'PAYMENT_ACCEPTED', data: { amountPaise: o.taken } }, order: { state: 'paid', attention: [], billNumber: expect.stringMatching(/^JLJ\//) } });
      expect(won.body.order.decisions).toEqual([
        { kind: 'payment-accepted', amountPaise: o.taken, merchantRefundId: expect.stringMatching(/^MR/), note: null, byId: expect.any(String), by: { fullName: expect.any(String), email: TEST_ADMIN.email }, at: expect.any(String) },
      ]);
      // The paid way: stock sold, the cart emptied, the confirmation mailed; the excess goes back and the shopper hears of it.
      expect(await stock(o.product.id)).toBe(9);
      await eventually(() => o.call('GET', '/api/cart', { token: o.token }), (r) => r.body.lines.length === 0);
      const number = orderNumber(o.merchantOrderId);
      await eventually(() => mails(o.email), (m) => m.some((x) => x.subject.includes(number) && /confirm/i.test(x.subject)) && m.some((x) => /refund/i.test(x.subject)));
      const excess = await eventually(
        async () => (await phonepe.refunds()).filter((r) => r.originalMerchantOrderId === o.merchantOrderId),
        (r) => r.length === 1 && r[0]!.state === 'COMPLETED',
      );
      expect(excess[0]!.amount).toBe(500);
      await eventually(
        async () => (await orderDb.query<{ refunded_at: Date | null; excess: boolean }>('select refunded_at, excess from order_refunds where order_id = $1', [o.orderId])).rows,
        (rows) => rows.length === 1 && rows[0]!.excess && rows[0]!.refunded_at !== null,
      );
      // Sold for its total: nothing of it counts as refunded, and it is no longer listed as waiting.
      expect(await get(o.orderId)).toMatchObject({ state: 'paid', refundedPaise: 0, refunds: [], attention: [] });
      expect(await attentionIds()).not.toContain(o.orderId);
    });

    it('refuses to accept less than the total; refunds all PhonePe took once, then refunded, and records who did it', async () => {
      const o = await held(-100);
      expect((await get(o.orderId)).attention).toEqual([{ reason: 'amount-mismatch', totalPaise: o.amountPaise, reportedPaise: o.taken, acceptable: false }]);
      expect((await post(`/api/admin/orders/${o.orderId}/accept-payment`)).body).toMatchObject({ status: 409, code: 'PAYMENT_NOT_ENOUGH', data: { totalPaise: o.amountPaise, reportedPaise: o.taken } });
      expect(await stateOf(o.orderId)).toBe('held');

      const [a, b] = await Promise.all([post(`/api/admin/orders/${o.orderId}/refund-held`), post(`/api/admin/orders/${o.orderId}/refund-held`)]);
      expect([a.status, b.status].sort()).toEqual([200, 409]);
      const won = a.status === 200 ? a : b;
      expect(won.body).toMatchObject({ notice: { code: 'HELD_REFUNDED', data: { amountPaise: o.taken } }, order: { state: 'refund_pending', refundedPaise: o.taken, attention: [] } });
      expect(won.body.order.decisions).toMatchObject([{ kind: 'held-refunded', amountPaise: o.taken, by: { email: TEST_ADMIN.email } }]);
      await eventually(() => stateOf(o.orderId), (s) => s === 'refunded');
      expect((await phonepe.refunds()).filter((r) => r.originalMerchantOrderId === o.merchantOrderId).map((r) => [r.amount, r.state])).toEqual([[o.taken, 'COMPLETED']]);
      // Nothing was sold: the stock stayed, no bill.
      expect(await stock(o.product.id)).toBe(10);
      expect((await get(o.orderId)).billNumber).toBeNull();
    });
  });

  describe('a refund PhonePe refused', () => {
    it('is counted and listed, says so in the drawer; tried again once under a new id, completed, and recorded', async () => {
      const o = await refusedRefund();
      expect(o.refund).toMatchObject({ reason: 'refund-refused', amountPaise: o.amountPaise, merchantRefundId: expect.stringMatching(/^MR/) });
      expect(await stateOf(o.orderId)).toBe('refund_pending');
      expect(await attentionIds()).toContain(o.orderId);

      const path = `/api/admin/orders/${o.orderId}/refunds/${o.refund.refundId}/retry`;
      const [a, b] = await Promise.all([post(path), post(path)]);
      expect([a.status, b.status].sort()).toEqual([200, 409]);
      const won = a.status === 200 ? a : b;
      const retriedId = `${o.refund.merchantRefundId}_r2`;
      expect(won.body).toMatchObject({ notice: { code: 'REFUND_RETRIED' }, order: { attention: [], decisions: [{ kind: 'refund-retried', merchantRefundId: retriedId, by: { email: TEST_ADMIN.email } }] } });
      await eventually(() => stateOf(o.orderId), (s) => s === 'refunded');
      const atPhonePe = (await phonepe.refunds()).filter((r) => r.originalMerchantOrderId === o.merchantOrderId).map((r) => [r.merchantRefundId, r.state]);
      expect(atPhonePe).toEqual([
        [o.refund.merchantRefundId, 'FAILED'],
        [retriedId, 'COMPLETED'],
      ]);
      // A refund that completed waits for nobody: asking again is refused.
      expect((await post(path)).body).toMatchObject({ status: 409, code: 'DECISION_TAKEN' });
    });

    it('is settled outside the shop with a note (blank notes refused), counts as refunded, and is recorded', async () => {
      const o = await refusedRefund(10000);
      const path = `/api/admin/orders/${o.orderId}/refunds/${o.refund.refundId}/settle`;
      expect((await post(path, { note: '   ' })).body).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
      expect((await post(`/api/admin/orders/${o.orderId}/refunds/rfd_none/settle`, { note: 'Paid back by bank transfer' })).body).toMatchObject({ status: 404, code: 'REFUND_NOT_FOUND' });
      const settled = await post(path, { note: 'Paid back by bank transfer' });
      expect(settled.body).toMatchObject({
        notice: { code: 'REFUND_SETTLED', data: { amountPaise: 10000 } },
        order: {
          state: 'partly_refunded',
          refundedPaise: 10000,
          attention: [],
          refunds: [{ amountPaise: 10000, refundedAt: expect.any(String) }],
          decisions: [{ kind: 'refund-settled', amountPaise: 10000, note: 'Paid back by bank transfer', by: { email: TEST_ADMIN.email } }],
        },
      });
      expect((await post(path, { note: 'Paid back again' })).body).toMatchObject({ status: 409, code: 'DECISION_TAKEN' });
      expect(await attentionIds()).not.toContain(o.orderId);
    });
  });

  it('counts a refund unfinished for over a day as stuck, to be settled outside the shop (not tried again)', async () => {
    const product = await newProduct();
    const o = await startPurchase(shop.base, [product.id], 1, 'stuck');
    await phonepe.settle(o.merchantOrderId, { state: 'COMPLETED', webhook: 'send' });
    await eventually(() => stateOf(o.orderId), (s) => s === 'paid');
    // PhonePe answers nothing: the refund is never taken.
    await phonepe.faults({ failEvery: 1 });
    expect((await post(`/api/admin/orders/${o.orderId}/refund`, { amountPaise: o.amountPaise, reason: 'Customer cancelled' })).status).toBe(200);
    expect((await get(o.orderId)).attention).toEqual([]);
    const before = await figure();
    await orderDb.query("update order_refunds set started_at = now() - interval '25 hours' where order_id = $1", [o.orderId]);
    const view = await eventually(() => get(o.orderId), (v) => v.attention.length === 1);
    const item = view.attention[0]!;
    expect(item).toMatchObject({ reason: 'refund-stuck', amountPaise: o.amountPaise });
    if (item.reason !== 'refund-stuck') throw new Error('unexpected');
    expect(await figure()).toBe(before + 1);
    expect(await attentionIds()).toContain(o.orderId);
    expect((await post(`/api/admin/orders/${o.orderId}/refunds/${item.refundId}/retry`)).body).toMatchObject({ status: 409, code: 'DECISION_TAKEN' });
    const settled = await post(`/api/admin/orders/${o.orderId}/refunds/${item.refundId}/settle`, { note: 'Refunded from the PhonePe dashboard' });
    expect(settled.body).toMatchObject({ order: { state: 'refunded', attention: [] } });
  });

  it('mails the admins once a day what waits, with two order replicas checking every second', async () => {
    const o = await held(-100);
    const subject = /orders? needs? a decision at Jalaj/;
    const before = (await mails(TEST_ADMIN.email)).filter((m) => subject.test(m.subject)).length;
    // Today was claimed when the replicas started (nothing waited then): forget it, and both replicas race for the day.
    await orderDb.query('delete from attention_digests');
    const digest = await eventually(
      async () => (await mails(TEST_ADMIN.email)).filter((m) => subject.test(m.subject)),
      (m) => m.length > before,
    );
    const mail = digest.at(-1)!;
    expect(mail.text).toContain(`Order #${orderNumber(o.merchantOrderId)}`);
    expect(mail.text).toContain('Less than the order is never accepted');
    expect(mail.text).toContain('/admin?attention=true');
    // One claim of the day, one event: the mail went once.
    const claims = await orderDb.query<{ day: string; orders: number }>('select day, orders from attention_digests');
    expect(claims.rows).toHaveLength(1);
    expect(claims.rows[0]!.orders).toBeGreaterThanOrEqual(1);
    const events = await orderDb.query("select 1 from outbox_message where subject = 'evt.order.attention.digest.v1' and envelope->'data'->>'day' = $1", [claims.rows[0]!.day]);
    expect(events.rowCount).toBe(1);
    expect((await mails(TEST_ADMIN.email)).filter((m) => subject.test(m.subject))).toHaveLength(before + 1);
  });
});
