import fc from 'fast-check';
import { newId, type AdminProduct, type StockChange } from '@jalaj/contracts';
import { RpcClient } from '@jalaj/server-kit';
import { eventually, startTestService, type TestService } from '@jalaj/testing';

/**
 * Stock history (issue #42, ADR 080) against the catalog process, real PostgreSQL and NATS:
 * each way stock changes leaves its record with its cause and the stock after it, and
 * whatever mix of them runs, at once or one after another, a product's stock is the sum of
 * its recorded changes. (Refunds do not put plants back in this shop: no refund cause.)
 */
describe('catalog stock history (service process, real infra)', () => {
  let catalog: TestService;
  let rpc: RpcClient;
  const admin = { id: newId('usr'), role: 'admin' as const };
  const other = { id: newId('usr'), role: 'admin' as const };

  beforeAll(async () => {
    catalog = await startTestService('catalog');
    rpc = RpcClient.standalone({ url: process.env.NATS_URL!, name: 'catalog-history-spec' });
  }, 90000);

  afterAll(async () => {
    await rpc?.close();
    await catalog?.stop();
  });

  async function product(stockQuantity: number): Promise<AdminProduct> {
    const reply = await rpc.request('rpc.catalog.products.create', {
      actor: admin,
      product: { name: `History plant ${newId('n')}`, price: '10', stockQuantity, category: 'midground', imageUrls: [] },
    });
    if (!reply.ok) throw new Error(JSON.stringify(reply.error));
    return reply.data;
  }
  async function history(productId: string, page = 1, pageSize = 50): Promise<StockChange[]> {
    const reply = await rpc.request('rpc.catalog.stock.history', { actor: admin, productId, query: { page, pageSize } });
    if (!reply.ok) throw new Error(JSON.stringify(reply.error));
    return reply.data.items;
  }
  const reserve = (productId: string, quantity: number, orderNumber = 'ORD12345') => {
    const reservationId = newId('res');
    return rpc.request('rpc.catalog.stock.reserve', { reservationId, orderNumber, lines: [{ productId, quantity }], ttlSeconds: 600 }).then((reply) => ({ reservationId, reply }));
  };
  const edit = async (p: AdminProduct, stockQuantity: number, actor = admin) => {
    const reply = await rpc.request('rpc.catalog.products.update', {
      actor,
      id: p.id,
      product: { name: p.name, price: '10', stockQuantity, category: 'midground', imageUrls: [], version: p.version, loadedStockQuantity: p.stockQuantity },
    });
    if (!reply.ok) throw new Error(JSON.stringify(reply.error));
    return reply.data;
  };
  const adjust = (productId: string, change: number, reason = 'Counted the tanks', actor = admin) => rpc.request('rpc.catalog.stock.adjust', { actor, productId, adjustment: { change, reason } });
  const stockOf = async (id: string) => (await catalog.sql<{ stock_quantity: number }>('select stock_quantity from products where id = $1', [id]))[0]!.stock_quantity;
  /** The stock a product's recorded changes add up to, and whether each record's stock after follows from the one before. */
  async function books(productId: string) {
    const rows = await catalog.sql<{ change: number; stock_after: number }>('select change, stock_after from stock_changes where product_id = $1 order by id', [productId]);
    let sum = 0;
    let chained = true;
    for (const r of rows) {
      sum += r.change;
      if (r.stock_after !== sum) chained = false;
    }
    return { sum, chained, count: rows.length };
  }

  it("records a new product's stock as the admin's, and an empty history for one made with none", async () => {
    const p = await product(7);
    expect(await history(p.id)).toEqual([expect.objectContaining({ cause: 'created', change: 7, stockAfter: 7, actorId: admin.id, orderNumber: null, note: null })]);
    const none = await product(0);
    expect(none.stockQuantity).toBe(0);
    expect(await history(none.id)).toEqual([]);
  });

  it("records a sale with its order's number, and a hold given back for an unpaid order", async () => {
    const p = await product(10);
    const sold = await reserve(p.id, 3, 'SALE0001');
    expect(sold.reply.ok).toBe(true);
    expect(await rpc.request('rpc.catalog.stock.commit', { reservationId: sold.reservationId })).toMatchObject({ ok: true });
    const unpaid = await reserve(p.id, 2, 'UNPAID01');
    expect(await rpc.request('rpc.catalog.stock.release', { reservationId: unpaid.reservationId })).toMatchObject({ ok: true, data: { status: 'released' } });
    // Released twice: recorded once.
    expect(await rpc.request('rpc.catalog.stock.release', { reservationId: unpaid.reservationId })).toMatchObject({ ok: true });
    expect((await history(p.id)).map(({ cause, change, stockAfter, orderNumber }) => ({ cause, change, stockAfter, orderNumber }))).toEqual([
      { cause: 'release', change: 2, stockAfter: 7, orderNumber: 'UNPAID01' },
      { cause: 'sale', change: -2, stockAfter: 5, orderNumber: 'UNPAID01' },
      { cause: 'sale', change: -3, stockAfter: 7, orderNumber: 'SALE0001' },
      { cause: 'created', change: 10, stockAfter: 10, orderNumber: null },
    ]);
    // A refused reservation records nothing.
    expect((await reserve(p.id, 50)).reply).toMatchObject({ ok: false, error: { code: 'INSUFFICIENT_STOCK' } });
    expect(await history(p.id)).toHaveLength(4);
  });

  it("records a hold whose time ran out as expired, with its order's number", async () => {
    const p = await product(4);
    const held = await reserve(p.id, 3, 'EXPIRED1');
    // Its time made to run out; the periodic sweep (every 30 s) gives it back.
    await catalog.sql("update stock_reservations set expires_at = now() - interval '1 minute' where id = $1", [held.reservationId]);
    await eventually(() => history(p.id), (items) => items.length === 3, 75000);
    expect((await history(p.id))[0]).toMatchObject({ cause: 'expiry', change: 3, stockAfter: 4, orderNumber: 'EXPIRED1', actorId: null });
    expect(await stockOf(p.id)).toBe(4);
  }, 90000);

  it("records an admin's edit of the stock as the change typed, by that admin, and nothing for a save that leaves the stock", async () => {
    const p = await product(5);
    // A sale after the form loaded the product: the edit moves the stock by what was typed (8 − 5).
    await reserve(p.id, 1);
    const saved = await edit(p, 8, other);
    expect(saved.stockQuantity).toBe(7);
    const renamed = await edit({ ...saved, name: 'Renamed in the history spec' }, saved.stockQuantity);
    expect(renamed.stockQuantity).toBe(7);
    const items = await history(p.id);
    expect(items).toHaveLength(3);
    expect(items[0]).toMatchObject({ cause: 'edit', change: 3, stockAfter: 7, actorId: other.id });
  });

  it('records an adjustment with its reason and admin; one below 0 is refused and writes nothing', async () => {
    const p = await product(2);
    expect(await adjust(p.id, 6, 'New batch from the farm')).toMatchObject({ ok: true, data: { id: p.id, stockQuantity: 8, version: p.version } });
    expect(await adjust(p.id, -9)).toEqual({ ok: false, error: { code: 'PRODUCT_STOCK_BELOW_ZERO', data: { productId: p.id, stockQuantity: 8, change: -9 } } });
    expect(await adjust(p.id, -8, 'Melted in transit', other)).toMatchObject({ ok: true, data: { stockQuantity: 0 } });
    expect(await adjust(newId('prd'), 1)).toMatchObject({ ok: false, error: { code: 'PRODUCT_NOT_FOUND' } });
    expect(await adjust(p.id, 1, 'Not an admin', { id: newId('usr'), role: 'user' as never })).toMatchObject({ ok: false, error: { code: 'ADMIN_REQUIRED' } });
    expect((await history(p.id)).map(({ cause, change, stockAfter, note, actorId }) => ({ cause, change, stockAfter, note, actorId }))).toEqual([
      { cause: 'adjustment', change: -8, stockAfter: 0, note: 'Melted in transit', actorId: other.id },
      { cause: 'adjustment', change: 6, stockAfter: 8, note: 'New batch from the farm', actorId: admin.id },
      { cause: 'created', change: 2, stockAfter: 2, note: null, actorId: admin.id },
    ]);
  });

  it('pages the history newest first and counts it; admins only; an unknown product is not found', async () => {
    const p = await product(20);
    for (let i = 1; i <= 4; i++) await adjust(p.id, i, `Batch ${i}`);
    const reply = await rpc.request('rpc.catalog.stock.history', { actor: admin, productId: p.id, query: { page: 2, pageSize: 2 } });
    expect(reply).toMatchObject({ ok: true, data: { productId: p.id, stockQuantity: 30, total: 5, page: 2, pageSize: 2 } });
    expect(reply.ok && reply.data.items.map((c) => c.note)).toEqual(['Batch 2', 'Batch 1']);
    expect(await rpc.request('rpc.catalog.stock.history', { actor: admin, productId: p.id, query: { page: 9, pageSize: 2 } })).toMatchObject({ ok: true, data: { items: [], total: 5 } });
    expect(await rpc.request('rpc.catalog.stock.history', { actor: { id: newId('usr'), role: 'user' }, productId: p.id, query: { page: 1, pageSize: 2 } })).toMatchObject({ ok: false, error: { code: 'ADMIN_REQUIRED' } });
    expect(await rpc.request('rpc.catalog.stock.history', { actor: admin, productId: newId('prd'), query: { page: 1, pageSize: 2 } })).toMatchObject({ ok: false, error: { code: 'PRODUCT_NOT_FOUND' } });
  });

  it("goes with its product when the product is deleted", async () => {
    const p = await product(3);
    await adjust(p.id, 1);
    expect(await rpc.request('rpc.catalog.products.delete', { actor: admin, id: p.id })).toMatchObject({ ok: true });
    expect(await catalog.sql('select 1 from stock_changes where product_id = $1', [p.id])).toEqual([]);
  });

  it('keeps every stock equal to the sum of its recorded changes, whatever mix of sales, releases, commits, edits and adjustments runs at once', async () => {
    type Op =
      | { kind: 'reserve'; plant: number; quantity: number }
      | { kind: 'release' | 'commit'; hold: number }
      | { kind: 'edit'; plant: number; to: number }
      | { kind: 'adjust'; plant: number; change: number };
    const op: fc.Arbitrary<Op> = fc.oneof(
      fc.record({ kind: fc.constant('reserve' as const), plant: fc.nat(2), quantity: fc.integer({ min: 1, max: 4 }) }),
      fc.record({ kind: fc.constantFrom('release' as const, 'commit' as const), hold: fc.nat(20) }),
      fc.record({ kind: fc.constant('edit' as const), plant: fc.nat(2), to: fc.nat(12) }),
      fc.record({ kind: fc.constant('adjust' as const), plant: fc.nat(2), change: fc.integer({ min: -6, max: 6 }).filter((n) => n !== 0) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(fc.array(op, { minLength: 1, maxLength: 5 }), { minLength: 3, maxLength: 6 }), async (rounds) => {
        const plants = await Promise.all([product(6), product(3), product(0)]);
        const holds: string[] = [];
        // Each round's operations run at once, racing for the same rows; the rounds one after another.
        for (const round of rounds) {
          await Promise.all(
            round.map(async (o) => {
              if (o.kind === 'reserve') {
                const { reservationId, reply } = await reserve(plants[o.plant]!.id, o.quantity);
                if (reply.ok) holds.push(reservationId);
              } else if (o.kind === 'release' || o.kind === 'commit') {
                const reservationId = holds[o.hold % Math.max(holds.length, 1)];
                if (reservationId) await rpc.request(`rpc.catalog.stock.${o.kind}`, { reservationId });
              } else if (o.kind === 'edit') {
                const loaded = (await rpc.request('rpc.catalog.products.admin-page', { actor: admin, query: { q: plants[o.plant]!.name, sort: 'newest', page: 1, pageSize: 1 } }))!;
                const p = loaded.ok ? loaded.data.items[0] : undefined;
                // A stale version or a stock below 0 is refused; either way nothing unexplained is written.
                if (p) await rpc.request('rpc.catalog.products.update', { actor: admin, id: p.id, product: { name: p.name, price: '10', stockQuantity: o.to, category: 'midground', imageUrls: [], version: p.version, loadedStockQuantity: p.stockQuantity } });
              } else if (o.kind === 'adjust') {
                await adjust(plants[o.plant]!.id, o.change);
              }
            }),
          );
        }
        for (const p of plants) {
          const { sum, chained } = await books(p.id);
          expect({ stock: await stockOf(p.id), chained }).toEqual({ stock: sum, chained: true });
        }
      }),
      { numRuns: 6 },
    );
    // And across the whole catalogue this spec made: no stock the history does not explain.
    expect(
      await catalog.sql(
        'select p.id from products p left join (select product_id, sum(change) as total from stock_changes group by product_id) c on c.product_id = p.id where p.stock_quantity <> coalesce(c.total, 0)',
      ),
    ).toEqual([]);
  }, 240000);
});
