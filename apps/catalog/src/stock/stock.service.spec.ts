import type { EntityManager } from '@mikro-orm/core';
import type { EventEnvelope } from '@jalaj/contracts';
import { eventsQueuedIn, type OutboxRelay } from '@jalaj/server-kit';
import type { LockedProduct, ReservationStatus, StockLine, StockRepository } from './stock.repository.js';
import { refusal, reservationLines, settledBefore, StockService } from './stock.service.js';
import type { StockLedger } from '../history/stock-ledger.service.js';
import type { StockCause, StockMove, StockMoved } from '../history/stock-changes.repository.js';

/**
 * The reservation rules, without a database: the service against a unit of work that keeps
 * what a transaction wrote only when it returns, and a repository that answers as its
 * guarded statements would, and a ledger that moves the stock as told (their SQL, locks and
 * races are stock.int-spec.ts's and stock-history.int-spec.ts's).
 */
type Answers = {
  claim?: Date | null;
  expiresAt?: Date;
  products?: LockedProduct[];
  apply?: (moves: StockMove[]) => StockMoved[];
  settleHeld?: boolean;
  status?: ReservationStatus | null;
  lines?: StockLine[];
  expired?: string[];
};

function setup(answers: Answers) {
  const calls: [string, ...unknown[]][] = [];
  /** Events of committed transactions, and how each transaction ended. */
  const events: EventEnvelope[] = [];
  const ended: ('commit' | 'rollback')[] = [];
  const em = {
    async transactional<T>(work: (tx: EntityManager) => Promise<T>): Promise<T> {
      const transaction = {};
      const tx = { getTransactionContext: () => transaction } as unknown as EntityManager;
      try {
        const result = await work(tx);
        // What the commit writes to the outbox.
        events.push(...eventsQueuedIn(tx).map((r) => r.envelope as EventEnvelope));
        ended.push('commit');
        return result;
      } catch (e) {
        ended.push('rollback');
        throw e;
      }
    },
  } as unknown as EntityManager;
  const asked = (name: string, value: unknown) =>
    async (_tx: EntityManager, ...args: unknown[]) => {
      calls.push([name, ...args]);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown)(...args.slice(1)) : value;
    };
  const repo = {
    claimLocking: asked('claimLocking', { claimed: answers.claim ?? null, products: answers.products ?? [] }),
    expiresAt: asked('expiresAt', answers.expiresAt ?? null),
    settleHeld: asked('settleHeld', answers.settleHeld ?? false),
    status: asked('status', answers.status ?? null),
    lockLines: asked('lockLines', answers.lines ?? []),
    expiredHeld: async (_em: EntityManager, limit: number) => (calls.push(['expiredHeld', limit]), answers.expired ?? []),
  } as unknown as StockRepository;
  const relay = { nudge: () => undefined } as unknown as OutboxRelay;
  const moveAll = (moves: StockMove[]) => moves.map((m) => ({ ...m, stockQuantity: 0, updatedAt: AT }));
  const ledger = { apply: async (_tx: EntityManager, cause: StockCause, moves: StockMove[]) => (calls.push(['apply', cause, moves]), (answers.apply ?? moveAll)(moves)) } as unknown as StockLedger;
  return { service: new StockService(em, repo, relay, ledger), calls, events, ended, names: () => calls.map(([name]) => name) };
}

const HOLD = new Date('2026-12-01T10:15:00.000Z');
const AT = '2026-12-01T10:00:00.000Z';
const plant = (id: string, stockQuantity: number): LockedProduct => ({ id, name: `Plant ${id}`, stockQuantity });

describe('reservationLines', () => {
  it('takes each product once, its quantities added up, in id order', () => {
    expect(reservationLines([{ productId: 'prd_b', quantity: 1 }, { productId: 'prd_a', quantity: 2 }, { productId: 'prd_b', quantity: 3 }])).toEqual([
      { productId: 'prd_a', quantity: 2 },
      { productId: 'prd_b', quantity: 4 },
    ]);
  });
});

