import { createServer, type IncomingHttpHeaders, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ConfigError } from '@jalaj/server-kit';
import { PhonePeError } from './phonepe-gateway.js';
import { authorizationMatches, parsePhonePeWebhook, PhonePeClient, readOrderStatus, UnconfiguredPhonePe, webhookAuthorization } from './phonepe.client.js';
import { isPhonePeHost, paymentHostCheck, phonePeGateway } from './phonepe.module.js';

interface Call {
  path: string;
  method: string;
  headers: IncomingHttpHeaders;
  body: string;
}

interface Reply {
  status: number;
  text: string;
}

type Handler = (call: Call) => Reply | Promise<Reply>;

const json = (status: number, body: unknown): Reply => ({ status, text: JSON.stringify(body) });

const servers: Server[] = [];

/** A server on the loopback answering with `handle`; its base URL. Closed after each spec. */
async function serve(handle: RequestListener): Promise<string> {
  const server = createServer(handle);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const stop = async (server: Server) => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
};

afterEach(async () => {
  await Promise.all(servers.splice(0).map(stop));
});

/** A fake PhonePe on the loopback: records every call and answers with `handler`. */
async function fakePhonePe(handler: Handler) {
  const calls: Call[] = [];
  const url = await serve((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      const call: Call = { path: req.url ?? '', method: req.method ?? '', headers: req.headers, body };
      calls.push(call);
      void Promise.resolve(call)
        .then(handler)
        .then((reply) => res.writeHead(reply.status, { 'content-type': 'application/json' }).end(reply.text));
    });
  });
  return { url, calls, tokenCalls: () => calls.filter((c) => c.path.endsWith('/v1/oauth/token')) };
}

let clock = 1_700_000_000_000;
const now = () => clock;

/** A token endpoint issuing tok-1, tok-2… valid for `lifeSeconds`. */
function tokens(lifeSeconds = 3600) {
  let n = 0;
  return () => {
    n++;
    const issued = Math.floor(clock / 1000);
    return json(200, { access_token: `tok-${n}`, encrypted_access_token: 'x', issued_at: issued, expires_at: issued + lifeSeconds, token_type: 'O-Bearer' });
  };
}

const status = { orderId: 'OMO1', state: 'PENDING', amount: 12300, expireAt: clock + 900_000, metaInfo: { udf1: 'a' }, paymentDetails: [] };

const options = (baseUrl: string) => ({ baseUrl, clientId: 'cid', clientSecret: 'secret', clientVersion: 1, webhookUsername: 'username', webhookPassword: 'password', now });

async function client(handler: Handler, extra: Partial<ConstructorParameters<typeof PhonePeClient>[0]> = {}) {
  const fake = await fakePhonePe(handler);
  return { client: new PhonePeClient({ ...options(`${fake.url}/apis/pg-sandbox/`), ...extra }), ...fake };
}

const failure = async (p: Promise<unknown>) => {
  try {
    await p;
  } catch (e) {
    if (e instanceof PhonePeError) return { status: e.status, code: e.code, message: e.message };
    throw e;
  }
  throw new Error('expected a PhonePeError');
};

