import { pino } from 'pino';
import { sandboxConfigSchema } from './config.js';
import { buildSandbox, type Sandbox } from './server.js';

/** The control API's faults (`PUT /_sandbox/faults`), through Fastify's inject: no sockets. */
describe('sandbox faults', () => {
  let sandbox: Sandbox;
  const config = sandboxConfigSchema.parse({ PORT: '8086', OPS_PORT: '9086', SANDBOX_CONTROL: 'true', SANDBOX_WEBHOOK_URL: 'http://127.0.0.1:9/hook' });

  beforeEach(() => {
    sandbox = buildSandbox(config, pino({ level: 'silent' }));
  });
  afterEach(() => sandbox.close());

  const token = async () => {
    const r = await sandbox.app.inject({
      method: 'POST',
      url: '/v1/oauth/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `client_id=${config.SANDBOX_CLIENT_ID}&client_secret=${config.SANDBOX_CLIENT_SECRET}&client_version=1&grant_type=client_credentials`,
    });
    return r;
  };
  const pay = (authorization: string, merchantOrderId: string) =>
    sandbox.app.inject({
      method: 'POST',
      url: '/checkout/v2/pay',
      headers: { authorization },
      payload: { merchantOrderId, amount: 12300, paymentFlow: { type: 'PG_CHECKOUT', merchantUrls: { redirectUrl: 'http://localhost:8080/back' } } },
    });
  const setFaults = (body: unknown) => sandbox.app.inject({ method: 'PUT', url: '/_sandbox/faults', payload: body as object });

  it('fails every n-th call of PhonePe API with a 500 before doing anything, and no other call', async () => {
    expect((await setFaults({ failEvery: 2 })).statusCode).toBe(200);
    const first = await token();
    expect(first.statusCode).toBe(200);
    const auth = `O-Bearer ${first.json().access_token}`;
    const second = await pay(auth, 'MO1');
    expect(second.statusCode).toBe(500);
    expect(second.json().code).toBe('INTERNAL_SERVER_ERROR');
    expect(sandbox.store.orders.size).toBe(0);
    expect((await pay(auth, 'MO1')).statusCode).toBe(200);
    expect(sandbox.store.orders.size).toBe(1);
    // The control API and the hosted page are not PhonePe's API: never failed, never counted.
    for (let i = 0; i < 3; i++) expect((await sandbox.app.inject({ method: 'GET', url: '/_sandbox/orders' })).statusCode).toBe(200);
    expect((await pay(auth, 'MO2')).statusCode).toBe(500);
  });

  it('delays PhonePe API answers by latencyMs', async () => {
    await setFaults({ latencyMs: 150 });
    const started = Date.now();
    expect((await token()).statusCode).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
  });

  it('sends the webhooks of the hosted page as the faults say (never, here)', async () => {
    await setFaults({ webhook: 'drop' });
    const auth = `O-Bearer ${(await token()).json().access_token}`;
    const { orderId } = (await pay(auth, 'MO3')).json();
    const chosen = await sandbox.app.inject({ method: 'POST', url: `/pay/${orderId}`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'outcome=COMPLETED' });
    expect(chosen.statusCode).toBe(303);
    expect(sandbox.webhooks.records.map((r) => r.outcome)).toEqual(['dropped']);
  });

  it('refuses unknown or out-of-range faults with 400, and reset puts them back to normal', async () => {
    expect((await setFaults({ failEvery: -1 })).statusCode).toBe(400);
    expect((await setFaults({ slow: true })).statusCode).toBe(400);
    await setFaults({ latencyMs: 5, failEvery: 3, webhook: { delayMs: 1000 }, duplicates: 2 });
    expect((await sandbox.app.inject({ method: 'GET', url: '/_sandbox/faults' })).json()).toEqual({ latencyMs: 5, failEvery: 3, webhook: { delayMs: 1000 }, duplicates: 2, refunds: 'complete' });
    await sandbox.app.inject({ method: 'POST', url: '/_sandbox/reset' });
    expect((await sandbox.app.inject({ method: 'GET', url: '/_sandbox/faults' })).json()).toEqual({ latencyMs: 0, failEvery: 0, webhook: 'send', duplicates: 1, refunds: 'complete' });
  });
});
