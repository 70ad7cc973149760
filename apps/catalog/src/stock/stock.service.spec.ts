import type { EntityManager } from '@mikro-orm/core';
import type { OutboxRelay } from '@jalaj/server-kit';
import type { StockRepository } from './stock.repository.js';
import { StockService } from './stock.service.js';

/**
 * The service's transaction boundary and its use of the repository, against in-memory fakes:
 * each write is one `em.transactional` on the injected EntityManager (ADR 014) — the fake has
 * no `fork`, so a forked transaction fails — and a refusal rolls the whole reservation back.
 */
function setup(stock: Record<string, { name: string; quantity: number }>) {
  let committed = { stock: structuredClone(stock), reservations: new Map<string, { status: string; lines: Map<string, number> }>() };
  const events: { subject: string; data: unknown }[] = [];
  let work = committed;
  const repo: StockRepository = {
    insertHeld: async (id: string) => (work.reservations.has(id) ? null : (work.reservations.set(id, { status: 'held', lines: new Map() }), new Date(0))),
    expiresAt: async () => new Date(0),
    takeStock: async (productId: string, quantity: number) => {
      const p = work.stock[productId];
      if (!p || p.quantity < quantity) return null;
      return (p.quantity -= quantity);
    },
    product: async (productId: string) => (work.stock[productId] ? { name: work.stock[productId].name, stockQuantity: work.stock[productId].quantity } : null),
    insertLine: async (id: string, productId: string, quantity: number) => void work.reservations.get(id)!.lines.set(productId, quantity),
    lockStatus: async (id: string) => work.reservations.get(id)?.status ?? null,
    restoreStock: async (id: string) =>
      [...work.reservations.get(id)!.lines].map(([productId, q]) => ({ productId, stockQuantity: (work.stock[productId]!.quantity += q) })),
    markSettled: async (id: string, status: string) => void (work.reservations.get(id)!.status = status),
    expiredHeld: async () => [],
  } as unknown as StockRepository;
  const tx = { create: (_: unknown, row: { subject: string; envelope: { data: unknown } }) => row, persist: (row: { subject: string; envelope: { data: unknown } }) => events.push({ subject: row.subject, data: row.envelope.data }) };
  const em = {
    // A transaction: works on a copy, kept only when the work returns.
    transactional: async <T>(fn: (tx: unknown) => Promise<T>): Promise<T> => {
      work = structuredClone(committed);
      try {
        const result = await fn(tx);
        committed = work;
        return result;
      } finally {
        work = committed;
      }
    },
  } as unknown as EntityManager;
  const service = new StockService(em, repo, { nudge: () => undefined } as unknown as OutboxRelay);
  return { service, events, state: () => committed };
}

describe('StockService', () => {
  it('reserves in one transaction on the injected EntityManager and announces the stock left', async () => {
    const { service, events, state } = setup({ prd_a: { name: 'Areca Palm', quantity: 5 }, prd_b: { name: 'Snake Plant', quantity: 2 } });
    const reply = await service.reserve('res_1', [{ productId: 'prd_b', quantity: 1 }, { productId: 'prd_a', quantity: 2 }, { productId: 'prd_b', quantity: 1 }], 600);
    expect(reply).toEqual({ ok: true, data: { reservationId: 'res_1', expiresAt: new Date(0).toISOString() } });
    expect(state().stock).toEqual({ prd_a: { name: 'Areca Palm', quantity: 3 }, prd_b: { name: 'Snake Plant', quantity: 0 } });
    expect(events).toEqual([{ subject: 'evt.catalog.product.stock-changed.v1', data: { reservationId: 'res_1', reason: 'reserved', products: [{ productId: 'prd_a', stockQuantity: 3 }, { productId: 'prd_b', stockQuantity: 0 }] } }]);
  });

  it('takes nothing when one line cannot be had, and names the product', async () => {
    const { service, events, state } = setup({ prd_a: { name: 'Areca Palm', quantity: 5 }, prd_b: { name: 'Snake Plant', quantity: 1 } });
    const reply = await service.reserve('res_1', [{ productId: 'prd_a', quantity: 2 }, { productId: 'prd_b', quantity: 3 }], 600);
    expect(reply).toMatchObject({ ok: false, error: { code: 'INSUFFICIENT_STOCK', data: { productId: 'prd_b', available: 1, productName: 'Snake Plant' } } });
    expect(state().stock.prd_a!.quantity).toBe(5);
    expect(state().reservations.size).toBe(0);
    expect(events).toEqual([]);
  });

  it('releases once: the stock comes back, a second release answers with the state', async () => {
    const { service, events, state } = setup({ prd_a: { name: 'Areca Palm', quantity: 5 } });
    await service.reserve('res_1', [{ productId: 'prd_a', quantity: 2 }], 600);
    expect(await service.release('res_1')).toEqual({ ok: true, data: { reservationId: 'res_1', status: 'released' } });
    expect(await service.release('res_1')).toEqual({ ok: true, data: { reservationId: 'res_1', status: 'released' } });
    expect(await service.commit('res_1')).toEqual({ ok: true, data: { reservationId: 'res_1', status: 'released' } });
    expect(state().stock.prd_a!.quantity).toBe(5);
    expect(events.map((e) => (e.data as { reason: string }).reason)).toEqual(['reserved', 'released']);
    expect(await service.commit('res_none')).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
  });
});
