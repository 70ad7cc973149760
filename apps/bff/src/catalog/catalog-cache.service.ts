import { Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { DeliverPolicy, jetstream, type ConsumerMessages } from '@nats-io/jetstream';
import { EVENT_STREAM } from '@jalaj/contracts';
import { getLogger, NatsConnectionHolder } from '@jalaj/server-kit';
import { RedisService } from '../redis/redis.service.js';

const VERSION_KEY = 'cache:catalog:version';
/** How long a cached read is kept; also the oldest a server-rendered page may be. */
export const CATALOG_CACHE_TTL_SECONDS = 300;

/**
 * The BFF's Redis cache of product reads. Every key carries the catalogue's version;
 * any `evt.catalog.product.*` event (and any admin change made through this BFF) bumps
 * it, so after a change no replica serves the old price — the old entries just expire.
 */
@Injectable()
export class CatalogCache implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly log = getLogger('CatalogCache');
  private messages?: ConsumerMessages;

  constructor(
    private readonly redis: RedisService,
    private readonly nats: NatsConnectionHolder,
  ) {}

  /**
   * The JSON text of a read, from the cache or from `load`. Kept as text end to end:
   * a hit is sent as it is stored, without parsing and serialising it again.
   */
  async readJson(key: string, load: () => Promise<unknown>): Promise<string> {
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
    if (full) await client.set(full, text, 'EX', CATALOG_CACHE_TTL_SECONDS).catch(() => undefined);
    return text;
  }

  /** The catalogue's version, which every product change bumps; null when Redis cannot say. */
  async version(): Promise<string | null> {
    try {
      return (await this.redis.client.get(VERSION_KEY)) ?? '0';
    } catch {
      return null;
    }
  }

  async invalidate() {
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
    })().catch((e) => this.log.error({ err: e }, 'catalog event listener stopped'));
  }

  async onApplicationShutdown() {
    await this.messages?.close();
  }
}
