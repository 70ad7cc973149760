import type { FastifyHelmetOptions } from '@fastify/helmet';
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

/**
 * `@fastify/helmet` options for every response of the shop's port. HSTS only in production,
 * where the shop is served over HTTPS (locally it would pin http://localhost to HTTPS).
 */
export function helmetOptions(production: boolean): FastifyHelmetOptions {
  return {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    hsts: production ? { maxAge: 31536000, includeSubDomains: true } : false,
  };
}
