import type { ExecutionContext } from '@nestjs/common';
import { bffConfig } from '../config.js';

/** The throttlers: one counts per client address, one per account (email) or phone. */
export const ADDRESS = 'address';
export const ACCOUNT = 'account';

/** Digits only, so "+91 98300-12345" and "9830012345" count against one limit. */
export const phoneKey = (phone: string) => phone.replace(/\D/g, '').slice(-10);

/**
 * The account a request names, from its raw body (the guard runs before the body is
 * validated): the email, trimmed and lower-cased, else the phone's last 10 digits.
 * Null when the body names neither (the request is refused by validation anyway).
 */
export function accountTracker(body: unknown): string | null {
  if (!body || typeof body !== 'object') return null;
  const { email, phone } = body as { email?: unknown; phone?: unknown };
  if (typeof email === 'string' && email.length <= 254) {
    const key = email.trim().toLowerCase();
    return key ? `email:${key}` : null;
  }
  if (typeof phone === 'string' && phone.length <= 20) {
    const key = phoneKey(phone);
    return key ? `phone:${key}` : null;
  }
  return null;
}

/** `rate:<route>:<throttler>:<tracker>`: the route's own counter, so sign-in and reset attempts do not add up. */
export const rateLimitKey = (context: ExecutionContext, tracker: string, throttler: string) => `${context.getHandler().name}:${throttler}:${tracker}`;

/** RATE_LIMIT_FACTOR scales every limit (the browser suite signs in more often than a person). */
export const scaledLimit = (limit: number) => () => limit * bffConfig().RATE_LIMIT_FACTOR;

const requestBody = (context: ExecutionContext) => context.switchToHttp().getRequest<{ body?: unknown }>().body;

/** The account throttler counts only requests whose body names an account. */
export const skipAccount = (context: ExecutionContext) => accountTracker(requestBody(context)) === null;
