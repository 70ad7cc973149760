import { randomUUID } from 'node:crypto';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { eventually, httpClient, newConfirmedShopper, startTestShop, TEST_ADMIN, type HttpCall, type HttpReply, type TestShop } from '@jalaj/testing';

/**
 * Idempotent commands through the BFF with real identity, catalog, cart and BFF processes
 * (ADR 012): a state-changing request repeated with its `Idempotency-Key` returns the first
 * outcome and takes effect once; a command that gets no answer is `OUTCOME_UNKNOWN`.
 */
describe('idempotent commands through the BFF (real processes)', () => {
  let shop: TestShop;
  let base = '';
  let adminToken = '';

  beforeAll(async () => {
    shop = await startTestShop({ services: ['identity', 'catalog', 'cart'] });
    base = shop.base;
    adminToken = (await call('POST', '/api/auth/sign-in', { body: TEST_ADMIN })).body.accessToken;
  }, 120000);

  afterAll(() => shop?.stop(), 30000);

  const call: HttpCall = (method, path, opts) => httpClient(base)(method, path, opts);

  /** A request as the web client sends it: bearer token, JSON body and an Idempotency-Key. */
  async function send(method: string, path: string, opts: { token: string; key?: string; body?: unknown }): Promise<HttpReply> {
    const headers: Record<string, string> = { authorization: `Bearer ${opts.token}` };
    if (opts.body !== undefined) headers['content-type'] = 'application/json';
    if (opts.key !== undefined) headers['idempotency-key'] = opts.key;
    const r = await fetch(base + path, { method, headers, body: opts.body === undefined ? undefined : JSON.stringify(opts.body) });
    const text = await r.text();
    return { status: r.status, body: text ? JSON.parse(text) : null };
  }

  const shopper = () => newConfirmedShopper(call, 'idem');
  let seq = 0;
  async function newProduct(stockQuantity = 10) {
    const body = { name: `Idempotent plant ${Date.now()}-${++seq}`, description: 'For the idempotency spec', price: '100.00', stockQuantity, category: 'midground', imageUrls: [] };
    return (await call('POST', '/api/admin/products', { token: adminToken, body })).body as { id: string; name: string };
  }
  const cartOf = async (token: string) => (await call('GET', '/api/cart', { token })).body as { lines: { id: string; productId: string; quantity: number }[] };

  it('adds to the cart once when the same POST is sent twice with one key, and answers both alike', async () => {
    const { token } = await shopper();
    const p = await newProduct();
    const key = randomUUID();
    const first = await send('POST', '/api/cart/items', { token, key, body: { productId: p.id, quantity: 2 } });
    const again = await send('POST', '/api/cart/items', { token, key, body: { productId: p.id, quantity: 2 } });
    expect(first).toMatchObject({ status: 200, body: { title: 'Added to Cart', message: '2 items successfully added to your cart' } });
    expect(again).toEqual(first);
    expect((await cartOf(token)).lines).toMatchObject([{ productId: p.id, quantity: 2 }]);

    // A new key is a new action: it adds again.
    const next = await send('POST', '/api/cart/items', { token, key: randomUUID(), body: { productId: p.id, quantity: 2 } });
    expect(next.body).toMatchObject({ title: 'Updated Cart' });
    expect((await cartOf(token)).lines[0]!.quantity).toBe(4);
  });

  it('refuses the same key with a different body as IDEMPOTENCY_CONFLICT (409)', async () => {
    const { token } = await shopper();
    const p = await newProduct();
    const key = randomUUID();
    await send('POST', '/api/cart/items', { token, key, body: { productId: p.id, quantity: 1 } });
    const other = await send('POST', '/api/cart/items', { token, key, body: { productId: p.id, quantity: 3 } });
    expect(other).toMatchObject({ status: 409, body: { status: 409, code: 'IDEMPOTENCY_CONFLICT' } });
    expect((await cartOf(token)).lines[0]!.quantity).toBe(1);
  });

  it('takes effect once when identical requests arrive at the same time', async () => {
    const { token } = await shopper();
    const p = await newProduct();
    const key = randomUUID();
    const replies = await Promise.all(Array.from({ length: 4 }, () => send('POST', '/api/cart/items', { token, key, body: { productId: p.id, quantity: 1 } })));
    expect(replies.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    for (const r of replies) expect(r.body).toEqual(replies[0]!.body);
    expect((await cartOf(token)).lines).toMatchObject([{ productId: p.id, quantity: 1 }]);
  });

  it("keeps another shopper's identical key apart", async () => {
    const a = await shopper();
    const b = await shopper();
    const p = await newProduct();
    const key = randomUUID();
    const fromA = await send('POST', '/api/cart/items', { token: a.token, key, body: { productId: p.id, quantity: 1 } });
    const fromB = await send('POST', '/api/cart/items', { token: b.token, key, body: { productId: p.id, quantity: 1 } });
    expect(fromA.status).toBe(200);
    expect(fromB.status).toBe(200);
    expect(fromB.body.cart.lines[0].id).not.toBe(fromA.body.cart.lines[0].id);
    expect((await cartOf(a.token)).lines).toHaveLength(1);
    expect((await cartOf(b.token)).lines).toMatchObject([{ productId: p.id, quantity: 1 }]);
  });

  it('answers a repeated removal with its first outcome, not with "not found"', async () => {
    const { token } = await shopper();
    const p = await newProduct();
    const line = (await send('POST', '/api/cart/items', { token, key: randomUUID(), body: { productId: p.id, quantity: 1 } })).body.cart.lines[0];
    const key = randomUUID();
    const first = await send('DELETE', `/api/cart/items/${line.id}`, { token, key });
    const again = await send('DELETE', `/api/cart/items/${line.id}`, { token, key });
    expect(first).toMatchObject({ status: 200, body: { title: 'Removed from Cart' } });
    expect(again).toEqual(first);
    // Without a key, a repeat is a new request.
    expect((await send('DELETE', `/api/cart/items/${line.id}`, { token })).status).toBe(404);
  });

  it('creates one address when the create is retried', async () => {
    const { token } = await shopper();
    const home = { nickname: 'Home', fullName: 'Asha Roy', phone: '9830012345', addressLine1: '12 Park Street', city: 'Kolkata', state: 'West Bengal', postalCode: '700016', addressType: 'both' };
    const key = randomUUID();
    const first = await send('POST', '/api/me/addresses', { token, key, body: home });
    const retried = await send('POST', '/api/me/addresses', { token, key, body: home });
    expect(first).toMatchObject({ status: 201, body: { isDefaultShipping: true, isDefaultBilling: true } });
    expect(retried).toEqual(first);
    expect((await call('GET', '/api/me/addresses', { token })).body.items).toHaveLength(1);
  });

  it('answers a retried role change with its first outcome, not with "already an admin"', async () => {
    const { email } = await shopper();
    const key = randomUUID();
    const first = await send('POST', '/api/admin/admins', { token: adminToken, key, body: { email } });
    const retried = await send('POST', '/api/admin/admins', { token: adminToken, key, body: { email } });
    expect(first).toMatchObject({ status: 200, body: { message: 'Successfully made the given email an admin' } });
    expect(retried).toEqual(first);
    // A new request (a new key) is a new command: now it is refused.
    expect(await send('POST', '/api/admin/admins', { token: adminToken, key: randomUUID(), body: { email } })).toMatchObject({ status: 409, body: { code: 'ALREADY_ADMIN' } });
    const removeKey = randomUUID();
    const removed = await send('DELETE', `/api/admin/admins/${encodeURIComponent(email)}`, { token: adminToken, key: removeKey });
    expect(removed.status).toBe(200);
    expect(await send('DELETE', `/api/admin/admins/${encodeURIComponent(email)}`, { token: adminToken, key: removeKey })).toEqual(removed);
  });

  it("creates one product when an admin's create is retried", async () => {
    const name = `Retried plant ${Date.now()}`;
    const body = { name, description: 'Sent twice', price: '120.00', stockQuantity: 3, category: 'midground', imageUrls: [] };
    const key = randomUUID();
    const first = await send('POST', '/api/admin/products', { token: adminToken, key, body });
    const retried = await send('POST', '/api/admin/products', { token: adminToken, key, body });
    expect(first.status).toBe(201);
    expect(retried).toEqual(first);
    const all = (await call('GET', '/api/admin/products', { token: adminToken })).body.items as { name: string }[];
    expect(all.filter((p) => p.name === name)).toHaveLength(1);
  });

  it('refuses a malformed key with a 400 problem before doing anything', async () => {
    const { token } = await shopper();
    const p = await newProduct();
    for (const key of ['short', 'k'.repeat(129), 'has space in it']) {
      const reply = await send('POST', '/api/cart/items', { token, key, body: { productId: p.id, quantity: 1 } });
      expect(reply).toMatchObject({ status: 400, body: { code: 'VALIDATION_FAILED' } });
    }
    expect((await cartOf(token)).lines).toEqual([]);
  });

  describe('when the cart service takes the request and never answers', () => {
    let nc: NatsConnection;
    const heard: { subject: string; commandId: string | undefined }[] = [];

    beforeAll(async () => {
      await shop.apps.cart!.stop();
      nc = await connect({ servers: process.env.NATS_URL! });
      // A stand-in in the cart's queue group that swallows every request.
      nc.subscribe('rpc.cart.items.>', { queue: 'cart', callback: (_err, msg) => void heard.push({ subject: msg.subject, commandId: msg.headers?.get('x-command-id') || undefined }) });
      await nc.flush();
    }, 30000);

    afterAll(async () => {
      await nc?.drain();
    });

    it('answers a command OUTCOME_UNKNOWN (504) and a query UNAVAILABLE (503)', async () => {
      const { token, user } = await shopper();
      const key = randomUUID();
      const [command, query] = await Promise.all([
        send('POST', '/api/cart/items', { token, key, body: { productId: 'prd_any', quantity: 1 } }),
        send('GET', '/api/cart', { token }),
      ]);
      expect(command).toMatchObject({ status: 504, body: { status: 504, code: 'OUTCOME_UNKNOWN' } });
      expect(query).toMatchObject({ status: 503, body: { code: 'UNAVAILABLE' } });
      // The key travelled down as the actor-scoped command id.
      const add = await eventually(() => heard.find((h) => h.subject === 'rpc.cart.items.add'), Boolean);
      expect(add!.commandId).toBe(`${user.id}/${key}`);
      expect(heard.find((h) => h.subject === 'rpc.cart.items.list')!.commandId).toBeUndefined();
    }, 30000);
  });
});
