import { Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { Redis } from 'ioredis';
import { getLogger, HealthService, InjectConfig } from '@jalaj/server-kit';
import type { BffConfig } from '../config.js';

/** The BFF's Redis: cache, rate limits and token revocation. */
@Injectable()
export class RedisService implements OnApplicationShutdown {
  private readonly log = getLogger('Redis');
  readonly client: Redis;

  constructor(health: HealthService, @InjectConfig() config: BffConfig) {
    // Auto-pipelining: the commands issued in one turn of the event loop (every signed-in
    // request's rate-limit count and revocation check) leave in one write.
    this.client = new Redis(config.REDIS_URL, { lazyConnect: false, maxRetriesPerRequest: 2, enableAutoPipelining: true });
    this.client.on('error', (e) => this.log.warn({ err: e }, 'redis connection problem'));
    health.register('redis', async () => (await this.client.ping()) === 'PONG');
  }

  async onApplicationShutdown() {
    await this.client.quit().catch(() => undefined);
  }
}
