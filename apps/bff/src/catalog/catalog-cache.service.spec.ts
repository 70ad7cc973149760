import type { NatsConnectionHolder } from '@jalaj/server-kit';
import { manualLoads } from '@jalaj/testing';
import type { RedisService } from '../redis/redis.service.js';
import { CachedBody } from './cached-body.js';
import { CatalogCache } from './catalog-cache.service.js';

/** Redis as the cache uses it (get, set with a TTL, incr), in memory; `down` makes every call fail. */
function fakeRedis() {
  const store = new Map<string, string>();
  const state = { down: false };
  const up = () => {
    if (state.down) throw new Error('Redis out of reach');
  };
  const client = {
    get: async (key: string) => (up(), store.get(key) ?? null),
    set: async (key: string, value: string) => (up(), store.set(key, value), 'OK'),
    incr: async (key: string) => {
      up();
      const n = Number(store.get(key) ?? 0) + 1;
      store.set(key, String(n));
      return n;
    },
  };
  return { redis: { client } as unknown as RedisService, store, state };
}

/** Lets the cache's Redis round trips (promises) run. */
const settled = () => new Promise((resolve) => setImmediate(resolve));
const text = async (body: Promise<CachedBody> | CachedBody) => (await body).json.toString();

describe('CatalogCache', () => {
  let redis: ReturnType<typeof fakeRedis>;
  let cache: CatalogCache;

  beforeEach(() => {
    redis = fakeRedis();
    cache = new CatalogCache(redis.redis, {} as NatsConnectionHolder);
  });

  it('shares one load between concurrent misses, then answers from this process without a promise', async () => {
    const l = manualLoads<unknown>();
    const first = cache.read('list', l.load);
    const second = cache.read('list', l.load);
    await settled();
    expect(l.count).toBe(1);
    l.settle({ items: [1] });
    expect(await text(first)).toBe('{"items":[1]}');
    expect(await text(second)).toBe('{"items":[1]}');
    const kept = cache.read('list', l.load);
    expect(kept).toBeInstanceOf(CachedBody);
    expect(kept).toBe(await first);
    expect(l.count).toBe(1);
  });

  it('answers a load under way when a change is heard of, keeps nothing of it, and loads afresh for later readers', async () => {
    const l = manualLoads<unknown>();
    const before = cache.read('list', l.load);
    await settled();
    void cache.invalidate();
    const after = cache.read('list', l.load);
    await settled();
    expect(l.count).toBe(2);
    l.settle('old');
    l.settle('new');
    expect(await text(before)).toBe('"old"');
    expect(await text(after)).toBe('"new"');
    expect(await text(cache.read('list', l.load))).toBe('"new"');
    expect(l.count).toBe(2);
  });

  it('reads what Redis holds for the current version, as it is, and fills Redis on a miss', async () => {
    redis.store.set('cache:catalog:version', '7');
    redis.store.set('cache:catalog:7:list', '{"from":"redis"}');
    const l = manualLoads<unknown>();
    expect(await text(cache.read('list', l.load))).toBe('{"from":"redis"}');
    const miss = cache.read('other', l.load);
    await settled();
    l.settle({ from: 'catalog' });
    await miss;
    expect(redis.store.get('cache:catalog:7:other')).toBe('{"from":"catalog"}');
    expect(l.count).toBe(1);
  });

  it('reads through when Redis is out of reach, and passes a failed load to its readers without keeping it', async () => {
    redis.state.down = true;
    const l = manualLoads<unknown>();
    const failed = cache.read('list', l.load);
    await settled();
    l.fail(new Error('catalog unavailable'));
    await expect(failed).rejects.toThrow('catalog unavailable');
    const again = cache.read('list', l.load);
    await settled();
    l.settle('ok');
    expect(await text(again)).toBe('"ok"');
    expect(l.count).toBe(2);
  });
});
