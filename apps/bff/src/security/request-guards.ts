import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { renderMessage } from '@jalaj/commerce';
import { containsNul, HTTP_STATUS_BY_CODE, nestedDeeperThan, NUL_MESSAGE, TOO_DEEP_MESSAGE, type AppError, type FieldError } from '@jalaj/contracts';

/** Methods that change something: only the shop's own pages may send them from a browser. */
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The routes that take multipart bodies (image uploads: products' and guarantee claims' photos); every other body is JSON. */
const MULTIPART_ROUTES = [/^POST \/api\/admin\/media$/, /^POST \/api\/orders\/[^/]+\/claims$/];

const pathOf = (url: string) => {
  const q = url.indexOf('?');
  return q < 0 ? url : url.slice(0, q);
};

const isApi = (path: string) => path === '/api' || path.startsWith('/api/');

const header = (req: FastifyRequest, name: string): string | undefined => {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
};

/** The media type of a Content-Type header, without parameters, lower-cased. */
export const mediaType = (contentType: string | undefined) => (contentType ?? '').split(';')[0]!.trim().toLowerCase();

/** Whether a request carries a body (a length above zero, or a chunked body). */
export const hasBody = (headers: Record<string, string | string[] | undefined>) => {
  const length = headers['content-length'];
  return (length !== undefined && length !== '0') || headers['transfer-encoding'] !== undefined;
};

/**
 * Whether a state-changing request comes from another site. `Sec-Fetch-Site` decides when
 * the browser sent it (same-origin and user-typed `none` pass); otherwise `Origin` must be
 * the shop itself — the request's own host or `publicUrl`. No header at all is not a
 * browser (curl, server-to-server) and passes: login CSRF needs a browser.
 */
export function isCrossSite(req: { headers: Record<string, string | string[] | undefined>; host: string }, publicUrl?: string): boolean {
  const first = (name: string) => {
    const v = req.headers[name];
    return Array.isArray(v) ? v[0] : v;
  };
  const site = first('sec-fetch-site');
  if (site) return site !== 'same-origin' && site !== 'none';
  const origin = first('origin');
  if (!origin) return false;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return true; // `null` (sandboxed frames, file pages) or garbage
  }
  if (url.host === req.host) return false;
  if (publicUrl) {
    try {
      if (new URL(publicUrl).origin === url.origin) return false;
    } catch {
      // A malformed PUBLIC_URL names no origin.
    }
  }
  return true;
}

/** The paths (`a.b.0`) of the strings holding a NUL character, for the field errors. */
function nulFields(value: unknown, at: string[] = [], out: string[] = []): string[] {
  if (typeof value === 'string') {
    if (value.includes('\u0000')) out.push(at.join('.') || 'body');
  } else if (value && typeof value === 'object' && at.length < 32) {
    for (const [k, v] of Object.entries(value)) {
      if (k.includes('\u0000')) out.push([...at, k.replaceAll('\u0000', '')].join('.'));
      else nulFields(v, [...at, k], out);
    }
  }
  return out;
}

/**
 * A guard's refusal, answered before any route (so the problem filter never sees it):
 * the code's status and its text from the catalogue (ADR 013). A refused body keeps the
 * generic text beside its field errors, as the problem filter would not.
 */
function problem(reply: FastifyReply, error: AppError) {
  const status = HTTP_STATUS_BY_CODE[error.code];
  return reply
    .status(status)
    .header('content-type', 'application/problem+json; charset=utf-8')
    .send({ status, ...error, ...renderMessage(error.code) });
}

/**
 * The BFF's request guards, run by Fastify before any route (ADR 011):
 * - state-changing requests from another site are refused (403): no login CSRF;
 * - `/api` bodies are JSON only (multipart only for image uploads), else 415;
 * - a NUL character in the path, the query or a JSON body is a 400, before it can
 *   reach a service (PostgreSQL refuses it with an internal error);
 * - a JSON body nested deeper than `MAX_JSON_DEPTH` levels is a 400, before anything
 *   walks it recursively.
 */
export function registerRequestGuards(fastify: FastifyInstance, publicUrl: string | undefined) {
  fastify.addHook('onRequest', async (req, reply) => {
    const path = pathOf(req.url);
    if (STATE_CHANGING.has(req.method) && isCrossSite(req, publicUrl)) {
      return problem(reply, { code: 'CROSS_SITE_REQUEST' });
    }
    if (isApi(path) && hasBody(req.headers)) {
      const type = mediaType(header(req, 'content-type'));
      const allowed = type === 'application/json' || (type === 'multipart/form-data' && MULTIPART_ROUTES.some((r) => r.test(`${req.method} ${path}`)));
      if (!allowed) return problem(reply, { code: 'UNSUPPORTED_MEDIA_TYPE' });
    }
    // %00 anywhere in the path or the query (a raw NUL never gets past the HTTP parser).
    if (/%00/i.test(req.url)) {
      return problem(reply, { code: 'VALIDATION_FAILED', fieldErrors: [{ field: /%00/i.test(path) ? 'path' : 'query', message: NUL_MESSAGE }] });
    }
  });
  fastify.addHook('preValidation', async (req, reply) => {
    if (nestedDeeperThan(req.body)) return problem(reply, { code: 'VALIDATION_FAILED', fieldErrors: [{ field: 'body', message: TOO_DEEP_MESSAGE }] });
    if (!containsNul(req.body)) return;
    const fieldErrors: FieldError[] = nulFields(req.body).map((field) => ({ field, message: NUL_MESSAGE }));
    return problem(reply, { code: 'VALIDATION_FAILED', fieldErrors });
  });
}