describe('refusal', () => {
  const lines = [{ productId: 'prd_a', quantity: 2 }, { productId: 'prd_b', quantity: 3 }];

  it('is none when every line can be had, to the last unit', () => {
    expect(refusal(lines, [plant('prd_a', 2), plant('prd_b', 10)])).toBeNull();
  });

  it.each([
    ['a product that does not exist', [plant('prd_a', 5)], { code: 'PRODUCT_NOT_FOUND', data: { productId: 'prd_b' } }],
    ['a product out of stock', [plant('prd_a', 5), plant('prd_b', 0)], { code: 'OUT_OF_STOCK', data: { productId: 'prd_b', productName: 'Plant prd_b' } }],
    ['a product with less than the line wants', [plant('prd_a', 5), plant('prd_b', 2)], { code: 'INSUFFICIENT_STOCK', data: { productId: 'prd_b', available: 2, inCart: 0, productName: 'Plant prd_b' } }],
  ])('names %s, as it is', (_what, products, error) => {
    expect(refusal(lines, products)).toEqual(error);
  });

  it('names the first line that cannot be had', () => {
    expect(refusal(lines, [plant('prd_a', 1), plant('prd_b', 0)])).toMatchObject({ code: 'INSUFFICIENT_STOCK', data: { productId: 'prd_a' } });
  });

  it('keeps an unpaid checkout within its share of each stock (ADR 073); a paid order takes what there is', () => {
    // 2 of 4 and 3 of 6 are half; 3 of 5 is more than half (2).
    expect(refusal(lines, [plant('prd_a', 4), plant('prd_b', 6)], 50)).toBeNull();
    expect(refusal(lines, [plant('prd_a', 4), plant('prd_b', 5)], 50)).toEqual({
      code: 'HOLD_LIMIT',
      data: { productId: 'prd_b', productName: 'Plant prd_b', holdable: 2, stock: 5 },
    });
    expect(refusal(lines, [plant('prd_a', 4), plant('prd_b', 5)])).toBeNull();
    // A single last unit can be held; two of the last two cannot.
    expect(refusal([{ productId: 'prd_a', quantity: 1 }], [plant('prd_a', 1)], 50)).toBeNull();
    expect(refusal([{ productId: 'prd_a', quantity: 2 }], [plant('prd_a', 2)], 50)).toMatchObject({ code: 'HOLD_LIMIT', data: { holdable: 1, stock: 2 } });
    // Not enough stock is said as such, before the share.
    expect(refusal([{ productId: 'prd_a', quantity: 3 }], [plant('prd_a', 2)], 50)).toMatchObject({ code: 'INSUFFICIENT_STOCK' });
  });
});

describe('settledBefore', () => {
  it('answers a settled reservation with its status, and none or one not held yet as not found', () => {
    expect(settledBefore('res_1', 'committed')).toEqual({ ok: true, data: { reservationId: 'res_1', status: 'committed' } });
    expect(settledBefore('res_1', 'released')).toEqual({ ok: true, data: { reservationId: 'res_1', status: 'released' } });
    expect(settledBefore('res_1', null)).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
    expect(settledBefore('res_1', 'held')).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
  });
});

describe('StockService.reserve', () => {
  it('claims the id for its order and locks each product once in id order in one statement, takes every line as a sale of the reservation and writes the stock each was left at', async () => {
    const t = setup({ claim: HOLD, products: [plant('prd_a', 5), plant('prd_b', 2)], apply: () => [{ productId: 'prd_a', change: -3, stockQuantity: 2, updatedAt: AT }, { productId: 'prd_b', change: -2, stockQuantity: 0, updatedAt: AT }] });
    const reply = await t.service.reserve('res_1', '1A2B3C4D', [{ productId: 'prd_b', quantity: 2 }, { productId: 'prd_a', quantity: 1 }, { productId: 'prd_a', quantity: 2 }], 600);
    expect(reply).toEqual({ ok: true, data: { reservationId: 'res_1', expiresAt: HOLD.toISOString() } });
    expect(t.calls).toEqual([
      ['claimLocking', 'res_1', '1A2B3C4D', 600, ['prd_a', 'prd_b']],
      ['apply', { cause: 'sale', reservationId: 'res_1' }, [{ productId: 'prd_a', change: -3 }, { productId: 'prd_b', change: -2 }]],
    ]);
    expect(t.ended).toEqual(['commit']);
    expect(t.events).toEqual([
      expect.objectContaining({
        subject: 'evt.catalog.product.stock-changed.v1',
        data: { reservationId: 'res_1', reason: 'reserved', products: [{ productId: 'prd_a', stockQuantity: 2 }, { productId: 'prd_b', stockQuantity: 0 }] },
      }),
    ]);
  });

  it('answers a repeated id with the first hold, taking nothing and writing no event', async () => {
    const t = setup({ claim: null, expiresAt: HOLD, products: [plant('prd_a', 0)] });
    expect(await t.service.reserve('res_1', '1A2B3C4D', [{ productId: 'prd_a', quantity: 1 }], 600)).toEqual({ ok: true, data: { reservationId: 'res_1', expiresAt: HOLD.toISOString() } });
    expect(t.names()).toEqual(['claimLocking', 'expiresAt']);
    expect(t.events).toEqual([]);
  });

  it('refuses every line when one cannot be had: the claim rolled back, nothing taken, no event', async () => {
    const t = setup({ claim: HOLD, products: [plant('prd_a', 10), plant('prd_b', 1)] });
    expect(await t.service.reserve('res_1', '1A2B3C4D', [{ productId: 'prd_a', quantity: 4 }, { productId: 'prd_b', quantity: 2 }], 600)).toEqual({
      ok: false,
      error: { code: 'INSUFFICIENT_STOCK', data: { productId: 'prd_b', available: 1, inCart: 0, productName: 'Plant prd_b' } },
    });
    expect(t.names()).toEqual(['claimLocking']);
    expect(t.ended).toEqual(['rollback']);
    expect(t.events).toEqual([]);
  });

  it('keeps nothing if the guarded take refuses a line it was told could be had', async () => {
    const t = setup({ claim: HOLD, products: [plant('prd_a', 10), plant('prd_b', 10)], apply: () => [{ productId: 'prd_a', change: -1, stockQuantity: 9, updatedAt: AT }] });
    await expect(t.service.reserve('res_1', '1A2B3C4D', [{ productId: 'prd_a', quantity: 1 }, { productId: 'prd_b', quantity: 1 }], 600)).rejects.toThrow('stock changed under its lock');
    expect(t.ended).toEqual(['rollback']);
    expect(t.events).toEqual([]);
  });
});

