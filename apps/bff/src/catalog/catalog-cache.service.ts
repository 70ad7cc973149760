import { Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { DeliverPolicy, jetstream, type ConsumerMessages } from '@nats-io/jetstream';
import { LRUCache } from 'lru-cache';
import { EVENT_STREAM } from '@jalaj/contracts';
import { getLogger, NatsConnectionHolder } from '@jalaj/server-kit';
import { RedisService } from '../redis/redis.service.js';
import { CachedBody } from './cached-body.js';

const VERSION_KEY = 'cache:catalog:version';
const TTL_SECONDS = 300;
/** How long this process keeps a read without hearing of a change (a safety net: events clear it at once). */
const LOCAL_TTL_MS = 30_000;
/** Reads kept in this process at most (searches make many keys); the least recently read go first. */
const LOCAL_MAX_ENTRIES = 500;

/**
 * The BFF's cache of product reads, in two layers. In this process, an lru-cache (ADR 063):
 * the bytes of each read (and their compressed forms, {@link CachedBody}), cleared the
 * moment any `evt.catalog.product.*` event reaches this process's listener or an admin
 * change goes through it, and kept at most 30 s in case an event was missed. Behind it,
 * Redis, shared by the replicas: every key carries the catalogue's version, which the same
 * events and changes bump, so no replica refills from an old entry. Concurrent misses of a
 * key share one load (lru-cache's `fetch()`); a load under way when the layer is cleared
 * answers its readers but is not kept, and readers after the change load afresh.
 */
@Injectable()
export class CatalogCache implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly log = getLogger('CatalogCache');
  private messages?: ConsumerMessages;
  private readonly local = new LRUCache<string, CachedBody, () => Promise<unknown>>({
    max: LOCAL_MAX_ENTRIES,
    ttl: LOCAL_TTL_MS,
    // clear() aborts the loads under way: their readers still get the answer, the layer does not keep it.
    ignoreFetchAbort: true,
    fetchMethod: async (key, _stale, { context: load }) => new CachedBody(Buffer.from(await this.readJson(key, load))),
  });

  constructor(
    private readonly redis: RedisService,
    private readonly nats: NatsConnectionHolder,
  ) {}

  /** A read from this process's layer, else from Redis or `load` (one load per key at a time). */
  read(key: string, load: () => Promise<unknown>): Promise<CachedBody> | CachedBody {
    return this.local.get(key) ?? this.local.forceFetch(key, { context: load });
  }

  /**
   * The JSON text of a read, from Redis or from `load`. Kept as text end to end:
   * a hit is used as it is stored, without parsing and serialising it again.
   */
  private async readJson(key: string, load: () => Promise<unknown>): Promise<string> {
    const client = this.redis.client;
    let full: string | undefined;
    try {
      const version = (await client.get(VERSION_KEY)) ?? '0';
      full = `cache:catalog:${version}:${key}`;
      const hit = await client.get(full);
      if (hit) return hit;
    } catch (e) {
      // A cache outage must not take the shop down: read through.
      this.log.warn({ err: e }, 'cache unavailable; reading through');
    }
    const text = JSON.stringify(await load());
    if (full) await client.set(full, text, 'EX', TTL_SECONDS).catch(() => undefined);
    return text;
  }

  async invalidate() {
    this.local.clear();
    await this.redis.client.incr(VERSION_KEY).catch((e) => this.log.warn({ err: e }, 'cache invalidation failed'));
  }

  async onApplicationBootstrap() {
    // An ordered (ephemeral) consumer per BFF process: invalidation is idempotent, so
    // there is no need for a durable consumer or an inbox here.
    const js = jetstream(await this.nats.connection());
    await this.nats.manager();
    const consumer = await js.consumers.get(EVENT_STREAM, { filter_subjects: 'evt.catalog.product.>', deliver_policy: DeliverPolicy.New });
    this.messages = await consumer.consume();
    void (async () => {
      for await (const _msg of this.messages!) await this.invalidate();
      // The listener ended (connection closed): nothing will clear this process's layer any more.
      this.local.clear();
    })().catch((e) => this.log.error({ err: e }, 'catalog event listener stopped'));
  }

  async onApplicationShutdown() {
    await this.messages?.close();
  }
}
