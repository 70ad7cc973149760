import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';
import type { BffConfig } from '../config.js';
import { PAGE_BOOT_CSP_SOURCE } from './page-boot.js';

/**
 * The Content-Security-Policy of the shop. Styles may be inline (Ant Design writes its CSS
 * at run time); scripts only from the shop itself (and the one inline script that starts a
 * server-rendered storefront page, by its hash); images also from https (pasted product
 * image URLs), data: and blob: (upload previews).
 */
export const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'", PAGE_BOOT_CSP_SOURCE],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
  connectSrc: ["'self'"],
  fontSrc: ["'self'", 'data:'],
  frameAncestors: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  objectSrc: ["'none'"],
};

/** Not covered by helmet; sent beside its headers. */
export const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=()';

/** Helmet's options for every response of the shop's port; HSTS is decided per request ({@link sendsHsts}). */
export function helmetOptions(): HelmetOptions {
  return {
    contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: false,
  };
}

/** Strict-Transport-Security: a year, subdomains too. */
export const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Whether an answer carries {@link HSTS} (the `HSTS` variable): `auto`, when the request
 * came over HTTPS (TLS on the BFF itself, or `X-Forwarded-Proto: https` from a proxy
 * `TRUST_PROXY` trusts); `always`, on every answer (HTTPS ends at a proxy that does not say
 * so; a browser ignores the header over plain HTTP); `off`, never. Plain http://localhost
 * never gets it in `auto`: a browser would pin the development shop to HTTPS.
 *
 * @param setting - The `HSTS` variable.
 * @param protocol - The request's protocol as Fastify reads it (`X-Forwarded-Proto` only from a trusted proxy).
 */
export function sendsHsts(setting: NonNullable<BffConfig['HSTS']>, protocol: string): boolean {
  return setting === 'always' || (setting === 'auto' && protocol === 'https');
}

/**
 * The security headers of every response, computed once: helmet run against a recording
 * response, plus the permissions policy. Nothing in them depends on the request (no CSP
 * nonces: the one inline script is allowed by its hash), so building them per request, as
 * `@fastify/helmet` did, was pure cost (parsing the CSP directives every time).
 */
export function securityHeaders(): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: unknown) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  let failed: unknown;
  helmet(helmetOptions())({} as IncomingMessage, recorder as unknown as ServerResponse, (e?: unknown) => void (failed = e));
  if (failed) throw failed instanceof Error ? failed : new Error(String(failed));
  headers['permissions-policy'] = PERMISSIONS_POLICY;
  return Object.freeze(headers);
}

/**
 * The security headers of the JSON API's answers (OWASP's set for REST APIs): nothing in a
 * JSON answer may load, run or be framed, and no other site may read it. The pages' policy
 * (13 headers, about 700 bytes) told a browser how to treat a document it never renders,
 * on every API call. `Cache-Control: no-store` is the default of every API answer, so that
 * no signed-in or admin answer (an order, a bill, a session's token) is ever kept by a
 * browser or a shared cache; only the public catalogue's reads say otherwise (ADR 068).
 */
export function apiSecurityHeaders(): Readonly<Record<string, string>> {
  return Object.freeze({
    'cache-control': 'no-store',
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'cross-origin-resource-policy': 'same-origin',
    'referrer-policy': 'no-referrer',
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
  });
}

/**
 * The security headers of the apps' hashed assets (scripts, styles, fonts, images under
 * `assets/`): a browser must not guess their type, and no other site may load them. The
 * pages' policy (a CSP, framing, referrer and cross-origin rules for a document, about
 * 1.1 KB) means nothing to a script: sent on each of a page's scripts it was 8–10 KB of
 * the 150 KB a page may send (issue #40, ADR 084).
 */
export function assetSecurityHeaders(): Readonly<Record<string, string>> {
  return Object.freeze({ 'cross-origin-resource-policy': 'same-origin', 'x-content-type-options': 'nosniff' });
}

/** Whether a request is for a hashed asset of the storefront (`/assets/`) or the admin (`/admin/assets/`). */
export const isAssetRequest = (url: string): boolean => url.startsWith('/assets/') || url.startsWith('/admin/assets/');

/** Whether a request is for the JSON API (its documentation, an HTML page, is not). */
export const isApiRequest = (url: string): boolean => url.startsWith('/api/') && !url.startsWith('/api/docs');
