import { MikroORM } from '@mikro-orm/core';
import { newId, type Product } from '@jalaj/contracts';
import { ormOptions, RpcClient } from '@jalaj/server-kit';
import { eventually, startTestService, type TestService } from '@jalaj/testing';
import { migrations } from '../migrations/index.js';

type StockChanged = { reservationId: string; reason: 'reserved' | 'released'; products: { productId: string; stockQuantity: number }[] };

/**
 * Catalog's stock reservations alone (real PostgreSQL and NATS, no BFF): all-or-nothing
 * holds that never take stock below zero, idempotent by reservation id, settled once,
 * expired holds released by the periodic sweep, and a stock-changed event for each move.
 */
describe('catalog stock reservations (service process, real infra)', () => {
  let catalog: TestService;
  let rpc: RpcClient;
  const admin = { id: newId('usr'), role: 'admin' as const };
  // A hold that ran out before the service started: its first sweep (5 s after boot) releases it.
  const expired = { reservationId: newId('res'), productId: newId('prd') };

  beforeAll(async () => {
    catalog = await startTestService('catalog', {
      async before(url) {
        const orm = await MikroORM.init(ormOptions({ service: 'catalog', entities: [], migrations }, url) as never);
        try {
          await orm.migrator.up();
          const conn = orm.em.getConnection();
          await conn.execute("insert into products (id, name, price, stock_quantity) values (?, 'Expired hold plant', 10, 1)", [expired.productId]);
          await conn.execute("insert into stock_reservations (id, status, expires_at) values (?, 'held', now() - interval '1 minute')", [expired.reservationId]);
          await conn.execute('insert into stock_reservation_lines (reservation_id, product_id, quantity) values (?, ?, 3)', [expired.reservationId, expired.productId]);
        } finally {
          await orm.close(true);
        }
      },
    });
    rpc = RpcClient.standalone({ url: process.env.NATS_URL!, name: 'catalog-stock-spec' });
  }, 90000);

  afterAll(async () => {
    await rpc?.close();
    await catalog?.stop();
  });

  async function product(stockQuantity: number): Promise<Product> {
    const reply = await rpc.request('rpc.catalog.products.create', {
      actor: admin,
      product: { name: `Stock plant ${newId('n')}`, price: '10', stockQuantity, category: 'midground', imageUrls: [] },
    });
    if (!reply.ok) throw new Error(JSON.stringify(reply.error));
    return reply.data;
  }
  const stockOf = async (id: string) => (await catalog.sql<{ stock_quantity: number }>('select stock_quantity from products where id = $1', [id]))[0]?.stock_quantity;
  const statusOf = async (id: string) => (await catalog.sql<{ status: string }>('select status from stock_reservations where id = $1', [id]))[0]?.status;
  const stockEvents = async (reservationId: string) => (await catalog.outbox<StockChanged>('evt.catalog.product.stock-changed.v1')).filter((e) => e.reservationId === reservationId);

  it('reserves every line at once and queues one stock-changed event with the stock left', async () => {
    const a = await product(5);
    const b = await product(2);
    const reservationId = newId('res');
    // Two lines of one product count together.
    const reply = await rpc.request('rpc.catalog.stock.reserve', { orderNumber: 'SPEC0001', reservationId, lines: [{ productId: a.id, quantity: 1 }, { productId: b.id, quantity: 2 }, { productId: a.id, quantity: 2 }], ttlSeconds: 600 });
    expect(reply).toMatchObject({ ok: true, data: { reservationId } });
    expect(await stockOf(a.id)).toBe(2);
    expect(await stockOf(b.id)).toBe(0);
    expect(await statusOf(reservationId)).toBe('held');
    const [event, ...more] = await stockEvents(reservationId);
    expect(more).toEqual([]);
    expect(event).toMatchObject({ reservationId, reason: 'reserved' });
    expect(event!.products).toEqual(expect.arrayContaining([{ productId: a.id, stockQuantity: 2 }, { productId: b.id, stockQuantity: 0 }]));
    expect(event!.products).toHaveLength(2);
  });

  it('reserves nothing when one line cannot be had, naming the product', async () => {
    const plenty = await product(10);
    const scarce = await product(1);
    const none = await product(0);
    const insufficient = newId('res');
    expect(await rpc.request('rpc.catalog.stock.reserve', { orderNumber: 'SPEC0001', reservationId: insufficient, lines: [{ productId: plenty.id, quantity: 4 }, { productId: scarce.id, quantity: 2 }], ttlSeconds: 600 })).toEqual({
      ok: false,
      error: { code: 'INSUFFICIENT_STOCK', data: { productId: scarce.id, available: 1, inCart: 0, productName: scarce.name } },
    });
    const out = newId('res');
    expect(await rpc.request('rpc.catalog.stock.reserve', { orderNumber: 'SPEC0001', reservationId: out, lines: [{ productId: plenty.id, quantity: 1 }, { productId: none.id, quantity: 1 }], ttlSeconds: 600 })).toMatchObject({
      ok: false,
      error: { code: 'OUT_OF_STOCK', data: { productId: none.id } },
    });
    const missing = newId('prd');
    expect(await rpc.request('rpc.catalog.stock.reserve', { orderNumber: 'SPEC0001', reservationId: newId('res'), lines: [{ productId: missing, quantity: 1 }], ttlSeconds: 600 })).toMatchObject({
      ok: false,
      error: { code: 'PRODUCT_NOT_FOUND', data: { productId: missing } },
    });
    expect(await stockOf(plenty.id)).toBe(10);
    expect(await stockOf(scarce.id)).toBe(1);
    expect(await statusOf(insufficient)).toBeUndefined();
    expect(await stockEvents(insufficient)).toEqual([]);
    expect(await stockEvents(out)).toEqual([]);
  });

  it('answers a repeated reserve with the first hold and takes the stock once', async () => {
    const p = await product(5);
    const reservationId = newId('res');
    const request = { reservationId, orderNumber: 'SPEC0001', lines: [{ productId: p.id, quantity: 2 }], ttlSeconds: 600 };
    const first = await rpc.request('rpc.catalog.stock.reserve', request);
    const again = await rpc.request('rpc.catalog.stock.reserve', request);
    expect(first.ok).toBe(true);
    expect(again).toEqual(first);
    expect(await stockOf(p.id)).toBe(3);
    // Asked again once the rest is sold, it is still the first hold.
    expect(await rpc.request('rpc.catalog.stock.reserve', { orderNumber: 'SPEC0001', reservationId: newId('res'), lines: [{ productId: p.id, quantity: 3 }], ttlSeconds: 600 })).toMatchObject({ ok: true });
    expect(await rpc.request('rpc.catalog.stock.reserve', request)).toEqual(first);
    expect(await stockOf(p.id)).toBe(0);
    expect(await stockEvents(reservationId)).toHaveLength(1);
  });

  it('takes the stock once when the same reservation is asked for twice at once', async () => {
    const p = await product(5);
    const reservationId = newId('res');
    const request = { reservationId, orderNumber: 'SPEC0001', lines: [{ productId: p.id, quantity: 2 }], ttlSeconds: 600 };
    const [first, second] = await Promise.all([rpc.request('rpc.catalog.stock.reserve', request), rpc.request('rpc.catalog.stock.reserve', request)]);
    expect(first).toMatchObject({ ok: true });
    expect(second).toEqual(first);
    expect(await stockOf(p.id)).toBe(3);
    expect(await stockEvents(reservationId)).toHaveLength(1);
  });

  it('never sells the last plant twice when two checkouts reserve at once', async () => {
    const p = await product(1);
    const replies = await Promise.all([newId('res'), newId('res'), newId('res')].map((reservationId) => rpc.request('rpc.catalog.stock.reserve', { orderNumber: 'SPEC0001', reservationId, lines: [{ productId: p.id, quantity: 1 }], ttlSeconds: 600 })));
    expect(replies.filter((r) => r.ok)).toHaveLength(1);
    expect(replies.filter((r) => !r.ok).map((r) => !r.ok && r.error.code)).toEqual(['OUT_OF_STOCK', 'OUT_OF_STOCK']);
    expect(await stockOf(p.id)).toBe(0);
  });

  it('never oversells nor deadlocks when many checkouts reserve the same products, their lines in either order', async () => {
    const a = await product(5);
    const b = await product(5);
    const requests = Array.from({ length: 12 }, (_, i) => {
      const lines = [{ productId: a.id, quantity: 1 }, { productId: b.id, quantity: 1 }];
      return { reservationId: newId('res'), orderNumber: 'SPEC0001', lines: i % 2 ? lines.reverse() : lines, ttlSeconds: 600 };
    });
    const replies = await Promise.all(requests.map((r) => rpc.request('rpc.catalog.stock.reserve', r)));
    expect(replies.filter((r) => r.ok)).toHaveLength(5);
    // The rest are refused for the stock, not failed (a deadlock would answer an internal error).
    expect(new Set(replies.filter((r) => !r.ok).map((r) => !r.ok && r.error.code))).toEqual(new Set(['OUT_OF_STOCK']));
    expect(await stockOf(a.id)).toBe(0);
    expect(await stockOf(b.id)).toBe(0);
  });

  it('releases a hold once: the stock back, a released event, a second release or commit answering released', async () => {
    const p = await product(4);
    const reservationId = newId('res');
    await rpc.request('rpc.catalog.stock.reserve', { orderNumber: 'SPEC0001', reservationId, lines: [{ productId: p.id, quantity: 3 }], ttlSeconds: 600 });
    expect(await rpc.request('rpc.catalog.stock.release', { reservationId })).toEqual({ ok: true, data: { reservationId, status: 'released' } });
    expect(await stockOf(p.id)).toBe(4);
    expect(await rpc.request('rpc.catalog.stock.release', { reservationId })).toEqual({ ok: true, data: { reservationId, status: 'released' } });
    expect(await rpc.request('rpc.catalog.stock.commit', { reservationId })).toEqual({ ok: true, data: { reservationId, status: 'released' } });
    expect(await stockOf(p.id)).toBe(4);
    expect((await stockEvents(reservationId)).map((e) => e.reason)).toEqual(['reserved', 'released']);
    expect((await stockEvents(reservationId))[1]!.products).toEqual([{ productId: p.id, stockQuantity: 4 }]);
  });

  it('settles a hold once when a commit and a release come at once: both answer the one that won', async () => {
    const p = await product(4);
    const reservationId = newId('res');
    await rpc.request('rpc.catalog.stock.reserve', { orderNumber: 'SPEC0001', reservationId, lines: [{ productId: p.id, quantity: 3 }], ttlSeconds: 600 });
    const [committed, released] = await Promise.all([rpc.request('rpc.catalog.stock.commit', { reservationId }), rpc.request('rpc.catalog.stock.release', { reservationId })]);
    expect(released).toEqual(committed);
    const status = committed.ok ? committed.data.status : null;
    expect(await statusOf(reservationId)).toBe(status);
    expect(await stockOf(p.id)).toBe(status === 'released' ? 4 : 1);
    expect((await stockEvents(reservationId)).map((e) => e.reason)).toEqual(status === 'released' ? ['reserved', 'released'] : ['reserved']);
  });

  it('commits a hold once: the stock stays sold, a later release changes nothing', async () => {
    const p = await product(4);
    const reservationId = newId('res');
    await rpc.request('rpc.catalog.stock.reserve', { orderNumber: 'SPEC0001', reservationId, lines: [{ productId: p.id, quantity: 3 }], ttlSeconds: 600 });
    expect(await rpc.request('rpc.catalog.stock.commit', { reservationId })).toEqual({ ok: true, data: { reservationId, status: 'committed' } });
    expect(await rpc.request('rpc.catalog.stock.commit', { reservationId })).toEqual({ ok: true, data: { reservationId, status: 'committed' } });
    expect(await rpc.request('rpc.catalog.stock.release', { reservationId })).toEqual({ ok: true, data: { reservationId, status: 'committed' } });
    expect(await stockOf(p.id)).toBe(1);
    expect(await statusOf(reservationId)).toBe('committed');
    expect((await stockEvents(reservationId)).map((e) => e.reason)).toEqual(['reserved']);
    expect(await rpc.request('rpc.catalog.stock.commit', { reservationId: newId('res') })).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
  });

  it('releases a hold whose time ran out, with its stock-changed event', async () => {
    await eventually(() => statusOf(expired.reservationId), (s) => s === 'released', 20000);
    expect(await stockOf(expired.productId)).toBe(4);
    expect(await stockEvents(expired.reservationId)).toEqual([{ reservationId: expired.reservationId, reason: 'released', products: [{ productId: expired.productId, stockQuantity: 4 }] }]);
  });
});