describe('StockService commit and release', () => {
  it('commits a held reservation: its stock stays sold, no event', async () => {
    const t = setup({ settleHeld: true });
    expect(await t.service.commit('res_1')).toEqual({ ok: true, data: { reservationId: 'res_1', status: 'committed' } });
    expect(t.calls).toEqual([['settleHeld', 'res_1', 'committed']]);
    expect(t.events).toEqual([]);
  });

  it('releases a held reservation: its lines given back through the ledger as a release, and a released event with the stock each product was left at', async () => {
    const t = setup({ settleHeld: true, lines: [{ productId: 'prd_a', quantity: 2 }, { productId: 'prd_b', quantity: 1 }], apply: (moves) => moves.map((m) => ({ ...m, stockQuantity: m.productId === 'prd_a' ? 5 : 1, updatedAt: AT })) });
    expect(await t.service.release('res_1')).toEqual({ ok: true, data: { reservationId: 'res_1', status: 'released' } });
    expect(t.calls).toEqual([
      ['settleHeld', 'res_1', 'released'],
      ['lockLines', 'res_1'],
      ['apply', { cause: 'release', reservationId: 'res_1' }, [{ productId: 'prd_a', change: 2 }, { productId: 'prd_b', change: 1 }]],
    ]);
    expect(t.events.map((e) => e.data)).toEqual([
      { reservationId: 'res_1', reason: 'released', products: [{ productId: 'prd_a', stockQuantity: 5 }, { productId: 'prd_b', stockQuantity: 1 }] },
    ]);
  });

  it.each(['commit', 'release'] as const)('answers a %s of a settled reservation with the status it has, changing nothing', async (verb) => {
    const t = setup({ settleHeld: false, status: 'committed' });
    expect(await t.service[verb]('res_1')).toEqual({ ok: true, data: { reservationId: 'res_1', status: 'committed' } });
    expect(t.names()).toEqual(['settleHeld', 'status']);
    expect(t.events).toEqual([]);
  });

  it('answers NOT_FOUND for a reservation that does not exist', async () => {
    const t = setup({ settleHeld: false, status: null });
    expect(await t.service.release('res_none')).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
    expect(t.events).toEqual([]);
  });

  it('releases the holds whose time ran out, each on its own', async () => {
    const t = setup({ expired: ['res_1', 'res_2'], settleHeld: true });
    expect(await t.service.releaseExpired()).toBe(2);
    expect(t.calls.filter(([name]) => name === 'settleHeld')).toEqual([['settleHeld', 'res_1', 'released'], ['settleHeld', 'res_2', 'released']]);
    // The history says their time ran out.
    expect(t.calls.filter(([name]) => name === 'apply').map(([, cause]) => cause)).toEqual([{ cause: 'expiry', reservationId: 'res_1' }, { cause: 'expiry', reservationId: 'res_2' }]);
    expect(t.ended).toEqual(['commit', 'commit']);
  });
});
