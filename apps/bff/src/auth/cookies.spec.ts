import type { FastifyRequest } from 'fastify';
import { readCookie, REFRESH_COOKIE } from './cookies.js';

const request = (cookies: Record<string, string>) => ({ cookies }) as unknown as FastifyRequest;

describe('readCookie', () => {
  it('returns the parsed value', () => {
    expect(readCookie(request({ [REFRESH_COOKIE]: 'rt_abc' }), REFRESH_COOKIE)).toBe('rt_abc');
  });

  it.each(['%', 'rt_%zz', ''])('treats %p (not valid percent-encoding, or empty) as no cookie', (value) => {
    expect(readCookie(request({ [REFRESH_COOKIE]: value }), REFRESH_COOKIE)).toBeUndefined();
  });

  it('returns undefined when the cookie is missing', () => {
    expect(readCookie(request({}), REFRESH_COOKIE)).toBeUndefined();
  });
});
