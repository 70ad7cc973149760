import pg from 'pg';
import { formatRupees, orderNumber } from '@jalaj/commerce';
import type { OrderExportRow, Result } from '@jalaj/contracts';
import { RpcClient } from '@jalaj/server-kit';
import { eventually, httpClient, parseCsv, startPurchase, startTestShop, testDatabaseUrl, TEST_ADMIN, type HttpCall, type SandboxControl, type StartedPurchase, type TestShop } from '@jalaj/testing';

/** An order of the spec's, paid (or left waiting at PhonePe). */
type PaidOrder = StartedPurchase;

/**
 * The Orders tab's changes of an order through the BFF, with real identity, catalog, cart
 * and order processes and the PhonePe sandbox: fulfilment steps with the shopper's mails,
 * refunds through PhonePe (in parts, never more than was paid, however many at once), the refusals, and the
 * CSV export. Orders are bought the way a shopper buys them: cart, pay, PhonePe settles.
 * Refunds may be partial and several (docs/adr/074-partial-refunds.md).
 */
describe('order actions through the BFF and the PhonePe sandbox (real processes)', () => {
  let shop: TestShop;
  let phonepe: SandboxControl;
  let admin: HttpCall;
  let adminToken = '';
  let orderDb: pg.Pool;
  const orderDatabaseUrl = testDatabaseUrl('order');

  beforeAll(async () => {
    shop = await startTestShop({ services: ['identity', 'catalog', 'cart', 'order'], serviceEnv: { order: { DATABASE_URL: orderDatabaseUrl } } });
    phonepe = shop.phonepe!.control;
    orderDb = new pg.Pool({ connectionString: orderDatabaseUrl, max: 2 });
    admin = httpClient(shop.base);
    adminToken = (await admin('POST', '/api/auth/sign-in', { body: TEST_ADMIN })).body.accessToken;
  }, 120000);

  afterAll(async () => {
    await orderDb?.end();
    await shop?.stop();
  });

  const stateOf = async (orderId: string) => (await orderDb.query<{ state: string }>('select state from orders where id = $1', [orderId])).rows[0]!.state;
  const outbox = async (subject: string, orderId: string) =>
    (await orderDb.query<{ envelope: { data: Record<string, unknown> } }>('select envelope from outbox_message where subject = $1 order by created_at', [subject])).rows
      .map((r) => r.envelope.data)
      .filter((d) => d.orderId === orderId);

  /** The mails to `to` whose subject is `subject`, once there is exactly one (the development mailbox). */
  const mailed = async (to: string, subject: string) =>
    (
      await eventually(
        async () => ((await httpClient(shop.base)('GET', '/dev/mailbox.json')).body.items as { to: string; subject: string; text: string }[]).filter((m) => m.to === to && m.subject === subject),
        (mails) => mails.length === 1,
      )
    )[0]!;

  let seq = 0;
  /** A plant of its own, so stock never runs out between tests. */
  async function newProduct(price = '249.00') {
    const body = { name: `Actions plant ${++seq}`, description: 'For the order actions spec', price, stockQuantity: 50, category: 'midground', imageUrls: [] };
    const r = await admin('POST', '/api/admin/products', { token: adminToken, body });
    if (r.status !== 201) throw new Error(`product: ${JSON.stringify(r.body)}`);
    return r.body as { id: string; name: string };
  }

  /** A new shopper's order of `quantity` of each of `plants` new plants, started through the BFF; settled by PhonePe unless `settle` is false. */
  async function order(quantity = 1, settle = true, plants = 1): Promise<PaidOrder & { products: { id: string; name: string }[] }> {
    const products = [];
    for (let i = 0; i < plants; i++) products.push(await newProduct());
    const started = await startPurchase(
      shop.base,
      products.map((p) => p.id),
      quantity,
      'actions',
    );
    if (settle) {
      await phonepe.settle(started.merchantOrderId, { state: 'COMPLETED', webhook: 'send' });
      await eventually(() => stateOf(started.orderId), (s) => s === 'paid');
    }
    return { ...started, products };
  }

  const fulfil = (orderId: string, body: Record<string, unknown>, token = adminToken) => admin('POST', `/api/admin/orders/${orderId}/fulfilment`, { token, body });
  const refund = (orderId: string, body: Record<string, unknown>, token = adminToken) => admin('POST', `/api/admin/orders/${orderId}/refund`, { token, body });

  /** A POST with an Idempotency-Key of the caller's choosing (the admin's browser sends one per click and the same one on a retry). */
  async function postWithKey(path: string, body: unknown, key: string) {
    const r = await fetch(shop.base + path, {
      method: 'POST',
      headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json', 'idempotency-key': key },
      body: JSON.stringify(body),
    });
    return { status: r.status, body: (await r.json()) as Record<string, unknown> };
  }

  describe('fulfilment', () => {
    it('moves a paid order forward step by step, shipped with courier and tracking number, and the shopper follows it', async () => {
      const o = await order();
      const processing = await fulfil(o.orderId, { status: 'processing' });
      expect(processing.status).toBe(200);
      expect(processing.body).toMatchObject({
        notice: { code: 'FULFILMENT_UPDATED', data: { status: 'processing' } },
        order: { id: o.orderId, state: 'paid', fulfilmentStatus: 'processing', customer: { email: o.email, fullName: expect.any(String) } },
      });

      expect((await fulfil(o.orderId, { status: 'shipped', courier: 'India Post' })).body).toMatchObject({ status: 400, code: 'TRACKING_REQUIRED' });
      expect((await fulfil(o.orderId, { status: 'shipped', courier: '  ', trackingNumber: 'EK123456789IN' })).body).toMatchObject({ status: 400, code: 'TRACKING_REQUIRED' });
      const shipped = await fulfil(o.orderId, { status: 'shipped', courier: 'India Post', trackingNumber: 'EK123456789IN' });
      expect(shipped.status).toBe(200);
      expect(shipped.body.order.fulfilment).toEqual([
        { status: 'processing', courier: null, trackingNumber: null, note: null, at: expect.any(String) },
        { status: 'shipped', courier: 'India Post', trackingNumber: 'EK123456789IN', note: null, at: expect.any(String) },
      ]);
      expect(await outbox('evt.order.order.fulfilment-changed.v1', o.orderId)).toEqual([
        expect.objectContaining({ status: 'processing', userId: expect.any(String), merchantOrderId: o.merchantOrderId }),
        expect.objectContaining({ status: 'shipped', courier: 'India Post', trackingNumber: 'EK123456789IN' }),
      ]);

      // Back, or the same step again, is refused with the steps named.
      expect((await fulfil(o.orderId, { status: 'packed' })).body).toMatchObject({ status: 409, code: 'FULFILMENT_NOT_ALLOWED', data: { from: 'shipped', to: 'packed' } });
      expect((await fulfil(o.orderId, { status: 'shipped', courier: 'India Post', trackingNumber: 'EK1' })).body).toMatchObject({ status: 409, code: 'FULFILMENT_NOT_ALLOWED' });
      expect((await fulfil(o.orderId, { status: 'delivered' })).status).toBe(200);
      // Nothing after delivered, not even cancelled.
      expect((await fulfil(o.orderId, { status: 'cancelled', note: 'Too late' })).body).toMatchObject({ status: 409, code: 'FULFILMENT_NOT_ALLOWED', data: { from: 'delivered', to: 'cancelled' } });
      // The shopper hears of the shipping (with the tracking number) and the delivery, not of processing.
      const number = orderNumber(o.merchantOrderId);
      const shippedMail = await mailed(o.email, `Your Jalaj order #${number} has shipped`);
      expect(shippedMail.text).toContain('Courier: India Post\nTracking number: EK123456789IN');
      await mailed(o.email, `Your Jalaj order #${number} has been delivered`);
      const all = async () => ((await httpClient(shop.base)('GET', '/dev/mailbox.json')).body.items as { to: string; subject: string }[]).filter((m) => m.to === o.email && m.subject.includes(number));
      expect((await all()).map((m) => m.subject).sort()).toEqual(
        [`Order confirmed: your Jalaj order #${number}`, `Your Jalaj order #${number} has been delivered`, `Your Jalaj order #${number} has shipped`].sort(),
      );
      const rows = await orderDb.query<{ status: string; created_by: string }>('select status, created_by from order_fulfilment_events where order_id = $1 order by created_at', [o.orderId]);
      expect(rows.rows.map((r) => r.status)).toEqual(['processing', 'shipped', 'delivered']);
      expect(new Set(rows.rows.map((r) => r.created_by)).size).toBe(1);
    });

    it('cancels a paid order before delivery and mails the shopper the reason', async () => {
      const o = await order();
      expect((await fulfil(o.orderId, { status: 'packed' })).status).toBe(200);
      expect((await fulfil(o.orderId, { status: 'cancelled', note: 'The plants did not pass our quality check' })).body).toMatchObject({ order: { fulfilmentStatus: 'cancelled' } });
      const mail = await mailed(o.email, `Your Jalaj order #${orderNumber(o.merchantOrderId)} has been cancelled`);
      expect(mail.text).toContain('The plants did not pass our quality check');
      expect((await fulfil(o.orderId, { status: 'shipped', courier: 'India Post', trackingNumber: 'EK1' })).body).toMatchObject({ status: 409, data: { from: 'cancelled', to: 'shipped' } });
    });

    it('refuses an order that is not paid, and an unknown one', async () => {
      const pending = await order(1, false);
      expect((await fulfil(pending.orderId, { status: 'processing' })).body).toMatchObject({ status: 409, code: 'FULFILMENT_NOT_ALLOWED', data: { from: null, to: 'processing' } });
      expect((await fulfil('ord_nothing_here', { status: 'processing' })).body).toMatchObject({ status: 404, code: 'ORDER_NOT_FOUND' });
    });

    it('sets a step once when the same click is sent twice with one Idempotency-Key', async () => {
      const o = await order();
      const key = `fulfil-${o.orderId}`;
      const [a, b] = await Promise.all([
        postWithKey(`/api/admin/orders/${o.orderId}/fulfilment`, { status: 'packed' }, key),
        postWithKey(`/api/admin/orders/${o.orderId}/fulfilment`, { status: 'packed' }, key),
      ]);
      expect([a.status, b.status]).toEqual([200, 200]);
      expect(a.body).toEqual(b.body);
      expect(await outbox('evt.order.order.fulfilment-changed.v1', o.orderId)).toHaveLength(1);
    });
  });

  describe('refunds', () => {
    it('refunds part of a paid order, then more, then the rest: partly refunded and still shipped, then refunded, each refund through PhonePe once', async () => {
      const o = await order(2);
      const reason = 'One plant arrived damaged';
      const refundsOf = async () =>
        (
          await orderDb.query<{ merchant_refund_id: string; amount_paise: string; reason: string; refund_by: string | null; provider_state: string | null }>(
            'select merchant_refund_id, amount_paise, reason, refund_by, provider_state from order_refunds where order_id = $1 order by created_at, id',
            [o.orderId],
          )
        ).rows;

      // ₹100, sent twice at once with one Idempotency-Key (a retry of one click): one refund.
      const key = `refund-a-${o.orderId}`;
      const [first, retried] = await Promise.all([
        postWithKey(`/api/admin/orders/${o.orderId}/refund`, { amountPaise: 10000, reason }, key),
        postWithKey(`/api/admin/orders/${o.orderId}/refund`, { amountPaise: 10000, reason }, key),
      ]);
      expect([first.status, retried.status]).toEqual([200, 200]);
      expect(retried.body).toEqual(first.body);
      expect(first.body).toMatchObject({
        notice: { code: 'REFUND_STARTED', data: { amountPaise: 10000 } },
        order: { id: o.orderId, state: 'partly_refunded', refundedPaise: 10000, refunds: [{ amountPaise: 10000, reason, refundedAt: null }] },
      });
      const number = orderNumber(o.merchantOrderId);
      const mail = await mailed(o.email, `Refund for your Jalaj order #${number}`);
      expect(mail.text).toContain(`We have started a refund of ₹100.00 of the ${formatRupees(o.amountPaise)} you paid`);
      expect(mail.text).toContain(`Why we are refunding\n${reason}`);
      // PhonePe completes it; the order stays partly refunded, a sale to ship.
      await eventually(refundsOf, (rows) => rows[0]?.provider_state === 'COMPLETED', 30000);
      expect(await stateOf(o.orderId)).toBe('partly_refunded');
      expect((await fulfil(o.orderId, { status: 'processing' })).body).toMatchObject({ order: { state: 'partly_refunded', fulfilmentStatus: 'processing' } });

      // ₹50 more: a second refund with its own id.
      expect((await refund(o.orderId, { amountPaise: 5000, reason: 'A second plant wilted' })).body).toMatchObject({ order: { state: 'partly_refunded', refundedPaise: 15000 } });
      const leftPaise = o.amountPaise - 15000;
      // More than is left: refused, saying how much is, and nothing changes.
      expect((await refund(o.orderId, { amountPaise: leftPaise + 100, reason })).body).toMatchObject({ status: 400, code: 'REFUND_AMOUNT_INVALID', data: { maxPaise: leftPaise } });
      expect((await fulfil(o.orderId, { status: 'shipped', courier: 'India Post', trackingNumber: 'EK123456789IN' })).status).toBe(200);

      // The rest: refund pending, then refunded once PhonePe completed every refund.
      expect((await refund(o.orderId, { amountPaise: leftPaise, reason: 'Customer returned the rest' })).body).toMatchObject({ order: { state: 'refund_pending', refundedPaise: o.amountPaise } });
      await eventually(() => stateOf(o.orderId), (s) => s === 'refunded', 30000);
      const body = o.merchantOrderId.slice(2);
      expect(await refundsOf()).toEqual([
        { merchant_refund_id: `MR${body}`, amount_paise: '10000', reason, refund_by: expect.stringMatching(/^usr_/), provider_state: 'COMPLETED' },
        { merchant_refund_id: `MR${body}_2`, amount_paise: '5000', reason: 'A second plant wilted', refund_by: expect.stringMatching(/^usr_/), provider_state: 'COMPLETED' },
        { merchant_refund_id: `MR${body}_3`, amount_paise: String(leftPaise), reason: 'Customer returned the rest', refund_by: expect.stringMatching(/^usr_/), provider_state: 'COMPLETED' },
      ]);
      // PhonePe holds the same three, and never more than was paid.
      const atPhonePe = (await phonepe.refunds()).filter((r) => r.originalMerchantOrderId === o.merchantOrderId);
      expect(atPhonePe.map((r) => [r.merchantRefundId, r.amount]).sort()).toEqual([
        [`MR${body}`, 10000],
        [`MR${body}_2`, 5000],
        [`MR${body}_3`, leftPaise],
      ].sort());
      expect((await outbox('evt.order.order.refund-started.v1', o.orderId)).map((e) => e.refundPaise)).toEqual([10000, 5000, leftPaise]);
      // Refunded in all: no further refund, and no more fulfilment.
      expect((await refund(o.orderId, { amountPaise: 100, reason })).body).toMatchObject({ status: 409, code: 'REFUND_NOT_ALLOWED', data: { reason: 'already-refunded' } });
      expect((await fulfil(o.orderId, { status: 'delivered' })).body).toMatchObject({ status: 409, code: 'FULFILMENT_NOT_ALLOWED' });
      // The bill keeps what was billed and lists the refunds under it.
      const bill = await admin('GET', `/api/admin/orders/${o.orderId}/bill`, { token: adminToken });
      expect(bill.body).toMatchObject({ totalPaise: o.amountPaise, refundedPaise: o.amountPaise, state: 'refunded' });
      expect((bill.body.refunds as { amountPaise: number }[]).map((r) => r.amountPaise)).toEqual([10000, 5000, leftPaise]);
    }, 90000);

    it('lets concurrent refunds together refund at most what was paid: of 15 at once, exactly as many win as the payment has room for', async () => {
      const o = await order();
      // Each asks for a third of the payment (rounded up): three fit only if they add up to no more than it; here two do.
      const amountPaise = Math.ceil(o.amountPaise / 3) + 100;
      const fits = Math.floor(o.amountPaise / amountPaise);
      const replies = await Promise.all(
        Array.from({ length: 15 }, (_, i) => postWithKey(`/api/admin/orders/${o.orderId}/refund`, { amountPaise, reason: 'Concurrent probe' }, `probe-${i}-${o.orderId}`)),
      );
      const won = replies.filter((r) => r.status === 200);
      expect(won).toHaveLength(fits);
      // The others are refused with a clear 4xx saying how much was left when they came.
      for (const r of replies.filter((x) => x.status !== 200)) {
        expect(r.status).toBe(400);
        expect(r.body).toMatchObject({ code: 'REFUND_AMOUNT_INVALID', data: { maxPaise: o.amountPaise - fits * amountPaise } });
      }
      const row = (await orderDb.query<{ refunded_paise: string; state: string }>('select refunded_paise, state from orders where id = $1', [o.orderId])).rows[0]!;
      expect(row).toEqual({ refunded_paise: String(fits * amountPaise), state: 'partly_refunded' });
      const sum = (await orderDb.query<{ n: number; total: string }>('select count(*)::int as n, sum(amount_paise)::text as total from order_refunds where order_id = $1', [o.orderId])).rows[0]!;
      expect(sum).toEqual({ n: fits, total: String(fits * amountPaise) });
    }, 60000);

    it('refuses an unpaid order, an amount above what was paid or below ₹1, and an unknown order', async () => {
      const pending = await order(1, false);
      expect((await refund(pending.orderId, { amountPaise: 10000, reason: 'Customer asked' })).body).toMatchObject({ status: 409, code: 'REFUND_NOT_ALLOWED', data: { reason: 'not-paid' } });
      const o = await order();
      expect((await refund(o.orderId, { amountPaise: o.amountPaise + 100, reason: 'Customer asked' })).body).toMatchObject({
        status: 400,
        code: 'REFUND_AMOUNT_INVALID',
        data: { maxPaise: o.amountPaise },
      });
      expect((await refund(o.orderId, { amountPaise: 99, reason: 'Customer asked' })).status).toBe(400);
      expect((await refund(o.orderId, { amountPaise: 10000, reason: '' })).status).toBe(400);
      // A reason is trimmed before it is required: spaces alone, or a letter in spaces, are no reason.
      for (const reason of ['   ', ' a  ', '\t\n ']) {
        expect((await refund(o.orderId, { amountPaise: 10000, reason })).body).toMatchObject({
          status: 400,
          code: 'VALIDATION_FAILED',
          fieldErrors: [{ field: 'reason', message: 'Say why the order is refunded, in at least 3 characters.' }],
        });
      }
      expect((await refund('ord_nothing_here', { amountPaise: 10000, reason: 'Customer asked' })).body).toMatchObject({ status: 404, code: 'ORDER_NOT_FOUND' });
      expect(await stateOf(o.orderId)).toBe('paid');
      expect(await outbox('evt.order.order.refund-started.v1', o.orderId)).toEqual([]);
    });
  });

  describe('CSV export', () => {
    /** The CSV's lines after the header, as cells. */
    const csvLines = (text: string) => parseCsv(text).slice(1);

    it('downloads the filtered orders through the BFF, one row per line, with the customer, HSN and place of supply', async () => {
      const o = await order(1, true, 2);
      await fulfil(o.orderId, { status: 'processing' });
      const other = await order();
      const number = orderNumber(o.merchantOrderId);

      const byNumber = await admin('GET', `/api/admin/orders/export.csv?q=${number}`, { token: adminToken });
      expect(byNumber.status).toBe(200);
      const lines = csvLines(byNumber.body as string);
      // Every text cell is quoted (RFC 4180); the numbers are bare.
      expect(byNumber.body).toContain(`,"${o.email}","West Bengal (19)",1,"0602",`);
      // Both lines carry the order's bill of supply serial, assigned when it was paid.
      const bill = lines[0]![0]!;
      expect(bill).toMatch(/^JLJ\/\d{2}-\d{2}\/\d{6}$/);
      expect(lines.map((l) => l.slice(0, 3))).toEqual([
        [bill, number, o.merchantOrderId],
        [bill, number, o.merchantOrderId],
      ]);
      // In the cart's order (newest added first there).
      expect(lines.map((l) => l[12])).toEqual(o.products.map((p) => p.name).reverse());
      const customer = (await o.call('GET', '/api/me', { token: o.token })).body as { fullName: string };
      // States, steps and payment modes in words (ADR 079), each line numbered in its order.
      expect(lines.map((l) => l.slice(5, 12))).toEqual([
        ['Completed', 'Processing', customer.fullName, o.email, 'West Bengal (19)', '1', '0602'],
        ['Completed', 'Processing', customer.fullName, o.email, 'West Bengal (19)', '2', '0602'],
      ]);
      for (const l of lines) expect(l[13]).toBe('1');
      // The order's amounts once, on its first line, so the columns sum to what was billed.
      const heading = parseCsv(byNumber.body as string)[0]!;
      const cell = (l: string[], name: string) => l[heading.indexOf(name)]!;
      const amounts = ['Shipping', 'Rounding', 'Order total', 'Refunded', 'Revenue'].map((what) => `${what} (INR, order's first line only)`);
      expect(amounts.map((a) => cell(lines[1]!, a))).toEqual(['', '', '', '', '']);
      const paise = (name: string) => lines.reduce((sum, l) => sum + Math.round(Number(cell(l, name) || 0) * 100), 0);
      expect(paise("Order total (INR, order's first line only)")).toBe(o.amountPaise);
      expect(paise('Line total (INR)') + paise("Shipping (INR, order's first line only)") + paise("Rounding (INR, order's first line only)")).toBe(o.amountPaise);
      expect(paise("Revenue (INR, order's first line only)")).toBe(o.amountPaise);
      expect(cell(lines[0]!, 'Payment mode')).not.toMatch(/_/);

      // By the customer's email (identity's search), and the pending filter leaves the paid order out.
      expect(csvLines((await admin('GET', `/api/admin/orders/export.csv?q=${encodeURIComponent(other.email)}`, { token: adminToken })).body as string).map((l) => l[2])).toEqual([other.merchantOrderId]);
      expect(csvLines((await admin('GET', `/api/admin/orders/export.csv?q=${number}&state=pending`, { token: adminToken })).body as string)).toEqual([]);
    }, 60000);

    it('walks every row in batches, newest order first, the same rows as one big batch', async () => {
      await order(1, true, 3);
      await order(1, false, 2);
      const me = await admin('GET', '/api/me', { token: adminToken });
      const actor = { id: me.body.id as string, role: 'admin' as const };
      const rpc = RpcClient.standalone({ url: process.env.NATS_URL!, name: 'order-actions-export-spec' });
      try {
        const all = await rpc.request('rpc.order.admin.export', { actor, filter: {}, limit: 1000 });
        if (!all.ok) throw new Error(JSON.stringify(all.error));
        expect(all.data.next).toBeNull();
        const created = all.data.rows.map((r) => r.createdAt);
        expect([...created].sort().reverse()).toEqual(created);
        const walked: OrderExportRow[] = [];
        let after: string | null = null;
        do {
          const batch: Result<{ rows: OrderExportRow[]; next: string | null }> = await rpc.request('rpc.order.admin.export', { actor, filter: {}, after, limit: 2 });
          if (!batch.ok) throw new Error(JSON.stringify(batch.error));
          expect(batch.data.rows.length).toBeLessThanOrEqual(2);
          walked.push(...batch.data.rows);
          after = batch.data.next;
        } while (after);
        expect(walked).toEqual(all.data.rows);
        expect(await rpc.request('rpc.order.admin.export', { actor, filter: {}, after: 'nonsense', limit: 2 })).toMatchObject({ ok: false, error: { code: 'VALIDATION_FAILED' } });
      } finally {
        await rpc.close();
      }
    }, 60000);
  });

  it('answers 403 to a shopper on every admin order action, and changes nothing', async () => {
    const o = await order();
    expect((await fulfil(o.orderId, { status: 'processing' }, o.token)).status).toBe(403);
    expect((await refund(o.orderId, { amountPaise: 10000, reason: 'Please refund me' }, o.token)).status).toBe(403);
    expect((await o.call('GET', '/api/admin/orders/export.csv', { token: o.token })).status).toBe(403);
    expect(await stateOf(o.orderId)).toBe('paid');
    expect(await outbox('evt.order.order.fulfilment-changed.v1', o.orderId)).toEqual([]);
  });
});
