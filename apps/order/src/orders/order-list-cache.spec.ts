import type { EntityManager } from '@mikro-orm/core';
import { OrderListCache } from './order-list-cache.js';

/** A cache over a fake version row that the test moves. */
function setup() {
  const db = { version: '7' };
  // runSql outside a transaction: the ORM's pool.
  const pool = { query: async () => ({ rows: [{ version: db.version }] }) };
  const em = { getTransactionContext: () => undefined, getConnection: () => ({ getNativeClient: async () => pool }) } as unknown as EntityManager;
  return { db, cache: new OrderListCache(em) };
}

describe('the Orders tab’s cache of pages and counts', () => {
  it('computes a key once per list version, and again once the version moves', async () => {
    const { db, cache } = setup();
    let loads = 0;
    const load = async () => ++loads;
    expect(await cache.get(await cache.currentVersion(), 'count a', load)).toBe(1);
    expect(await cache.get(await cache.currentVersion(), 'count a', load)).toBe(1);
    expect(await cache.get(await cache.currentVersion(), 'count b', load)).toBe(2);
    db.version = '8';
    expect(await cache.get(await cache.currentVersion(), 'count a', load)).toBe(3);
  });

  it('answers concurrent requests for the same key with one computation', async () => {
    const { cache } = setup();
    let loads = 0;
    const load = () => new Promise<number>((resolve) => setTimeout(() => resolve(++loads), 5));
    const answers = await Promise.all(Array.from({ length: 10 }, () => cache.get(7n, 'page', load)));
    expect(answers).toEqual(Array(10).fill(1));
  });

  it('does not keep a failed computation, and never stores an answer read at an older version', async () => {
    const { cache } = setup();
    await expect(cache.get(7n, 'k', () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    expect(await cache.get(7n, 'k', async () => 'fresh')).toBe('fresh');
    expect(await cache.get(8n, 'k', async () => 'newer')).toBe('newer');
    // A request that read version 7 after 8 was seen (it raced a commit) is answered without the cache.
    expect(await cache.get(7n, 'k', async () => 'stale read')).toBe('stale read');
    expect(await cache.get(8n, 'k', async () => 'not asked')).toBe('newer');
  });
});
