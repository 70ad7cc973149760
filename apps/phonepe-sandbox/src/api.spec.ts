import { pino } from 'pino';
import { sandboxConfigSchema } from './config.js';
import { buildSandbox, type Sandbox } from './server.js';
import type { WebhookBody } from './webhooks.js';

/** PhonePe's API as the sandbox answers it, through Fastify's inject: no sockets. */
describe('sandbox API, as strict as PhonePe', () => {
  let sandbox: Sandbox;
  let auth: string;
  let sent: WebhookBody[];
  const config = sandboxConfigSchema.parse({ PORT: '8086', OPS_PORT: '9086', SANDBOX_CONTROL: 'true', SANDBOX_REFUND_DELAY_MS: '0' });

  beforeEach(async () => {
    sandbox = buildSandbox(config, pino({ level: 'silent' }));
    sent = [];
    // What would go out, without a receiver.
    sandbox.webhooks.dispatch = (body) => void sent.push(body);
    const r = await sandbox.app.inject({
      method: 'POST',
      url: '/v1/oauth/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `client_id=${config.SANDBOX_CLIENT_ID}&client_secret=${config.SANDBOX_CLIENT_SECRET}&client_version=1&grant_type=client_credentials`,
    });
    auth = `O-Bearer ${r.json().access_token}`;
  });
  afterEach(() => sandbox.close());

  const api = (method: 'GET' | 'POST', url: string, payload?: object) => sandbox.app.inject({ method, url, headers: { authorization: auth }, ...(payload ? { payload } : {}) });
  const pay = (merchantOrderId: string, merchantUrls?: object) =>
    api('POST', '/checkout/v2/pay', { merchantOrderId, amount: 12_300, paymentFlow: { type: 'PG_CHECKOUT', ...(merchantUrls ? { merchantUrls } : {}) } });
  const settle = (merchantOrderId: string, body: object) => sandbox.app.inject({ method: 'POST', url: `/_sandbox/orders/${merchantOrderId}/settle`, payload: { webhook: 'drop', ...body } });

  it('accepts a payment without redirectUrl; the hosted page then shows the outcome itself', async () => {
    const r = await pay('MO_plain');
    expect(r.statusCode).toBe(200);
    const page = new URL(r.json().redirectUrl).pathname;
    const chosen = await sandbox.app.inject({ method: 'POST', url: page, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'outcome=COMPLETED' });
    expect(chosen.statusCode).toBe(200);
    expect(chosen.body).toContain('This order has been paid');
    expect(chosen.body).not.toContain('Return to');
  });

  it('honours details and errorContext on Order Status', async () => {
    await pay('MO_q', { redirectUrl: 'http://shop.test/back' });
    await settle('MO_q', { state: 'FAILED', detailedErrorCode: 'Z9' });
    await settle('MO_q', { state: 'FAILED', detailedErrorCode: 'ZM' });
    const plain = (await api('GET', '/checkout/v2/order/MO_q/status')).json();
    expect(plain.paymentDetails).toHaveLength(1);
    expect(plain).toMatchObject({ errorCode: 'INVALID_MPIN', detailedErrorCode: 'ZM' });
    expect(plain).not.toHaveProperty('errorContext');
    const full = (await api('GET', '/checkout/v2/order/MO_q/status?details=true&errorContext=true')).json();
    expect(full.paymentDetails.map((a: { detailedErrorCode: string }) => a.detailedErrorCode)).toEqual(['Z9', 'ZM']);
    expect(full.errorContext).toMatchObject({ errorCode: 'INVALID_MPIN', detailedErrorCode: 'ZM', source: 'CUSTOMER', stage: 'AUTHENTICATION' });
    expect((await api('GET', '/checkout/v2/order/MO_q/status?details=false&errorContext=false')).json().paymentDetails).toHaveLength(1);
  });

  it('answers /checkout/v2/transaction/{transactionId}/status', async () => {
    await pay('MO_t', { redirectUrl: 'http://shop.test/back' });
    await settle('MO_t', { state: 'COMPLETED' });
    const { paymentDetails } = (await api('GET', '/checkout/v2/order/MO_t/status')).json();
    const r = await api('GET', `/checkout/v2/transaction/${paymentDetails[0].transactionId}/status`);
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ merchantOrderId: 'MO_t', state: 'COMPLETED', paymentDetails: [{ transactionId: paymentDetails[0].transactionId, state: 'COMPLETED' }] });
    expect((await api('GET', '/checkout/v2/transaction/OM_none/status')).statusCode).toBe(404);
    expect((await sandbox.app.inject({ method: 'GET', url: `/checkout/v2/transaction/${paymentDetails[0].transactionId}/status` })).statusCode).toBe(401);
  });

  it('refuses a refund below 100 paise and sends refund webhooks shaped as PhonePe documents them', async () => {
    await pay('MO_r', { redirectUrl: 'http://shop.test/back' });
    await settle('MO_r', { state: 'COMPLETED' });
    const small = await api('POST', '/payments/v2/refund', { merchantRefundId: 'MR_small', originalMerchantOrderId: 'MO_r', amount: 50 });
    expect(small.statusCode).toBe(400);
    expect(small.json().code).toBe('BAD_REQUEST');
    expect((await api('POST', '/payments/v2/refund', { merchantRefundId: 'MR_r', originalMerchantOrderId: 'MO_r', amount: 100 })).statusCode).toBe(200);
    const accepted = sent.find((w) => w.event === 'pg.refund.accepted')!;
    expect(accepted.payload).toEqual({
      merchantId: 'JALAJSANDBOX',
      merchantRefundId: 'MR_r',
      originalMerchantOrderId: 'MO_r',
      refundId: expect.stringMatching(/^OMR/),
      amount: 100,
      state: 'PENDING',
      timestamp: expect.any(Number),
      paymentDetails: [{ transactionId: expect.stringMatching(/^OM/), paymentMode: 'UPI_INTENT', timestamp: expect.any(Number), amount: 100, state: 'PENDING' }],
    });
  });
});
