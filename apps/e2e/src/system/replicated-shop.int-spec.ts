import { eventually, httpClient, newConfirmedShopper, startTestShop, type HttpCall, type TestShop } from '@jalaj/testing';

/**
 * The shop as `JALAJ_REPLICAS=2` and Kubernetes run it (issue #13): two processes of every
 * app, the services sharing their NATS queue groups, the BFF and media behind the local
 * balancer. Both BFF replicas serve; a shopper's cart reads the same whichever replicas
 * answer; a signed-out session is refused by both at once; and killing one replica of the BFF and one of cart (kill -9) fails no later request.
 */
describe('the shop with two replicas of every app (real processes)', () => {
  let shop: TestShop;
  let call: HttpCall;

  beforeAll(async () => {
    shop = await startTestShop({ services: ['identity', 'catalog', 'cart', 'order', 'media'], replicas: 2, bucket: 'photos-replicas-spec' });
    call = httpClient(shop.base);
  }, 180000);

  afterAll(async () => {
    await shop?.stop();
  });

  /** A request on a connection of its own, so the balancer chooses a replica for it. */
  async function fresh(method: string, path: string, token?: string, body?: unknown) {
    const headers: Record<string, string> = { connection: 'close' };
    if (token) headers.authorization = `Bearer ${token}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const r = await fetch(shop.base + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    return { status: r.status, body: (await r.json()) as Record<string, unknown> };
  }

  /** How many GET /api/products requests a replica has answered (its Prometheus counter). */
  async function productReads(opsPort: number): Promise<number> {
    const text = await (await fetch(`http://127.0.0.1:${opsPort}/metrics`)).text();
    const line = text.split('\n').find((l) => l.startsWith('jalaj_http_request_seconds_count{') && l.includes('route="/api/products"') && l.includes('status="200"'));
    return line ? Number(line.split(' ').pop()) : 0;
  }

  it('runs two processes of each app, and both BFF replicas answer through the balancer', async () => {
    for (const name of ['identity', 'catalog', 'cart', 'order', 'media', 'bff'] as const) {
      expect({ name, replicas: shop.apps[name]!.replicas.length }).toEqual({ name, replicas: 2 });
    }
    for (let i = 0; i < 6; i++) expect((await fresh('GET', '/api/products')).status).toBe(200);
    const served = await Promise.all(shop.apps.bff!.replicas.map((r) => productReads(r.opsPort)));
    expect(served.every((n) => n > 0)).toBe(true);
  });

  it('refuses a signed-out session on both BFF replicas, each of which had it in memory, within the hint\'s flight (ADR 051)', async () => {
    const { token, cookie } = await newConfirmedShopper(call, 'signout-replicas');
    // Fresh connections go to the replicas in turn: both check the token, and keep its session's facts.
    for (let i = 0; i < 4; i++) expect((await fresh('GET', '/api/me', token)).status).toBe(200);
    expect((await call('POST', '/api/auth/sign-out', { cookie })).status).toBe(204);
    // The replica that signed it out forgot it itself, the other hears the hint: well within the
    // 10 s a lost hint would leave it remembered.
    const statuses = await eventually(async () => Promise.all([0, 1, 2, 3].map(async () => (await fresh('GET', '/api/me', token)).status)), (all) => all.every((s) => s === 401), 2000);
    expect(statuses).toEqual([401, 401, 401, 401]);
  });

  it('keeps a cart right across replicas, and fails no request after one BFF and one cart replica are killed', async () => {
    const { token } = await newConfirmedShopper(call, 'replicas');
    const products = (await fresh('GET', '/api/products')).body.items as { id: string }[];
    const [first, second] = products;

    expect((await fresh('POST', '/api/cart/items', token, { productId: first.id, quantity: 2 })).status).toBe(200);
    // Each read may come from either BFF replica: both know of the change (change hints).
    await eventually(async () => (await Promise.all([0, 1, 2, 3].map(() => fresh('GET', '/api/cart', token)))).map((r) => r.body.itemCount), (counts) => counts.every((n) => n === 2), 5000);

    const killed = [shop.apps.bff!.replicas[1], shop.apps.cart!.replicas[0]];
    await Promise.all(killed.map((r) => new Promise((resolve) => r.child.once('exit', resolve).kill('SIGKILL'))));

    expect((await fresh('POST', '/api/cart/items', token, { productId: second.id, quantity: 1 })).status).toBe(200);
    for (let i = 0; i < 4; i++) {
      const cart = await fresh('GET', '/api/cart', token);
      expect({ status: cart.status, itemCount: cart.body.itemCount }).toEqual({ status: 200, itemCount: 3 });
    }
  }, 60000);
});
