import { applyDecorators, Injectable, UseGuards, type ExecutionContext } from '@nestjs/common';
import { getOptionsToken, getStorageToken, SkipThrottle, Throttle, ThrottlerGuard, type ThrottlerLimitDetail, type ThrottlerModuleOptions } from '@nestjs/throttler';
import type { FastifyReply } from 'fastify';
import { AppErrorException } from '@jalaj/contracts';
import { ACCOUNT, accountTracker, ADDRESS, rateLimitKey, scaledLimit, skipAccount } from './rate-limit-keys.js';
import { RedisThrottlerStorage } from './redis-throttler.storage.js';

/** The throttlers' common settings; limits and windows come from each route's `@RateLimit`. */
export const RATE_LIMIT_OPTIONS: ThrottlerModuleOptions = {
  throttlers: [
    { name: ADDRESS, limit: 0, ttl: 1000 },
    {
      name: ACCOUNT,
      limit: 0,
      ttl: 1000,
      getTracker: (req) => accountTracker(req.body) ?? '',
      skipIf: skipAccount,
    },
  ],
  generateKey: rateLimitKey,
  // Retry-After is set on the 429 itself; no X-RateLimit-* headers on every answer.
  setHeaders: false,
};

/** @nestjs/throttler's guard answering the shop's 429 problem. */
@Injectable()
export class RateLimitGuard extends ThrottlerGuard {
  protected override async throwThrottlingException(context: ExecutionContext, detail: ThrottlerLimitDetail): Promise<void> {
    context.switchToHttp().getResponse<FastifyReply>().header('retry-after', String(detail.timeToBlockExpire));
    throw new AppErrorException({ code: 'RATE_LIMITED' });
  }
}

/**
 * Limits a route's attempts per window: per client address, and (when given) per the
 * account or phone the body names. Past a limit the caller gets 429 until the window ends.
 */
export function RateLimit(limits: { address: number; account?: number; windowSeconds: number }) {
  const ttl = limits.windowSeconds * 1000;
  const throttles = { [ADDRESS]: { limit: scaledLimit(limits.address), ttl } };
  return applyDecorators(
    Throttle(limits.account === undefined ? throttles : { ...throttles, [ACCOUNT]: { limit: scaledLimit(limits.account), ttl } }),
    ...(limits.account === undefined ? [SkipThrottle({ [ACCOUNT]: true })] : []),
    UseGuards(RateLimitGuard),
  );
}

/** The providers the guard needs: its options and the Redis storage. */
export const RATE_LIMIT_PROVIDERS = [{ provide: getOptionsToken(), useValue: RATE_LIMIT_OPTIONS }, { provide: getStorageToken(), useClass: RedisThrottlerStorage }, RateLimitGuard];