describe('PhonePeClient', () => {
  beforeEach(() => {
    clock = 1_700_000_000_000;
  });

  it('fetches a token with the client credentials form and sends it as O-Bearer', async () => {
    const token = tokens();
    const { client: c, calls } = await client((call) => (call.path.endsWith('/v1/oauth/token') ? token() : json(200, status)));
    await c.orderStatus('MO1_a');
    expect(calls[0].path).toBe('/apis/pg-sandbox/v1/oauth/token');
    expect(calls[0].method).toBe('POST');
    expect(calls[0].headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(calls[0].body))).toEqual({ client_id: 'cid', client_version: '1', client_secret: 'secret', grant_type: 'client_credentials' });
    expect(calls[1].path).toBe('/apis/pg-sandbox/checkout/v2/order/MO1_a/status?details=false&errorContext=true');
    expect(calls[1].headers.authorization).toBe('O-Bearer tok-1');
  });

  it('asks the token host when one is configured', async () => {
    const token = tokens();
    const identity = await fakePhonePe(() => token());
    const { client: c, calls } = await client(() => json(200, status), { tokenUrl: `${identity.url}/identity-manager` });
    await c.orderStatus('MO1');
    expect(identity.calls.map((x) => x.path)).toEqual(['/identity-manager/v1/oauth/token']);
    expect(calls).toHaveLength(1);
    expect(calls[0].path.startsWith('/apis/pg-sandbox/checkout/')).toBe(true);
    expect(calls[0].headers.authorization).toBe('O-Bearer tok-1');
  });

  it('reuses the token until half its life has passed, then renews it', async () => {
    const token = tokens(3600);
    const { client: c, calls, tokenCalls } = await client((call) => (call.path.endsWith('/v1/oauth/token') ? token() : json(200, status)));
    await c.orderStatus('MO1');
    clock += 1799_000;
    await c.orderStatus('MO1');
    expect(tokenCalls()).toHaveLength(1);
    clock += 2_000;
    await c.orderStatus('MO1');
    expect(tokenCalls()).toHaveLength(2);
    expect(calls.at(-1)!.headers.authorization).toBe('O-Bearer tok-2');
  });

  it('lets concurrent callers share one token request', async () => {
    const token = tokens();
    const { client: c, tokenCalls } = await client(async (call) => {
      if (!call.path.endsWith('/v1/oauth/token')) return json(200, status);
      await new Promise((r) => setTimeout(r, 20));
      return token();
    });
    await Promise.all(Array.from({ length: 10 }, () => c.orderStatus('MO1')));
    expect(tokenCalls()).toHaveLength(1);
  });

  it('renews the token once on a 401 and retries the call once', async () => {
    const token = tokens();
    const { client: c, calls, tokenCalls } = await client((call) => {
      if (call.path.endsWith('/v1/oauth/token')) return token();
      return call.headers.authorization === 'O-Bearer tok-1' ? json(401, { code: 'AUTHORIZATION_FAILED', message: 'expired' }) : json(200, status);
    });
    expect((await c.orderStatus('MO1')).state).toBe('PENDING');
    expect(tokenCalls()).toHaveLength(2);
    expect(calls.filter((x) => !x.path.endsWith('/token'))).toHaveLength(2);
  });

  it('gives up after one retry when the renewed token is refused too', async () => {
    const token = tokens();
    const { client: c, calls, tokenCalls } = await client((call) => (call.path.endsWith('/v1/oauth/token') ? token() : json(401, { errorCode: 'AUTHORIZATION_FAILED', message: 'nope' })));
    expect(await failure(c.orderStatus('MO1'))).toEqual({ status: 401, code: 'AUTHORIZATION_FAILED', message: 'nope' });
    expect(tokenCalls()).toHaveLength(2);
    expect(calls).toHaveLength(4);
  });

  it('sends the pay body PhonePe expects and reads the reply', async () => {
    const token = tokens();
    const { client: c, calls } = await client((call) =>
      call.path.endsWith('/v1/oauth/token') ? token() : json(200, { orderId: 'OMO123', state: 'PENDING', expireAt: 1_700_000_900_000, redirectUrl: 'http://pay.test/pay/OMO123', extra: true }),
    );
    const reply = await c.pay({ merchantOrderId: 'MO1_ab', amountPaise: 12_300, expireAfterSeconds: 900, redirectUrl: 'http://shop/return/MO1_ab', message: 'Jalaj', metaInfo: { udf1: 'u' } });
    expect(reply).toEqual({ orderId: 'OMO123', state: 'PENDING', expireAt: 1_700_000_900_000, redirectUrl: 'http://pay.test/pay/OMO123' });
    expect(calls[1].method).toBe('POST');
    expect(calls[1].path).toBe('/apis/pg-sandbox/checkout/v2/pay');
    expect(JSON.parse(calls[1].body)).toEqual({
      merchantOrderId: 'MO1_ab',
      amount: 12_300,
      expireAfter: 900,
      metaInfo: { udf1: 'u' },
      paymentFlow: { type: 'PG_CHECKOUT', message: 'Jalaj', merchantUrls: { redirectUrl: 'http://shop/return/MO1_ab' } },
    });
  });

  it('refuses a pay reply without a redirectUrl', async () => {
    const token = tokens();
    const { client: c } = await client((call) => (call.path.endsWith('/v1/oauth/token') ? token() : json(200, { orderId: 'OMO1', state: 'PENDING' })));
    expect((await failure(c.pay({ merchantOrderId: 'M', amountPaise: 100, expireAfterSeconds: 300, redirectUrl: 'http://x' }))).code).toBe('INVALID_RESPONSE');
  });

  it('calls refund and refund status', async () => {
    const token = tokens();
    const { client: c, calls } = await client((call) => {
      if (call.path.endsWith('/v1/oauth/token')) return token();
      if (call.method === 'POST') return json(200, { refundId: 'OMR1', amount: 500, state: 'PENDING' });
      return json(200, { merchantRefundId: 'R1', originalMerchantOrderId: 'MO1', amount: 500, state: 'COMPLETED' });
    });
    expect(await c.refund({ merchantRefundId: 'R1', originalMerchantOrderId: 'MO1', amountPaise: 500 })).toEqual({ refundId: 'OMR1', state: 'PENDING', amountPaise: 500 });
    expect(JSON.parse(calls[1].body)).toEqual({ merchantRefundId: 'R1', originalMerchantOrderId: 'MO1', amount: 500 });
    expect(calls[1].path).toBe('/apis/pg-sandbox/payments/v2/refund');
    expect(await c.refundStatus('R1')).toEqual({ refundId: null, state: 'COMPLETED', amountPaise: 500 });
    expect(calls[2].path).toBe('/apis/pg-sandbox/payments/v2/refund/R1/status');
  });

  it('maps error replies to PhonePeError with code or errorCode and the message', async () => {
    const token = tokens();
    let reply: Reply = json(400, { code: 'BAD_REQUEST', message: 'amount too small', data: {} });
    const { client: c } = await client((call) => (call.path.endsWith('/v1/oauth/token') ? token() : reply));
    expect(await failure(c.orderStatus('MO1'))).toEqual({ status: 400, code: 'BAD_REQUEST', message: 'amount too small' });
    reply = json(409, { errorCode: 'ORDER_ALREADY_EXISTS', message: 'exists', context: {} });
    expect(await failure(c.orderStatus('MO1'))).toEqual({ status: 409, code: 'ORDER_ALREADY_EXISTS', message: 'exists' });
    reply = { status: 502, text: '<html>Bad gateway</html>' };
    expect(await failure(c.orderStatus('MO1'))).toEqual({ status: 502, code: null, message: 'PhonePe answered HTTP 502' });
    reply = { status: 200, text: 'not json' };
    expect((await failure(c.orderStatus('MO1'))).code).toBe('INVALID_RESPONSE');
  });

  it('keeps PhonePe’s data or context object on the error', async () => {
    const token = tokens();
    let reply: Reply = json(400, { code: 'BAD_REQUEST', message: 'amount too small', data: { field: 'amount', minimum: 100 } });
    const { client: c } = await client((call) => (call.path.endsWith('/v1/oauth/token') ? token() : reply));
    const dataOf = (p: Promise<unknown>) => p.then(() => 'accepted', (e: unknown) => (e instanceof PhonePeError ? e.data : e));
    expect(await dataOf(c.orderStatus('MO1'))).toEqual({ field: 'amount', minimum: 100 });
    reply = json(417, { errorCode: 'REFUND_NOT_ALLOWED', message: 'no', context: { merchantOrderId: 'MO1' } });
    expect(await dataOf(c.refund({ merchantRefundId: 'R1', originalMerchantOrderId: 'MO1', amountPaise: 100 }))).toEqual({ merchantOrderId: 'MO1' });
    reply = json(500, { code: 'INTERNAL_SERVER_ERROR', message: 'x', data: 'not an object' });
    expect(await dataOf(c.orderStatus('MO1'))).toBeNull();
  });

  it('maps a refused token request to PhonePeError', async () => {
    const { client: c } = await client(() => json(401, { code: 'INVALID_CLIENT', message: 'bad credentials' }));
    expect(await failure(c.orderStatus('MO1'))).toEqual({ status: 401, code: 'INVALID_CLIENT', message: 'bad credentials' });
  });

  it('maps a refused connection to status 0, naming the cause', async () => {
    const url = await serve(() => {});
    await stop(servers.pop()!);
    const c = new PhonePeClient({ ...options(url), timeoutMs: 2_000 });
    const e = await failure(c.orderStatus('MO1'));
    expect(e).toMatchObject({ status: 0, code: null });
    expect(e.message).toMatch(/^PhonePe is not reachable: .*ECONNREFUSED/);
  });

  it('maps an answer broken off midway to status 0, not to a timeout', async () => {
    const url = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
      res.write('{"access_token":', () => res.destroy());
    });
    const e = await failure(new PhonePeClient({ ...options(url), timeoutMs: 2_000 }).orderStatus('MO1'));
    expect(e).toMatchObject({ status: 0, code: null });
    expect(e.message).toMatch(/^PhonePe is not reachable: /);
  });

  it('times out for real, over HTTP, against a PhonePe that never answers', async () => {
    const url = await serve(() => {});
    const c = new PhonePeClient({ ...options(url), timeoutMs: 30 });
    expect(await failure(c.orderStatus('MO1'))).toEqual({ status: 0, code: null, message: 'PhonePe did not answer within 30 ms' });
  });

  it('times out when the whole answer takes longer than the timeout, though its start came in time', async () => {
    const url = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"access_token":');
    });
    const c = new PhonePeClient({ ...options(url), timeoutMs: 50 });
    expect(await failure(c.orderStatus('MO1'))).toEqual({ status: 0, code: null, message: 'PhonePe did not answer within 50 ms' });
  });
});

