import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eventually, SANDBOX_CREDENTIALS, startTestSandbox, type TestSandbox } from '@jalaj/testing';
import { PhonePeError, type PhonePePayRequest } from './phonepe-gateway.js';
import { PhonePeClient } from './phonepe.client.js';

/**
 * The real client against the real sandbox process: token, pay, status, the hosted page,
 * settle, refund, expiry, 401 renewal and webhooks to a receiver of this spec.
 */

interface Received {
  authorization: string | undefined;
  body: unknown;
}

let sandbox: TestSandbox;
let receiver: Server;
let received: Received[] = [];
/** What the receiver answers next (the sandbox retries anything but 2xx). */
const answers: number[] = [];

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let data = '';
    req.on('data', (c) => (data += c));
    req.on('end', () => resolve(data));
  });

const clientFor = (base: string, over: Partial<ConstructorParameters<typeof PhonePeClient>[0]> = {}) =>
  new PhonePeClient({
    baseUrl: base,
    clientId: SANDBOX_CREDENTIALS.clientId,
    clientSecret: SANDBOX_CREDENTIALS.clientSecret,
    clientVersion: 1,
    webhookUsername: SANDBOX_CREDENTIALS.webhookUsername,
    webhookPassword: SANDBOX_CREDENTIALS.webhookPassword,
    ...over,
  });
let client: PhonePeClient;

let n = 0;
const orderId = () => `MO${Date.now()}${++n}_int`;
const payRequest = (merchantOrderId: string, over: Partial<PhonePePayRequest> = {}): PhonePePayRequest => ({
  merchantOrderId,
  amountPaise: 45_600,
  expireAfterSeconds: 900,
  redirectUrl: `http://shop.test/api/payments/phonepe/return/${merchantOrderId}`,
  message: 'Jalaj order',
  metaInfo: { udf1: 'cart-int' },
  ...over,
});
/** The webhooks about one order: its own and its refunds' (which name it `originalMerchantOrderId`). */
const webhooksFor = (merchantOrderId: string) =>
  received.filter((r) => {
    const payload = (r.body as { payload?: { merchantOrderId?: string; originalMerchantOrderId?: string } }).payload;
    return (payload?.merchantOrderId ?? payload?.originalMerchantOrderId) === merchantOrderId;
  });

const failure = async (p: Promise<unknown>) => {
  try {
    await p;
  } catch (e) {
    if (e instanceof PhonePeError) return { status: e.status, code: e.code, ...(e.data ? { data: e.data } : {}) };
    throw e;
  }
  throw new Error('expected a PhonePeError');
};

