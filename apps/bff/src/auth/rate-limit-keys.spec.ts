import type { ExecutionContext } from '@nestjs/common';
import { AppErrorException } from '@jalaj/contracts';
import { accountTracker, rateLimitKey, scaledLimit, skipAccount } from './rate-limit-keys.js';
import { EvalThrottlerStorage, RATE_LIMIT_KEY_PREFIX, toRecord } from './redis-throttler.storage.js';

const contextFor = (body: unknown, handler = function signIn() {}) =>
  ({ getHandler: () => handler, switchToHttp: () => ({ getRequest: () => ({ body }) }) }) as unknown as ExecutionContext;

describe('accountTracker', () => {
  it('counts an email in any case and spacing as one account', () => {
    expect(accountTracker({ email: '  Asha@Example.IN ', password: 'x' })).toBe('email:asha@example.in');
    expect(accountTracker({ email: 'asha@example.in' })).toBe(accountTracker({ email: 'ASHA@example.in' }));
  });

  it('counts a phone by its last 10 digits, however it is typed', () => {
    expect(accountTracker({ phone: '+91 98300-12345' })).toBe('phone:9830012345');
    expect(accountTracker({ phone: '9830012345', token: '123456' })).toBe('phone:9830012345');
  });

  it('names no account for bodies validation refuses anyway', () => {
    for (const body of [undefined, null, 'email', {}, { email: '   ' }, { email: 5 }, { email: 'a'.repeat(255) }, { phone: 'abc' }, { phone: '1'.repeat(21) }]) {
      expect(accountTracker(body)).toBeNull();
    }
  });

  it('skips the account throttler exactly when the body names no account', () => {
    expect(skipAccount(contextFor({ email: 'a@b.in' }))).toBe(false);
    expect(skipAccount(contextFor({ password: 'x' }))).toBe(true);
  });
});

describe('rateLimitKey', () => {
  it('keeps each route, throttler and tracker apart', () => {
    expect(rateLimitKey(contextFor({}), 'email:a@b.in', 'account')).toBe('signIn:account:email:a@b.in');
    expect(rateLimitKey(contextFor({}, function passwordReset() {}), 'email:a@b.in', 'account')).toBe('passwordReset:account:email:a@b.in');
    expect(rateLimitKey(contextFor({}), '10.0.0.1', 'address')).not.toBe(rateLimitKey(contextFor({}), '10.0.0.1', 'account'));
  });
});

describe('scaledLimit', () => {
  afterEach(() => delete process.env.RATE_LIMIT_FACTOR);
  it('multiplies a limit by RATE_LIMIT_FACTOR when the request comes', () => {
    const limit = scaledLimit(10);
    expect(limit()).toBe(10);
    process.env.RATE_LIMIT_FACTOR = '20';
    expect(limit()).toBe(200);
  });
});

describe('EvalThrottlerStorage', () => {
  it('blocks past the limit until the window ends, in whole seconds', () => {
    expect(toRecord([10, 1500], 10)).toEqual({ totalHits: 10, timeToExpire: 2, isBlocked: false, timeToBlockExpire: 0 });
    expect(toRecord([11, 899_001], 10)).toEqual({ totalHits: 11, timeToExpire: 900, isBlocked: true, timeToBlockExpire: 900 });
  });

  it('runs one script on the prefixed key with the window in milliseconds', async () => {
    const calls: unknown[][] = [];
    const storage = new EvalThrottlerStorage(() => ({
      eval: async (...args: unknown[]) => {
        calls.push(args);
        return [3, 60_000];
      },
    }));
    expect(await storage.increment('signIn:address:10.0.0.1', 900_000, 50)).toMatchObject({ totalHits: 3, isBlocked: false });
    expect(calls).toEqual([[expect.stringContaining("redis.call('INCR'"), 1, `${RATE_LIMIT_KEY_PREFIX}signIn:address:10.0.0.1`, 900_000]]);
  });

  it('refuses with 503 UNAVAILABLE when Redis cannot be reached (fails closed)', async () => {
    const storage = new EvalThrottlerStorage(() => ({
      eval: async () => {
        throw new Error('connect ECONNREFUSED');
      },
    }));
    const error = await storage.increment('k', 1000, 1).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppErrorException);
    expect((error as AppErrorException).error.code).toBe('UNAVAILABLE');
  });
});
