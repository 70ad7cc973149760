import { LRUCache } from 'lru-cache';

interface Entry<V> {
  readonly value: V;
  readonly tags: readonly string[];
}

interface Load<V> {
  readonly key: string;
  readonly promise: Promise<V>;
  /** Set when the value was forgotten while the load ran: its result answers its caller, but is not kept. */
  stale: boolean;
  /** Tags forgotten while the load ran: if the result carries one of them it is not kept. */
  readonly forgottenTags: Set<string>;
}

export interface HintedMemoryOptions {
  /** Entries kept at most; the least recently read goes first. */
  readonly maxEntries: number;
  /** How long an entry is kept without a hint (a safety net: hints forget it at once). */
  readonly ttlMs: number;
  /** The clock of the entries' time limit, in ms; injected in specs. */
  readonly now?: () => number;
}

/**
 * Values kept in this process by key, forgotten by change hints (ADR 025, ADR 051): a value
 * is forgotten when a hint names its key or one of its tags, when this process changes it,
 * and after `ttlMs`. The values are an lru-cache (`maxEntries`, `ttlMs`; ADR 063) beside an
 * index of their tags, which whatever drops an entry keeps in step. Concurrent misses of
 * one key share one load; a load during which the key (or one of its tags) was forgotten
 * answers its caller but is not kept, and so is any load while hints cannot arrive
 * ({@link pause}), so a value kept here was never older than the last hint heard.
 */
export class HintedMemory<V> {
  private readonly byTag = new Map<string, Set<string>>();
  private readonly entries: LRUCache<string, Entry<V>>;
  /**
   * The load of each key that later readers share, ours rather than lru-cache's `fetch()`:
   * a tag hint must stop later readers sharing them, yet keep a result that carries none
   * of its tags, and `fetch()` can only do both or neither (by deleting the key).
   */
  private readonly loading = new Map<string, Load<V>>();
  /**
   * Every load under way, those shared and those a hint set apart: a later hint naming a
   * load's key must reach it too, or it would keep an answer read before the change.
   */
  private readonly underWay = new Set<Load<V>>();
  private paused = false;

  constructor(options: HintedMemoryOptions) {
    this.entries = new LRUCache<string, Entry<V>>({
      max: options.maxEntries,
      ttl: options.ttlMs,
      // A hint, the time limit or room for a newer entry: the key leaves its tags' index too.
      dispose: (entry, key) => this.untag(key, entry.tags),
      // A spec's clock is read at every check (lru-cache otherwise reuses a reading for 1 ms).
      ...(options.now ? { perf: { now: options.now }, ttlResolution: 0 } : {}),
    });
  }

  /** The value of `key` from this process, else from `load` (one load per key at a time). */
  read(key: string, load: () => Promise<{ value: V; tags?: readonly string[] }>): V | Promise<V> {
    const hit = this.entries.get(key);
    if (hit) return hit.value;
    const pending = this.loading.get(key);
    if (pending) return pending.promise;
    const started: { key: string; stale: boolean; forgottenTags: Set<string> } = { key, stale: this.paused, forgottenTags: new Set() };
    const promise = load()
      .then(({ value, tags = [] }) => {
        if (!started.stale && !tags.some((t) => started.forgottenTags.has(t))) this.keep(key, value, tags);
        return value;
      })
      .finally(() => {
        this.underWay.delete(entry);
        if (this.loading.get(key) === entry) this.loading.delete(key);
      });
    const entry: Load<V> = Object.assign(started, { promise });
    this.loading.set(key, entry);
    this.underWay.add(entry);
    return promise;
  }

  /** Forgets the value of `key`, and does not keep a load of it that is under way (shared or set apart by a tag hint). */
  forget(key: string): void {
    this.entries.delete(key);
    this.loading.delete(key);
    for (const load of this.underWay) if (load.key === key) load.stale = true;
  }

  /** Forgets every value that carries one of `tags` (a product whose facts changed, a user whose tokens ended). */
  forgetTagged(tags: readonly string[]): void {
    for (const tag of tags) for (const key of [...(this.byTag.get(tag) ?? [])]) this.entries.delete(key);
    // A load under way may carry one of them (its tags are known when it ends): it is not
    // kept if it does, and later readers do not share it but load afresh. It stays under
    // way, where a hint naming its key still reaches it.
    for (const load of this.underWay) for (const tag of tags) load.forgottenTags.add(tag);
    this.loading.clear();
  }

  /** Forgets everything, loads under way included. */
  forgetAll(): void {
    this.entries.clear();
    this.byTag.clear();
    for (const load of this.underWay) load.stale = true;
    this.loading.clear();
  }

  /** Hints cannot arrive (the connection is down): forget everything and keep nothing until {@link resume}. */
  pause(): void {
    this.paused = true;
    this.forgetAll();
  }

  /** Hints arrive again: values loaded from now on are kept. */
  resume(): void {
    this.forgetAll();
    this.paused = false;
  }

  get size(): number {
    return this.entries.size;
  }

  private keep(key: string, value: V, tags: readonly string[]): void {
    this.entries.set(key, { value, tags });
    for (const tag of tags) {
      let keys = this.byTag.get(tag);
      if (!keys) this.byTag.set(tag, (keys = new Set()));
      keys.add(key);
    }
  }

  private untag(key: string, tags: readonly string[]): void {
    for (const tag of tags) {
      const keys = this.byTag.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) this.byTag.delete(tag);
    }
  }
}
