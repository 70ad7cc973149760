import { connect } from '@nats-io/transport-node';
import { jetstream } from '@nats-io/jetstream';
import { newId, type AdminProduct, type EventData, type EventEnvelope } from '@jalaj/contracts';
import { freePort, startApp, type AppHandle } from '@jalaj/local-platform';
import { RpcClient } from '@jalaj/server-kit';
import { eventPublisher, eventually, integrationEnv, signUpOverRpc, testDatabaseUrl, type EventPublisher } from '@jalaj/testing';
import pg from 'pg';

/** Identity's durable consumer of the back-in-stock event (apps/identity/src/stock-alerts). */
const MAIL_CONSUMER = 'identity-product-back-in-stock';
const SHOP = 'https://jalaj.test';

type BackInStock = EventData<'evt.catalog.product.back-in-stock.v1'>;

/**
 * Back-in-stock alerts across two real processes (issue #41, ADR 077): shoppers ask
 * catalog to be told when a sold-out plant is back; the change that raises its stock from
 * 0 uses their requests up and writes the event in its transaction; identity mails each of
 * them once, through the inbox and the mail queue — also when identity and catalog were
 * restarted in between and the event came twice.
 */
describe('back-in-stock alerts: catalog → outbox → JetStream → identity mails (real processes)', () => {
  const catalogDb = testDatabaseUrl('catalog');
  const identityDb = testDatabaseUrl('identity');
  const admin = { id: 'usr_spec_admin', role: 'admin' as const };
  let catalog: AppHandle;
  let identity: AppHandle;
  let catalogPort: number;
  let identityPort: number;
  let rpc: RpcClient;
  let events: EventPublisher;

  const startCatalog = () => startApp('catalog', { env: { ...integrationEnv(), DATABASE_URL: catalogDb }, port: catalogPort });
  const startIdentity = () => startApp('identity', { env: { ...integrationEnv(), DATABASE_URL: identityDb, PUBLIC_URL: SHOP }, port: identityPort });
  const query = async <R = Record<string, unknown>>(url: string, sql: string, params: unknown[] = []): Promise<R[]> => {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    try {
      return (await c.query(sql, params)).rows as R[];
    } finally {
      await c.end();
    }
  };

  beforeAll(async () => {
    [catalogPort, identityPort] = [await freePort(), await freePort()];
    [catalog, identity] = await Promise.all([startCatalog(), startIdentity()]);
    rpc = RpcClient.standalone({ url: process.env.NATS_URL!, name: 'back-in-stock-spec' });
    events = await eventPublisher();
  }, 90000);

  afterAll(async () => {
    await events?.close();
    await rpc?.close();
    await identity?.stop();
    await catalog?.stop();
  });

  async function shopper() {
    const { userId, email } = await signUpOverRpc(rpc);
    return { actor: { id: userId, role: 'user' as const }, email };
  }

  async function plant(stockQuantity: number): Promise<AdminProduct> {
    const reply = await rpc.request('rpc.catalog.products.create', { actor: admin, product: { name: `Rotala ${newId('p').slice(-6)}`, description: 'For the alerts spec', price: '90.00', stockQuantity, category: 'background', imageUrls: [] } });
    if (!reply.ok) throw new Error(JSON.stringify(reply.error));
    return reply.data;
  }

  /** The admin's save of the product with a new stock, over the version it last saw. */
  async function setStock(product: AdminProduct, stockQuantity: number): Promise<AdminProduct> {
    const { id, name, description, version, stockQuantity: loaded } = product;
    const reply = await rpc.request('rpc.catalog.products.update', { actor: admin, id, product: { name, description, price: '90.00', stockQuantity, category: 'background', imageUrls: [], version, loadedStockQuantity: loaded } });
    if (!reply.ok) throw new Error(JSON.stringify(reply.error));
    return reply.data;
  }

  const notify = (actor: { id: string; role: 'user' }, productId: string) => rpc.request('rpc.catalog.stock-alerts.create', { actor, productId });
  const waitingFor = async (actor: { id: string; role: 'user' }) => {
    const reply = await rpc.request('rpc.catalog.stock-alerts.list', { actor });
    if (!reply.ok) throw new Error(JSON.stringify(reply.error));
    return reply.data.productIds;
  };
  /** Every back-in-stock mail queued to `email` (sent or not yet: a second one would be a second mail). */
  const mailsTo = (email: string) =>
    query<{ subject: string; text: string; links: string[] }>(identityDb, "select subject, text, links from messages where recipient = $1 and subject like '% is back in stock at Jalaj' order by created_at", [email]);
  const waiting = async (productId: string) => {
    const reply = await rpc.request('rpc.catalog.products.admin-page', { actor: admin, query: { sort: 'newest', page: 1, pageSize: 100 } });
    if (!reply.ok) throw new Error(JSON.stringify(reply.error));
    return reply.data.alertsWaiting[productId] ?? 0;
  };
  const backInStockEvents = (productId: string) =>
    query<{ envelope: EventEnvelope<BackInStock> }>(catalogDb, "select envelope from outbox_message where subject = 'evt.catalog.product.back-in-stock.v1' and envelope->'data'->>'productId' = $1", [productId]);

  it('mails each waiting shopper once when the stock goes from 0 to more, and uses their requests up', async () => {
    const soldOut = await plant(0);
    const inStock = await plant(4);
    const [a, b, c] = [await shopper(), await shopper(), await shopper()];

    expect(await notify(a.actor, soldOut.id)).toEqual({ ok: true, data: { productIds: [soldOut.id] } });
    expect(await notify(b.actor, soldOut.id)).toMatchObject({ ok: true });
    // Asking again changes nothing; a plant in stock, or none, cannot be waited for.
    expect(await notify(a.actor, soldOut.id)).toEqual({ ok: true, data: { productIds: [soldOut.id] } });
    expect(await notify(c.actor, inStock.id)).toEqual({ ok: false, error: { code: 'PRODUCT_IN_STOCK', data: { productId: inStock.id, stockQuantity: 4 } } });
    expect(await notify(c.actor, 'prd_none')).toMatchObject({ ok: false, error: { code: 'PRODUCT_NOT_FOUND' } });
    // C asks and takes it back: C is not mailed.
    expect(await notify(c.actor, soldOut.id)).toMatchObject({ ok: true });
    expect(await rpc.request('rpc.catalog.stock-alerts.delete', { actor: c.actor, productId: soldOut.id })).toEqual({ ok: true, data: { productIds: [] } });
    expect(await waiting(soldOut.id)).toBe(2);

    const restocked = await setStock(soldOut, 3);
    for (const s of [a, b]) {
      const [mail] = await eventually(() => mailsTo(s.email), (m) => m.length === 1);
      expect(mail!.subject).toBe(`${soldOut.name} is back in stock at Jalaj`);
      expect(mail!.links).toEqual([`${SHOP}/product/${soldOut.id}`]);
    }
    expect(await waitingFor(a.actor)).toEqual([]);
    expect(await waitingFor(b.actor)).toEqual([]);
    expect(await waiting(soldOut.id)).toBe(0);

    // More stock on top of stock is no news; nor is a restock nobody waits for.
    const more = await setStock(restocked, 5);
    await setStock(await setStock(more, 0), 2);
    await events.consumed(MAIL_CONSUMER);
    expect((await mailsTo(a.email)).length).toBe(1);
    expect((await mailsTo(b.email)).length).toBe(1);
    expect(await mailsTo(c.email)).toEqual([]);
    expect((await backInStockEvents(soldOut.id)).map((r) => r.envelope.data.userIds.sort())).toEqual([[a.actor.id, b.actor.id].sort()]);
  });

  it('mails the shopper of a plant a released hold brings back once, though identity and catalog restarted in between and the event came twice', async () => {
    const lastOne = await plant(1);
    const reservationId = newId('res');
    expect(await rpc.request('rpc.catalog.stock.reserve', { orderNumber: 'SPEC0001', reservationId, lines: [{ productId: lastOne.id, quantity: 1 }], ttlSeconds: 900 })).toMatchObject({ ok: true });
    const d = await shopper();
    expect(await notify(d.actor, lastOne.id)).toMatchObject({ ok: true });

    // Identity is down when the hold is released; catalog restarts before identity is back.
    await identity.stop();
    expect(await rpc.request('rpc.catalog.stock.release', { reservationId })).toEqual({ ok: true, data: { reservationId, status: 'released' } });
    const [row] = await eventually(() => backInStockEvents(lastOne.id), (r) => r.length === 1);
    expect(row!.envelope.data).toMatchObject({ productId: lastOne.id, stockQuantity: 1, userIds: [d.actor.id] });
    await catalog.stop();
    catalog = await startCatalog();
    identity = await startIdentity();

    const [mail] = await eventually(() => mailsTo(d.email), (m) => m.length === 1);
    expect(mail!.text).toContain(`${lastOne.name} is back in stock`);
    expect(mail!.links).toEqual([`${SHOP}/product/${lastOne.id}`]);

    // The same event once more (a retry, or an ack lost to a crash): no second mail.
    const nc = await connect({ servers: process.env.NATS_URL! });
    await jetstream(nc).publish(row!.envelope.subject, JSON.stringify(row!.envelope), { msgID: `again-${row!.envelope.id}` });
    await nc.close();
    await events.consumed(MAIL_CONSUMER);
    expect((await mailsTo(d.email)).length).toBe(1);
    expect(await waitingFor(d.actor)).toEqual([]);
  }, 120000);
});