describe('reading PhonePe tolerantly', () => {
  it('reads an order status, ignoring unknown fields and keeping states opaque', () => {
    const s = readOrderStatus({
      orderId: 'OMO1',
      state: 'EXPIRED',
      amount: 100,
      expireAt: 5,
      metaInfo: { udf1: 'x', udf2: 3 },
      errorCode: 'TXN_AUTO_FAILED',
      somethingNew: { a: 1 },
      paymentDetails: [{ transactionId: 'OM1', paymentMode: 'UPI_INTENT', timestamp: 4, amount: 100, state: 'FAILED', errorCode: 'ZA', detailedErrorCode: 'ZA', rail: { utr: '1' } }, 'junk'],
    });
    expect(s).toEqual({
      orderId: 'OMO1',
      state: 'EXPIRED',
      amountPaise: 100,
      expireAt: 5,
      errorCode: 'TXN_AUTO_FAILED',
      detailedErrorCode: null,
      metaInfo: { udf1: 'x' },
      paymentDetails: [{ transactionId: 'OM1', paymentMode: 'UPI_INTENT', timestamp: 4, amountPaise: 100, state: 'FAILED', errorCode: 'ZA', detailedErrorCode: 'ZA' }],
    });
    expect(readOrderStatus({})).toMatchObject({ state: 'UNKNOWN', amountPaise: 0, paymentDetails: [], metaInfo: {} });
  });

  it('parses webhooks by event, and nothing that lacks one', () => {
    expect(parsePhonePeWebhook({ event: 'checkout.order.completed', type: 'CHECKOUT_ORDER_COMPLETED', payload: { merchantOrderId: 'MO1', state: 'COMPLETED', new: 1 } })).toEqual({
      event: 'checkout.order.completed',
      merchantOrderId: 'MO1',
      merchantRefundId: null,
      state: 'COMPLETED',
    });
    expect(parsePhonePeWebhook({ event: 'pg.refund.completed', payload: { merchantRefundId: 'R1', originalMerchantOrderId: 'MO1', state: 'COMPLETED' } })).toEqual({
      event: 'pg.refund.completed',
      merchantOrderId: 'MO1',
      merchantRefundId: 'R1',
      state: 'COMPLETED',
    });
    expect(parsePhonePeWebhook({ event: 'x' })).toEqual({ event: 'x', merchantOrderId: null, merchantRefundId: null, state: null });
    for (const junk of [null, undefined, 'event', 42, [], {}, { event: 1 }, { event: '' }, { type: 'CHECKOUT_ORDER_COMPLETED' }]) expect(parsePhonePeWebhook(junk)).toBeNull();
  });
});

