import type { OutboxRelay, OutboxRow } from '@jalaj/server-kit';
import type { Reserved, Settled, StockRepository } from './stock.repository.js';
import { StockService } from './stock.service.js';

/**
 * The service around the stock functions (their SQL, locking and all-or-nothing are
 * stock.int-spec.ts's), against a fake repository: what it asks of them, how it words a
 * refusal, and which events it hands to the relay to publish.
 */
function setup(answers: { reserve?: Reserved; settle?: Settled }) {
  const asked: { lines?: { productId: string; quantity: number }[]; event?: OutboxRow | null; to?: string } = {};
  const published: OutboxRow[] = [];
  const repo = {
    reserve: async (_id: string, lines: { productId: string; quantity: number }[], _ttl: number, event: OutboxRow) => {
      Object.assign(asked, { lines, event });
      return answers.reserve!;
    },
    settle: async (_id: string, to: string, event: OutboxRow | null) => {
      Object.assign(asked, { to, event });
      return answers.settle!;
    },
  } as unknown as StockRepository;
  const relay = { committed: async (rows: OutboxRow[]) => void published.push(...rows) } as unknown as OutboxRelay;
  return { service: new StockService(repo, relay), asked, published };
}

describe('StockService', () => {
  it('asks for each product once, in id order, and publishes the stock each was left at', async () => {
    const t = setup({ reserve: { expiresAt: new Date(0), products: [{ productId: 'prd_a', stockQuantity: 3 }, { productId: 'prd_b', stockQuantity: 0 }] } });
    const reply = await t.service.reserve('res_1', [{ productId: 'prd_b', quantity: 1 }, { productId: 'prd_a', quantity: 2 }, { productId: 'prd_b', quantity: 1 }], 600);
    expect(reply).toEqual({ ok: true, data: { reservationId: 'res_1', expiresAt: new Date(0).toISOString() } });
    expect(t.asked.lines).toEqual([{ productId: 'prd_a', quantity: 2 }, { productId: 'prd_b', quantity: 2 }]);
    expect(t.published.map((e) => [e.subject, e.envelope.data])).toEqual([
      ['evt.catalog.product.stock-changed.v1', { reservationId: 'res_1', reason: 'reserved', products: [{ productId: 'prd_a', stockQuantity: 3 }, { productId: 'prd_b', stockQuantity: 0 }] }],
    ]);
    expect(t.published[0]!.id).toBe(t.asked.event!.id);
  });

  it('publishes nothing for a repeated reservation', async () => {
    const t = setup({ reserve: { expiresAt: new Date(0), products: null } });
    expect(await t.service.reserve('res_1', [{ productId: 'prd_a', quantity: 1 }], 600)).toMatchObject({ ok: true });
    expect(t.published).toEqual([]);
  });

  it.each([
    [{ productId: 'prd_b', name: null, stock: null }, { code: 'PRODUCT_NOT_FOUND', data: { productId: 'prd_b' } }],
    [{ productId: 'prd_b', name: 'Snake Plant', stock: 0 }, { code: 'OUT_OF_STOCK', data: { productId: 'prd_b', productName: 'Snake Plant' } }],
    [{ productId: 'prd_b', name: 'Snake Plant', stock: 1 }, { code: 'INSUFFICIENT_STOCK', data: { productId: 'prd_b', available: 1, inCart: 0, productName: 'Snake Plant' } }],
  ])('words a refused line %j as %j and publishes nothing', async (refused, error) => {
    const t = setup({ reserve: { refused } });
    expect(await t.service.reserve('res_1', [{ productId: 'prd_b', quantity: 3 }], 600)).toMatchObject({ ok: false, error });
    expect(t.published).toEqual([]);
  });

  it('publishes a release that gave stock back, not a commit nor a release answered from an earlier one', async () => {
    const released = setup({ settle: { settled: true, status: 'released', products: [{ productId: 'prd_a', stockQuantity: 5 }] } });
    expect(await released.service.release('res_1')).toEqual({ ok: true, data: { reservationId: 'res_1', status: 'released' } });
    expect(released.published.map((e) => e.envelope.data)).toEqual([{ reservationId: 'res_1', reason: 'released', products: [{ productId: 'prd_a', stockQuantity: 5 }] }]);

    const committed = setup({ settle: { settled: true, status: 'committed', products: null } });
    expect(await committed.service.commit('res_1')).toEqual({ ok: true, data: { reservationId: 'res_1', status: 'committed' } });
    expect(committed.asked).toMatchObject({ to: 'committed', event: null });
    expect(committed.published).toEqual([]);

    const again = setup({ settle: { settled: false, status: 'committed', products: null } });
    expect(await again.service.release('res_1')).toEqual({ ok: true, data: { reservationId: 'res_1', status: 'committed' } });
    expect(again.published).toEqual([]);
  });

  it('answers NOT_FOUND for a reservation that does not exist', async () => {
    const t = setup({ settle: { settled: false, status: null, products: null } });
    expect(await t.service.commit('res_none')).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
  });
});
