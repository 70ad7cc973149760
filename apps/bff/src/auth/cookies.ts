import type { FastifyReply, FastifyRequest } from 'fastify';

/** The refresh token cookie: HttpOnly, Secure, SameSite=Strict, sent only to /api/auth. */
export const REFRESH_COOKIE = 'jalaj_rt';
const PATH = '/api/auth';

export function readCookie(request: FastifyRequest, name: string): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const i = part.indexOf('=');
    if (i > 0 && part.slice(0, i).trim() === name) return decodeURIComponent(part.slice(i + 1).trim());
  }
  return undefined;
}

export function setRefreshCookie(reply: FastifyReply, token: string, expiresAt: Date) {
  const maxAge = Math.max(0, Math.floor((expiresAt.getTime() - Date.now()) / 1000));
  reply.header('set-cookie', `${REFRESH_COOKIE}=${encodeURIComponent(token)}; Path=${PATH}; Max-Age=${maxAge}; HttpOnly; Secure; SameSite=Strict`);
}

export function clearRefreshCookie(reply: FastifyReply) {
  reply.header('set-cookie', `${REFRESH_COOKIE}=; Path=${PATH}; Max-Age=0; HttpOnly; Secure; SameSite=Strict`);
}
