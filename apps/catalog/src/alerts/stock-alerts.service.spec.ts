import type { EntityManager } from '@mikro-orm/core';
import { BACK_IN_STOCK_MAX_USERS, type EventEnvelope } from '@jalaj/contracts';
import { eventsQueuedIn } from '@jalaj/server-kit';
import type { StockAlertsRepository, TakenAlert } from './stock-alerts.repository.js';
import { alertRefusal, backInStockEvents, cameBackInStock, StockAlertsService } from './stock-alerts.service.js';

/**
 * The alert rules without a database: the service against a transaction that keeps what
 * it wrote and a repository that answers as its statements would (their SQL, locks and
 * races are stock-alerts.int-spec.ts's).
 */
function setup(answers: { stock?: number | null; taken?: TakenAlert[]; mine?: string[] }) {
  const calls: [string, ...unknown[]][] = [];
  const transaction = {};
  const tx = { getTransactionContext: () => transaction } as unknown as EntityManager;
  const em = { transactional: <T>(work: (t: EntityManager) => Promise<T>) => work(tx) } as unknown as EntityManager;
  const asked = (name: string, value: unknown) => async (_em: EntityManager, ...args: unknown[]) => (calls.push([name, ...args]), value);
  const repo = {
    stockForShare: asked('stockForShare', answers.stock === undefined ? 0 : answers.stock),
    add: asked('add', undefined),
    remove: asked('remove', undefined),
    productIdsOf: asked('productIdsOf', answers.mine ?? []),
    counts: asked('counts', {}),
    take: asked('take', answers.taken ?? []),
  } as unknown as StockAlertsRepository;
  return {
    service: new StockAlertsService(em, repo),
    calls,
    tx,
    /** What the transaction's commit writes to the outbox. */
    get events(): EventEnvelope[] {
      return eventsQueuedIn(tx).map((r) => r.envelope as EventEnvelope);
    },
  };
}

const shopper = { id: 'usr_a', role: 'user' as const };
const waiting = (productId: string, ...userIds: string[]): TakenAlert[] => userIds.map((userId) => ({ productId, productName: `Plant ${productId}`, userId }));

describe('cameBackInStock', () => {
  it('is the products whose stock went from 0 to more, and no other', () => {
    const changes = [
      { productId: 'prd_a', before: 0, after: 3 },
      { productId: 'prd_b', before: 2, after: 5 },
      { productId: 'prd_c', before: 0, after: 0 },
      { productId: 'prd_d', before: 4, after: 0 },
    ];
    expect(cameBackInStock(changes).map((c) => c.productId)).toEqual(['prd_a']);
  });
});

describe('alertRefusal', () => {
  it('lets a shopper wait only for a product that exists and is out of stock', () => {
    expect(alertRefusal('prd_a', 0)).toBeNull();
    expect(alertRefusal('prd_a', null)).toEqual({ code: 'PRODUCT_NOT_FOUND', data: { productId: 'prd_a' } });
    expect(alertRefusal('prd_a', 2)).toEqual({ code: 'PRODUCT_IN_STOCK', data: { productId: 'prd_a', stockQuantity: 2 } });
  });
});

describe('backInStockEvents', () => {
  it('names each waiting shopper once, per product, in the order they asked', () => {
    const taken = [...waiting('prd_a', 'usr_2', 'usr_1', 'usr_2'), ...waiting('prd_b', 'usr_3')];
    expect(backInStockEvents(taken, new Map([['prd_a', 4], ['prd_b', 1]]))).toEqual([
      { productId: 'prd_a', productName: 'Plant prd_a', stockQuantity: 4, userIds: ['usr_2', 'usr_1'] },
      { productId: 'prd_b', productName: 'Plant prd_b', stockQuantity: 1, userIds: ['usr_3'] },
    ]);
  });

  it('splits a crowd into events the contract allows', () => {
    const crowd = Array.from({ length: BACK_IN_STOCK_MAX_USERS * 2 + 1 }, (_, i) => `usr_${i}`);
    const events = backInStockEvents(waiting('prd_a', ...crowd), new Map([['prd_a', 9]]));
    expect(events.map((e) => e.userIds.length)).toEqual([BACK_IN_STOCK_MAX_USERS, BACK_IN_STOCK_MAX_USERS, 1]);
    expect(events.flatMap((e) => e.userIds)).toEqual(crowd);
  });
});

describe('StockAlertsService', () => {
  it('records the wish of a shopper for a sold-out plant, and answers their list', async () => {
    const t = setup({ stock: 0, mine: ['prd_a'] });
    expect(await t.service.create(shopper, 'prd_a')).toEqual({ ok: true, data: { productIds: ['prd_a'] } });
    expect(t.calls.map(([name]) => name)).toEqual(['stockForShare', 'add', 'productIdsOf']);
    expect(t.calls[1]).toEqual(['add', 'prd_a', 'usr_a']);
  });

  it.each([
    [null, 'PRODUCT_NOT_FOUND'],
    [3, 'PRODUCT_IN_STOCK'],
  ] as const)('records nothing for a product with stock %s: %s', async (stock, code) => {
    const t = setup({ stock });
    expect(await t.service.create(shopper, 'prd_a')).toMatchObject({ ok: false, error: { code } });
    expect(t.calls.map(([name]) => name)).toEqual(['stockForShare']);
  });

  it('forgets the wish of the shopper who asks, only theirs', async () => {
    const t = setup({});
    expect(await t.service.delete(shopper, 'prd_a')).toEqual({ ok: true, data: { productIds: [] } });
    expect(t.calls[0]).toEqual(['remove', 'prd_a', 'usr_a']);
  });

  it('uses up the requests of a product back from 0 and writes one event for its shoppers', async () => {
    const t = setup({ taken: waiting('prd_a', 'usr_1', 'usr_2') });
    const mailed = await t.service.stockChanged(t.tx, [
      { productId: 'prd_a', before: 0, after: 6 },
      { productId: 'prd_b', before: 1, after: 2 },
    ]);
    expect(mailed).toBe(2);
    expect(t.calls).toEqual([['take', ['prd_a']]]);
    expect(t.events.map((e) => [e.subject, e.data])).toEqual([
      ['evt.catalog.product.back-in-stock.v1', { productId: 'prd_a', productName: 'Plant prd_a', stockQuantity: 6, userIds: ['usr_1', 'usr_2'] }],
    ]);
  });

  it('asks nothing of the database when no product came back, and writes no event when none waited', async () => {
    const none = setup({});
    expect(await none.service.stockChanged(none.tx, [{ productId: 'prd_a', before: 2, after: 9 }, { productId: 'prd_b', before: 3, after: 0 }])).toBe(0);
    expect(none.calls).toEqual([]);
    const nobody = setup({ taken: [] });
    expect(await nobody.service.stockChanged(nobody.tx, [{ productId: 'prd_a', before: 0, after: 1 }])).toBe(0);
    expect(nobody.events).toEqual([]);
  });
});
