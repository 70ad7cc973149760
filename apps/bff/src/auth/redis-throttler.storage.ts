import { Injectable } from '@nestjs/common';
import type { ThrottlerStorage } from '@nestjs/throttler';
import { AppErrorException } from '@jalaj/contracts';
import { getLogger } from '@jalaj/server-kit';
import { RedisService } from '../redis/redis.service.js';

/** What `increment` answers, as @nestjs/throttler's guard reads it (times in whole seconds). */
export interface ThrottlerRecord {
  totalHits: number;
  timeToExpire: number;
  isBlocked: boolean;
  timeToBlockExpire: number;
}

/**
 * One fixed window per key, in one atomic step: count the hit, start the window's expiry
 * on the first hit (or if the key somehow lost it), answer the count and the time left.
 */
export const INCREMENT_SCRIPT = `
local hits = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {hits, ttl}
`;

export const RATE_LIMIT_KEY_PREFIX = 'rate:';
export const RATE_LIMIT_UNAVAILABLE = 'Sign-in is temporarily unavailable. Please try again in a few minutes.';

/** The guard's record from the script's reply: over the limit, the caller waits out the window. */
export function toRecord([hits, ttlMs]: [number, number], limit: number): ThrottlerRecord {
  const seconds = Math.max(1, Math.ceil(ttlMs / 1000));
  const isBlocked = hits > limit;
  return { totalHits: hits, timeToExpire: seconds, isBlocked, timeToBlockExpire: isBlocked ? seconds : 0 };
}

/** The part of ioredis the storage uses. */
export interface EvalClient {
  eval(script: string, numKeys: number, ...args: (string | number)[]): Promise<unknown>;
}

/**
 * @nestjs/throttler's storage on the BFF's Redis, shared by every BFF replica (the
 * throttler's own storage is per process). `blockDuration` is not used: a caller over
 * the limit waits until the window ends, as the hand-written limiter did (ADR 009).
 * Redis unreachable: the limited routes answer 503 rather than run unlimited.
 */
export class EvalThrottlerStorage implements ThrottlerStorage {
  private readonly log = getLogger('RateLimit');

  constructor(private readonly client: () => EvalClient) {}

  async increment(key: string, ttl: number, limit: number): Promise<ThrottlerRecord> {
    let reply: [number, number];
    try {
      reply = (await this.client().eval(INCREMENT_SCRIPT, 1, RATE_LIMIT_KEY_PREFIX + key, Math.max(1, Math.round(ttl)))) as [number, number];
    } catch (err) {
      this.log.warn({ err }, 'rate limit store unreachable: refusing the limited request');
      throw new AppErrorException({ code: 'UNAVAILABLE', message: RATE_LIMIT_UNAVAILABLE });
    }
    return toRecord(reply, limit);
  }
}

/** The storage on the BFF's Redis connection. */
@Injectable()
export class RedisThrottlerStorage extends EvalThrottlerStorage {
  constructor(redis: RedisService) {
    super(() => redis.client);
  }
}