describe('webhook authorization', () => {
  it('is the lowercase hex SHA-256 of username:password (PhonePe test vector)', () => {
    expect(webhookAuthorization('username', 'password')).toBe('bc842c31a9e54efe320d30d948be61291f3ceee4766e36ab25fa65243cd76e0e');
  });

  it('accepts only the matching header', () => {
    const c = new PhonePeClient(options('http://pg.test'));
    expect(c.verifyWebhookAuthorization('bc842c31a9e54efe320d30d948be61291f3ceee4766e36ab25fa65243cd76e0e')).toBe(true);
    expect(c.verifyWebhookAuthorization('BC842C31A9E54EFE320D30D948BE61291F3CEEE4766E36AB25FA65243CD76E0E')).toBe(true);
    expect(c.verifyWebhookAuthorization('bc842c31a9e54efe320d30d948be61291f3ceee4766e36ab25fa65243cd76e0f')).toBe(false);
    expect(c.verifyWebhookAuthorization('bc842c')).toBe(false);
    expect(c.verifyWebhookAuthorization('')).toBe(false);
    expect(c.verifyWebhookAuthorization(undefined)).toBe(false);
    expect(c.verifyWebhookAuthorization('SHA256 bc842c31a9e54efe320d30d948be61291f3ceee4766e36ab25fa65243cd76e0e')).toBe(false);
    expect(authorizationMatches('x'.repeat(600), webhookAuthorization('username', 'password'))).toBe(false);
  });
});

