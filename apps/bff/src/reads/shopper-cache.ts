import { CachedBody } from '../catalog/cached-body.js';

/** A load of one shopper's answer: the value, and the tags (product ids) a hint may name it by. */
export interface ShopperRead {
  readonly value: unknown;
  readonly tags?: readonly string[];
}

interface Entry {
  readonly body: CachedBody;
  readonly until: number;
  readonly tags: readonly string[];
}

interface Load {
  readonly promise: Promise<CachedBody>;
  /** Set when the shopper's answer changed while the load ran: its result is sent, not kept. */
  stale: boolean;
  /** Tags forgotten while the load ran: if the result carries one of them it is not kept. */
  readonly forgottenTags: Set<string>;
}

export interface ShopperCacheOptions {
  /** Shoppers kept at most; the oldest entry goes first. */
  readonly maxEntries: number;
  /** How long an answer is kept without a hint (a safety net: hints forget it at once). */
  readonly ttlMs: number;
  readonly now?: () => number;
}

/**
 * One kind of a shopper's answer (`/api/me`, `/api/cart`) kept in this process, per
 * shopper, as the bytes to send (ADR 025). An answer is forgotten when a change hint
 * names its shopper or one of its tags, when this process changes it, and after
 * `ttlMs`. Concurrent misses of one shopper share one load; a load during which the answer
 * was forgotten is answered but not kept, and so is any load while hints cannot arrive
 * ({@link pause}), so an answer kept here was never older than the last hint heard.
 */
export class ShopperCache {
  private readonly entries = new Map<string, Entry>();
  private readonly byTag = new Map<string, Set<string>>();
  private readonly loading = new Map<string, Load>();
  private paused = false;
  private readonly now: () => number;

  constructor(private readonly options: ShopperCacheOptions) {
    this.now = options.now ?? Date.now;
  }

  /** The shopper's answer from this process, else from `load` (one load per shopper at a time). */
  read(userId: string, load: () => Promise<ShopperRead>): CachedBody | Promise<CachedBody> {
    const hit = this.entries.get(userId);
    if (hit) {
      if (hit.until > this.now()) return hit.body;
      this.drop(userId);
    }
    const pending = this.loading.get(userId);
    if (pending) return pending.promise;
    const started: { stale: boolean; forgottenTags: Set<string> } = { stale: this.paused, forgottenTags: new Set() };
    const promise = load()
      .then(({ value, tags = [] }) => {
        const body = CachedBody.of(value);
        if (!started.stale && !tags.some((t) => started.forgottenTags.has(t))) this.keep(userId, body, tags);
        return body;
      })
      .finally(() => {
        if (this.loading.get(userId) === entry) this.loading.delete(userId);
      });
    const entry: Load = Object.assign(started, { promise });
    this.loading.set(userId, entry);
    return promise;
  }

  /** Forgets the shopper's answer, and does not keep a load of it that is under way. */
  forget(userId: string): void {
    this.drop(userId);
    const load = this.loading.get(userId);
    if (load) {
      load.stale = true;
      this.loading.delete(userId);
    }
  }

  /** Forgets every answer that carries one of `tags` (a product whose facts changed). */
  forgetTagged(tags: readonly string[]): void {
    for (const tag of tags) for (const userId of [...(this.byTag.get(tag) ?? [])]) this.drop(userId);
    for (const load of this.loading.values()) for (const tag of tags) load.forgottenTags.add(tag);
  }

  /** Forgets everything, loads under way included. */
  forgetAll(): void {
    this.entries.clear();
    this.byTag.clear();
    for (const load of this.loading.values()) load.stale = true;
    this.loading.clear();
  }

  /** Notices cannot arrive (the connection is down): forget everything and keep nothing until {@link resume}. */
  pause(): void {
    this.paused = true;
    this.forgetAll();
  }

  /** Notices arrive again: answers loaded from now on are kept. */
  resume(): void {
    this.forgetAll();
    this.paused = false;
  }

  get size(): number {
    return this.entries.size;
  }

  private keep(userId: string, body: CachedBody, tags: readonly string[]): void {
    this.drop(userId);
    if (this.entries.size >= this.options.maxEntries) this.drop(this.entries.keys().next().value!);
    this.entries.set(userId, { body, until: this.now() + this.options.ttlMs, tags });
    for (const tag of tags) {
      let users = this.byTag.get(tag);
      if (!users) this.byTag.set(tag, (users = new Set()));
      users.add(userId);
    }
  }

  private drop(userId: string): void {
    const entry = this.entries.get(userId);
    if (!entry) return;
    this.entries.delete(userId);
    for (const tag of entry.tags) {
      const users = this.byTag.get(tag);
      users?.delete(userId);
      if (users?.size === 0) this.byTag.delete(tag);
    }
  }
}
