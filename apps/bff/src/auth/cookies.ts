import type { FastifyReply, FastifyRequest } from 'fastify';
// Types only: `request.cookies` and `reply.setCookie` come from @fastify/cookie, registered in main.ts.
import type {} from '@fastify/cookie';

/** The refresh token cookie: HttpOnly, Secure, SameSite=Strict, sent only to /api/auth. */
export const REFRESH_COOKIE = 'jalaj_rt';
const PATH = '/api/auth';
const ATTRIBUTES = { path: PATH, httpOnly: true, secure: true, sameSite: 'strict' } as const;

/**
 * A cookie of the request, parsed by @fastify/cookie. A value that is not valid
 * percent-encoding (`jalaj_rt=%`) is no token: undefined, like a missing cookie.
 */
export function readCookie(request: FastifyRequest, name: string): string | undefined {
  const value = request.cookies?.[name];
  if (value === undefined || value === '') return undefined;
  return /%(?![0-9A-Fa-f]{2})/.test(value) ? undefined : value;
}

export function setRefreshCookie(reply: FastifyReply, token: string, expiresAt: Date) {
  const maxAge = Math.max(0, Math.floor((expiresAt.getTime() - Date.now()) / 1000));
  reply.setCookie(REFRESH_COOKIE, token, { ...ATTRIBUTES, maxAge });
}

export function clearRefreshCookie(reply: FastifyReply) {
  reply.setCookie(REFRESH_COOKIE, '', { ...ATTRIBUTES, maxAge: 0 });
}