beforeAll(async () => {
  receiver = createServer(async (req, res) => {
    const body = await readBody(req);
    received.push({ authorization: req.headers.authorization, body: JSON.parse(body) });
    res.statusCode = answers.shift() ?? 200;
    res.end('{}');
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const { port } = receiver.address() as AddressInfo;
  sandbox = await startTestSandbox({ webhookUrl: `http://127.0.0.1:${port}/webhook`, env: { SANDBOX_REFUND_DELAY_MS: '300', SANDBOX_WEBHOOK_BACKOFF_MS: '100' } });
  client = clientFor(sandbox.base);
});

afterAll(async () => {
  await sandbox?.stop();
  await new Promise((resolve) => receiver?.close(resolve));
});

beforeEach(() => {
  received = [];
  answers.length = 0;
});

describe('PhonePe client against the sandbox', () => {
  it('pays: token, pay, PENDING, settled COMPLETED, and a signed completed webhook', async () => {
    const id = orderId();
    const started = Date.now();
    const pay = await client.pay(payRequest(id));
    expect(pay.orderId).toMatch(/^OMO/);
    expect(pay.state).toBe('PENDING');
    expect(pay.expireAt).toBeGreaterThanOrEqual(started + 900_000 - 1000);
    expect(pay.redirectUrl).toBe(`${sandbox.base}/pay/${pay.orderId}`);

    const pending = await client.orderStatus(id);
    expect(pending).toMatchObject({ orderId: pay.orderId, state: 'PENDING', amountPaise: 45_600, metaInfo: { udf1: 'cart-int' }, paymentDetails: [] });

    await sandbox.control.settle(id, { state: 'COMPLETED' });
    const done = await client.orderStatus(id);
    expect(done.state).toBe('COMPLETED');
    expect(done.amountPaise).toBe(45_600);
    expect(done.paymentDetails).toEqual([expect.objectContaining({ transactionId: expect.stringMatching(/^OM/), paymentMode: 'UPI_INTENT', amountPaise: 45_600, state: 'COMPLETED' })]);

    const [hook] = await eventually(() => webhooksFor(id), (w) => w.length === 1);
    expect(client.verifyWebhookAuthorization(hook.authorization)).toBe(true);
    expect(hook.authorization).toMatch(/^[0-9a-f]{64}$/);
    expect(client.parseWebhook(hook.body)).toEqual({ event: 'checkout.order.completed', merchantOrderId: id, merchantRefundId: null, state: 'COMPLETED' });
    expect(hook.body).toMatchObject({ type: 'CHECKOUT_ORDER_COMPLETED', payload: { merchantOrderId: id, orderId: pay.orderId, amount: 45_600, state: 'COMPLETED' } });

    // One token served every call.
    const tokenCalls = (await sandbox.control.calls()).filter((c) => c.path === '/v1/oauth/token');
    expect(tokenCalls).toHaveLength(1);
  });

  it('fails: a declined payment reads FAILED with UPI code ZA under its category and sends the failed webhook', async () => {
    const id = orderId();
    await client.pay(payRequest(id));
    await sandbox.control.settle(id, { state: 'FAILED' });
    const status = await client.orderStatus(id);
    expect(status).toMatchObject({ state: 'FAILED', errorCode: 'PAYMENT_ERROR', detailedErrorCode: 'ZA' });
    expect(status.paymentDetails[0]).toMatchObject({ state: 'FAILED', errorCode: 'PAYMENT_ERROR', detailedErrorCode: 'ZA' });
    const [hook] = await eventually(() => webhooksFor(id), (w) => w.length === 1);
    expect(client.parseWebhook(hook.body)).toMatchObject({ event: 'checkout.order.failed', state: 'FAILED' });
  });

  it('the hosted page shows the amount and returns the browser to the merchant after Pay', async () => {
    const id = orderId();
    const pay = await client.pay(payRequest(id, { amountPaise: 123_450 }));
    const page = await fetch(pay.redirectUrl);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('PhonePe sandbox — test payment, no money moves');
    expect(html).toContain('₹1,234.50');
    expect(html).toContain(id);
    const chosen = await fetch(pay.redirectUrl, { method: 'POST', body: new URLSearchParams({ outcome: 'COMPLETED' }), redirect: 'manual' });
    expect(chosen.status).toBe(303);
    expect(chosen.headers.get('location')).toBe(`http://shop.test/api/payments/phonepe/return/${id}`);
    expect((await client.orderStatus(id)).state).toBe('COMPLETED');
    await eventually(() => webhooksFor(id), (w) => w.length === 1);
    // A second choice (another tab) changes nothing.
    const again = await fetch(pay.redirectUrl, { method: 'POST', body: new URLSearchParams({ outcome: 'FAILED' }), redirect: 'manual' });
    expect(again.status).toBe(409);
    expect((await client.orderStatus(id)).state).toBe('COMPLETED');
  });

  it('refunds: PENDING, then COMPLETED, with the refund webhooks', async () => {
    const id = orderId();
    await client.pay(payRequest(id));
    await sandbox.control.settle(id, { state: 'COMPLETED', webhook: 'drop' });
    const refund = await client.refund({ merchantRefundId: `${id}_R1`, originalMerchantOrderId: id, amountPaise: 45_600 });
    expect(refund).toEqual({ refundId: expect.stringMatching(/^OMR/), state: 'PENDING', amountPaise: 45_600 });
    expect((await client.refundStatus(`${id}_R1`)).state).toBe('PENDING');
    await eventually(() => client.refundStatus(`${id}_R1`), (r) => r.state === 'COMPLETED');
    const hooks = await eventually(() => webhooksFor(id), (w) => w.length === 2);
    expect(hooks.map((h) => client.parseWebhook(h.body)?.event)).toEqual(['pg.refund.accepted', 'pg.refund.completed']);
    expect(client.parseWebhook(hooks[1].body)).toMatchObject({ merchantRefundId: `${id}_R1`, merchantOrderId: id, state: 'COMPLETED' });
    expect((hooks[1].body as { payload: unknown }).payload).toMatchObject({ refundId: refund.refundId, amount: 45_600, paymentDetails: [{ transactionId: expect.stringMatching(/^OM/), amount: 45_600, state: 'COMPLETED' }] });
    expect(await failure(client.refund({ merchantRefundId: `${id}_R2`, originalMerchantOrderId: id, amountPaise: 100 }))).toEqual({ status: 400, code: 'REFUND_AMOUNT_EXCEEDED' });
  });

  it('expires: an unpaid order expired now reads FAILED (TXN_AUTO_FAILED) and the page says so', async () => {
    const id = orderId();
    const pay = await client.pay(payRequest(id, { expireAfterSeconds: 300 }));
    await sandbox.control.expire(id);
    expect(await client.orderStatus(id)).toMatchObject({ state: 'FAILED', errorCode: 'TXN_NOT_COMPLETED', detailedErrorCode: 'TXN_AUTO_FAILED' });
    const [hook] = await eventually(() => webhooksFor(id), (w) => w.length === 1);
    expect(client.parseWebhook(hook.body)?.event).toBe('checkout.order.failed');
    expect(await (await fetch(pay.redirectUrl)).text()).toContain('This payment request has expired');
    // A late payment (the control API) completes it after all.
    await sandbox.control.settle(id, { state: 'COMPLETED', webhook: 'drop' });
    expect((await client.orderStatus(id)).state).toBe('COMPLETED');
  });

  it('retries a webhook the receiver refused, sends duplicates, delays and drops on request', async () => {
    const id = orderId();
    await client.pay(payRequest(id));
    answers.push(500);
    await sandbox.control.settle(id, { state: 'COMPLETED' });
    const hooks = await eventually(() => webhooksFor(id), (w) => w.length === 2);
    expect(hooks.every((h) => client.verifyWebhookAuthorization(h.authorization))).toBe(true);
    const deliveries = (await sandbox.control.webhooks()).filter((d) => d.merchantOrderId === id);
    expect(deliveries.map((d) => [d.attempt, d.outcome, d.status])).toEqual([
      [1, 'failed', 500],
      [2, 'sent', 200],
    ]);

    received = [];
    await sandbox.control.resendWebhook(id, { duplicates: 3 });
    await eventually(() => webhooksFor(id), (w) => w.length === 3);

    received = [];
    const dropped = orderId();
    await client.pay(payRequest(dropped));
    await sandbox.control.settle(dropped, { state: 'COMPLETED', webhook: 'drop' });
    await eventually(() => sandbox.control.webhooks(), (d) => d.some((x) => x.merchantOrderId === dropped && x.outcome === 'dropped'));
    const delayed = orderId();
    await client.pay(payRequest(delayed));
    const settledAt = Date.now();
    await sandbox.control.settle(delayed, { state: 'FAILED', webhook: { delayMs: 600 } });
    await eventually(() => webhooksFor(delayed), (w) => w.length === 1);
    expect(Date.now() - settledAt).toBeGreaterThanOrEqual(550);
    expect(webhooksFor(dropped)).toHaveLength(0);
  });

  it('creates one order when 20 pays of the same merchantOrderId race, and one settlement when 10 tabs choose at once', async () => {
    const id = orderId();
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => client.pay(payRequest(id))));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(results.filter((r) => r.status === 'rejected').map((r) => (r as PromiseRejectedResult).reason.code)).toEqual(Array(19).fill('ORDER_ALREADY_EXISTS'));
    const { redirectUrl } = (results.find((r) => r.status === 'fulfilled') as PromiseFulfilledResult<{ redirectUrl: string }>).value;
    const choices = await Promise.all(
      Array.from({ length: 10 }, (_, i) => fetch(redirectUrl, { method: 'POST', body: new URLSearchParams({ outcome: i % 2 ? 'FAILED' : 'COMPLETED' }), redirect: 'manual' })),
    );
    expect(choices.filter((r) => r.status === 303)).toHaveLength(1);
    const status = await client.orderStatus(id);
    expect(status.paymentDetails).toHaveLength(1);
    await eventually(() => webhooksFor(id), (w) => w.length === 1);
    expect(client.parseWebhook(webhooksFor(id)[0].body)?.state).toBe(status.state);
  });

  it('reports another amount on request (amount mismatch)', async () => {
    const id = orderId();
    await client.pay(payRequest(id));
    await sandbox.control.settle(id, { state: 'COMPLETED', reportedAmount: 100, webhook: 'drop' });
    expect(await client.orderStatus(id)).toMatchObject({ state: 'COMPLETED', amountPaise: 100 });
  });

  it('renews the token after a 401 and retries the call once', async () => {
    const id = orderId();
    await client.pay(payRequest(id));
    const before = (await sandbox.control.calls()).filter((c) => c.path === '/v1/oauth/token').length;
    await sandbox.control.revokeTokens();
    expect((await client.orderStatus(id)).state).toBe('PENDING');
    const calls = await sandbox.control.calls();
    expect(calls.filter((c) => c.path === '/v1/oauth/token')).toHaveLength(before + 1);
    expect(calls.filter((c) => c.path.startsWith(`/checkout/v2/order/${id}/status`)).map((c) => c.status)).toEqual([401, 200]);
  });

  it('maps PhonePe refusals: duplicate order 409, bad amount 400, unknown order 404, wrong credentials 401, unreachable 0', async () => {
    const id = orderId();
    await client.pay(payRequest(id));
    expect(await failure(client.pay(payRequest(id)))).toEqual({ status: 409, code: 'ORDER_ALREADY_EXISTS' });
    expect(await failure(client.pay(payRequest(orderId(), { amountPaise: 99 })))).toEqual({ status: 400, code: 'BAD_REQUEST' });
    expect(await failure(client.pay(payRequest('bad id!')))).toEqual({ status: 400, code: 'BAD_REQUEST' });
    expect(await failure(client.orderStatus('MO_unknown'))).toEqual({ status: 404, code: 'ORDER_NOT_FOUND' });
    expect(await failure(clientFor(sandbox.base, { clientSecret: 'wrong' }).orderStatus(id))).toEqual({ status: 401, code: 'INVALID_CLIENT' });
    expect(await failure(clientFor('http://127.0.0.1:9', { timeoutMs: 2000 }).orderStatus(id))).toEqual({ status: 0, code: null });
  });
});