describe('phonePeGateway (the provider)', () => {
  const full = {
    NODE_ENV: 'production' as const,
    DEMO_PAYMENTS: 'false' as const,
    PHONEPE_BASE_URL: 'https://api.phonepe.com/apis/pg',
    PHONEPE_TOKEN_URL: 'https://api.phonepe.com/apis/identity-manager',
    PHONEPE_CLIENT_ID: 'cid',
    PHONEPE_CLIENT_SECRET: 's',
    PHONEPE_CLIENT_VERSION: 1,
    PHONEPE_WEBHOOK_USERNAME: 'u',
    PHONEPE_WEBHOOK_PASSWORD: 'p',
  };

  it('builds the HTTP client from a complete configuration', () => {
    expect(phonePeGateway(full)).toBeInstanceOf(PhonePeClient);
  });

  it('refuses a payment host that is not PhonePe’s in production, naming the variable', () => {
    expect(() => phonePeGateway({ ...full, PHONEPE_BASE_URL: 'http://phonepe-sandbox:8086' })).toThrow(ConfigError);
    expect(() => phonePeGateway({ ...full, PHONEPE_BASE_URL: 'http://phonepe-sandbox:8086' })).toThrow(/PHONEPE_BASE_URL: must be PhonePe's https host[\s\S]*DEMO_PAYMENTS=true/);
    expect(() => phonePeGateway({ ...full, PHONEPE_TOKEN_URL: 'https://phonepe.com.evil.test/apis' })).toThrow(/PHONEPE_TOKEN_URL/);
    expect(phonePeGateway({ ...full, PHONEPE_BASE_URL: 'https://api-preprod.phonepe.com/apis/pg-sandbox', PHONEPE_TOKEN_URL: undefined })).toBeInstanceOf(PhonePeClient);
  });

  it('pays through another host in production only when DEMO_PAYMENTS=true, with a warning', () => {
    const demo = { ...full, DEMO_PAYMENTS: 'true' as const, PHONEPE_BASE_URL: 'http://phonepe-sandbox:8086', PHONEPE_TOKEN_URL: 'http://phonepe-sandbox:8086' };
    expect(phonePeGateway(demo)).toBeInstanceOf(PhonePeClient);
    expect(paymentHostCheck(demo)).toEqual({ warning: expect.stringContaining('not PhonePe') });
    expect(paymentHostCheck(full)).toBeNull();
    expect(paymentHostCheck({ ...demo, NODE_ENV: 'development', DEMO_PAYMENTS: 'false' })).toBeNull();
  });

  it('knows PhonePe’s hosts: https on phonepe.com only', () => {
    expect(['https://api.phonepe.com/apis/pg', 'https://api-preprod.phonepe.com/apis/pg-sandbox'].map(isPhonePeHost)).toEqual([true, true]);
    expect(['http://api.phonepe.com/apis/pg', 'https://phonepe.com.example/x', 'https://notphonepe.com', 'http://127.0.0.1:8086', 'not a url'].map(isPhonePeHost)).toEqual([false, false, false, false, false]);
  });

  it('refuses production without the required variables, naming them', () => {
    expect(() => phonePeGateway({ ...full, PHONEPE_CLIENT_SECRET: undefined, PHONEPE_WEBHOOK_PASSWORD: undefined })).toThrow(ConfigError);
    expect(() => phonePeGateway({ ...full, PHONEPE_CLIENT_SECRET: undefined, PHONEPE_WEBHOOK_PASSWORD: undefined })).toThrow(/PHONEPE_CLIENT_SECRET[\s\S]*PHONEPE_WEBHOOK_PASSWORD/);
  });

  it('outside production, fails every call with NOT_CONFIGURED and accepts no webhook', async () => {
    const g = phonePeGateway({ ...full, NODE_ENV: 'development', PHONEPE_BASE_URL: undefined });
    expect(g).toBeInstanceOf(UnconfiguredPhonePe);
    expect(await failure(g.orderStatus('MO1'))).toEqual({ status: 0, code: 'NOT_CONFIGURED', message: 'PhonePe is not configured' });
    expect(await failure(g.pay({ merchantOrderId: 'M', amountPaise: 100, expireAfterSeconds: 300, redirectUrl: 'http://x' }))).toMatchObject({ code: 'NOT_CONFIGURED' });
    expect(await failure(g.refund({ merchantRefundId: 'R', originalMerchantOrderId: 'M', amountPaise: 100 }))).toMatchObject({ code: 'NOT_CONFIGURED' });
    expect(await failure(g.refundStatus('R'))).toMatchObject({ code: 'NOT_CONFIGURED' });
    expect(g.verifyWebhookAuthorization(webhookAuthorization('u', 'p'))).toBe(false);
  });
});
