import { manualLoads } from '@jalaj/testing';
import { ShopperCache, type ShopperRead } from './shopper-cache.js';

const loads = () => manualLoads<ShopperRead>();

const text = async (body: ReturnType<ShopperCache['read']>) => (await body).json.toString();

describe('ShopperCache', () => {
  let now: number;
  let cache: ShopperCache;

  beforeEach(() => {
    now = 1_000_000;
    cache = new ShopperCache({ maxEntries: 3, ttlMs: 30_000, now: () => now });
  });

  it('answers from memory after one load, and shares a load between concurrent misses', async () => {
    const l = loads();
    const first = cache.read('usr_1', l.load);
    const second = cache.read('usr_1', l.load);
    l.settle({ value: { n: 1 } });
    expect(await text(first)).toBe('{"n":1}');
    expect(await text(second)).toBe('{"n":1}');
    expect(await text(cache.read('usr_1', l.load))).toBe('{"n":1}');
    expect(l.count).toBe(1);
  });

  it('keeps nothing for a shopper it was told about while loading, and loads afresh for later readers', async () => {
    const l = loads();
    const before = cache.read('usr_1', l.load);
    cache.forget('usr_1');
    const after = cache.read('usr_1', l.load);
    expect(l.count).toBe(2);
    l.settle({ value: 'old' });
    l.settle({ value: 'new' });
    expect(await text(before)).toBe('"old"');
    expect(await text(after)).toBe('"new"');
    expect(await text(cache.read('usr_1', l.load))).toBe('"new"');
    expect(l.count).toBe(2);
  });

  it('keeps nothing for a shopper told about after a product hint set their load apart', async () => {
    // A cart read before the paid order left it: another product's hint arrives while it
    // loads, then the shopper's own. The second must reach the load the first set apart.
    const l = loads();
    const before = cache.read('usr_1', l.load);
    cache.forgetTagged(['prd_other']);
    cache.forget('usr_1');
    l.settle({ value: 'cart with the plant', tags: ['prd_a'] });
    expect(await text(before)).toBe('"cart with the plant"');
    const after = cache.read('usr_1', l.load);
    expect(l.count).toBe(2);
    l.settle({ value: 'cart without it', tags: [] });
    expect(await text(after)).toBe('"cart without it"');
  });

  it('keeps nothing from a load set apart by a product hint once everything is forgotten', async () => {
    const l = loads();
    const before = cache.read('usr_1', l.load);
    cache.forgetTagged(['prd_other']);
    cache.pause();
    cache.resume();
    l.settle({ value: 'old', tags: ['prd_a'] });
    await before;
    void cache.read('usr_1', l.load);
    expect(l.count).toBe(2);
  });

  it('forgets answers carrying a changed product, and loads that would carry one', async () => {
    const l = loads();
    const p1 = cache.read('usr_1', l.load);
    l.settle({ value: 'cart 1', tags: ['prd_a'] });
    await p1;
    const p2 = cache.read('usr_2', l.load);
    l.settle({ value: 'cart 2', tags: ['prd_b'] });
    await p2;
    const loading = cache.read('usr_3', l.load);
    cache.forgetTagged(['prd_a', 'prd_c']);
    l.settle({ value: 'cart 3', tags: ['prd_c'] });
    await loading;

    expect(cache.size).toBe(1);
    void cache.read('usr_2', l.load);
    expect(l.count).toBe(3);
    void cache.read('usr_1', l.load);
    void cache.read('usr_3', l.load);
    expect(l.count).toBe(5);
  });

  it('does not let a reader that comes after a product hint share a load that began before it', async () => {
    const l = loads();
    const before = cache.read('usr_1', l.load);
    cache.forgetTagged(['prd_a']);
    const after = cache.read('usr_1', l.load);
    expect(l.count).toBe(2);
    l.settle({ value: 'old cart', tags: ['prd_a'] });
    l.settle({ value: 'new cart', tags: ['prd_a'] });
    expect(await text(before)).toBe('"old cart"');
    expect(await text(after)).toBe('"new cart"');
    expect(await text(cache.read('usr_1', l.load))).toBe('"new cart"');
    expect(l.count).toBe(2);
  });

  it('forgets after its time limit and drops the oldest shopper when full', async () => {
    const l = loads();
    for (const id of ['usr_1', 'usr_2', 'usr_3', 'usr_4']) {
      const read = cache.read(id, l.load);
      l.settle({ value: id });
      await read;
    }
    expect(cache.size).toBe(3);
    void cache.read('usr_4', l.load);
    expect(l.count).toBe(4);
    void cache.read('usr_1', l.load);
    expect(l.count).toBe(5);

    now += 30_001;
    void cache.read('usr_4', l.load);
    expect(l.count).toBe(6);
  });

  it('drops the least recently read shopper when full', async () => {
    const l = loads();
    for (const id of ['usr_1', 'usr_2', 'usr_3']) {
      const read = cache.read(id, l.load);
      l.settle({ value: id });
      await read;
    }
    expect(await text(cache.read('usr_1', l.load))).toBe('"usr_1"');
    const fourth = cache.read('usr_4', l.load);
    l.settle({ value: 'usr_4' });
    await fourth;
    void cache.read('usr_1', l.load);
    expect(l.count).toBe(4);
    void cache.read('usr_2', l.load);
    expect(l.count).toBe(5);
  });

  it('lets a hint forget only what carries its tag now, after an entry left to make room', async () => {
    const l = loads();
    const keep = async (id: string, tag: string) => {
      const read = cache.read(id, l.load);
      l.settle({ value: `${id} ${tag}`, tags: [tag] });
      await read;
    };
    await keep('usr_1', 'prd_a');
    for (const id of ['usr_2', 'usr_3', 'usr_4']) await keep(id, 'prd_x');
    await keep('usr_1', 'prd_b');
    cache.forgetTagged(['prd_a']);
    expect(cache.size).toBe(3);
    expect(await text(cache.read('usr_1', l.load))).toBe('"usr_1 prd_b"');
    expect(l.count).toBe(5);
    cache.forgetTagged(['prd_x']);
    expect(cache.size).toBe(1);
  });

  it('keeps nothing while paused (hints cannot arrive) and starts empty when resumed', async () => {
    const l = loads();
    const kept = cache.read('usr_1', l.load);
    l.settle({ value: 1 });
    await kept;
    cache.pause();
    expect(cache.size).toBe(0);
    const whilePaused = cache.read('usr_1', l.load);
    l.settle({ value: 2 });
    await whilePaused;
    expect(cache.size).toBe(0);
    cache.resume();
    const after = cache.read('usr_1', l.load);
    l.settle({ value: 3 });
    await after;
    expect(cache.size).toBe(1);
  });

  it('passes a failed load to its readers and keeps nothing', async () => {
    const failing = () => Promise.reject(new Error('identity unavailable'));
    await expect(cache.read('usr_1', failing)).rejects.toThrow('identity unavailable');
    expect(cache.size).toBe(0);
  });
});
