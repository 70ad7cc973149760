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
    this.client = new Redis(config.REDIS_URL, { lazyConnect: false, maxRetriesPerRequest: 2 });
    this.client.on('error', (e) => this.log.warn({ err: e }, 'redis connection problem'));
    health.register('redis', async () => (await this.client.ping()) === 'PONG');
  }

  async onApplicationShutdown() {
    await this.client.quit().catch(() => undefined);
  }
}
