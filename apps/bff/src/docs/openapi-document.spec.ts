import { jest } from '@jest/globals';
import { RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants.js';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { HTTP_ROUTES, HTTP_STATUS_BY_CODE, type HttpRouteId } from '@jalaj/contracts';
import { buildOpenApiDocument } from './openapi-document.js';

// @nestjs/throttler (CommonJS) cannot be required from Jest's ESM runtime; the route
// metadata read here does not depend on it, so its decorators are stand-ins.
jest.unstable_mockModule('@nestjs/throttler', () => ({
  getOptionsToken: () => 'THROTTLER_OPTIONS',
  getStorageToken: () => 'THROTTLER_STORAGE',
  Throttle: () => () => undefined,
  SkipThrottle: () => () => undefined,
  ThrottlerGuard: class {},
}));
const { AppModule } = await import('../app.module.js');
const { DevMailboxController } = await import('../dev/mailbox.controller.js');
const { PRODUCT_ROUTES } = await import('../catalog/products.routes.js');

type Operation = {
  operationId: string;
  parameters: { name: string; in: string; required?: boolean }[];
  requestBody?: { content: Record<string, { schema: unknown }> };
  responses: Record<string, { content?: Record<string, { schema: { allOf?: [unknown, { properties: { code: { enum: string[] } } }] } }> }>;
  security?: Record<string, string[]>[];
};
type Doc = { openapi: string; info: { title: string; version: string }; paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, unknown>; securitySchemes: Record<string, unknown> } };

const doc = buildOpenApiDocument() as unknown as Doc;
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
const operations = Object.entries(doc.paths).flatMap(([path, item]) => Object.entries(item).map(([method, op]) => ({ path, method, op })));

/** Routes outside the global `api` prefix (main.ts `exclude`). */
const UNPREFIXED = ['dev/mailbox', 'dev/mailbox.json', 'media/*'];
/** Registered only with DEV_MAILBOX=true outside production: not part of the API. */
const UNDOCUMENTED = new Set(['GET /dev/mailbox', 'GET /dev/mailbox.json']);

/** Every route the BFF registers, as `METHOD /path` with OpenAPI `{name}` parameters: Nest's, read from the controllers' metadata, and those on Fastify itself. */
function nestRoutes(): string[] {
  const controllers = [...(Reflect.getMetadata('controllers', AppModule) as (new (...args: never[]) => object)[]), DevMailboxController];
  const routes = new Set<string>();
  for (const controller of controllers) {
    const base = String(Reflect.getMetadata(PATH_METADATA, controller) ?? '').replace(/^\/|\/$/g, '');
    for (const name of Object.getOwnPropertyNames(controller.prototype)) {
      const handler = (controller.prototype as Record<string, unknown>)[name];
      if (typeof handler !== 'function' || Reflect.getMetadata(METHOD_METADATA, handler) === undefined) continue;
      const sub = String(Reflect.getMetadata(PATH_METADATA, handler) ?? '').replace(/^\/|\/$/g, '');
      const path = [base, sub].filter(Boolean).join('/');
      const full = UNPREFIXED.includes(path) ? `/${path}` : `/api/${path}`;
      const method = RequestMethod[Reflect.getMetadata(METHOD_METADATA, handler) as number];
      routes.add(`${method} ${full.replace(/:(\w+)/g, '{$1}').replace(/\/\*$/, '/{key}')}`);
    }
  }
  for (const route of PRODUCT_ROUTES) routes.add(`${route.method} ${route.url.replace(/:(\w+)/g, '{$1}')}`);
  return [...routes].sort();
}

describe('the OpenAPI document of the BFF', () => {
  it('is an OpenAPI 3.1 document: info, unique operation ids, resolvable references', () => {
    expect(doc.openapi).toMatch(/^3\.1\.\d+$/);
    expect(doc.info).toEqual(expect.objectContaining({ title: expect.any(String), version: expect.any(String) }));
    const ids = operations.map((o) => o.op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { path, method } of operations) {
      expect(path).toMatch(/^\//);
      expect(METHODS).toContain(method);
    }
    const refs = JSON.stringify(doc).match(/"\$ref":"[^"]+"/g) ?? [];
    expect(refs.length).toBeGreaterThan(0);
    for (const r of refs) {
      const target = r.slice(8, -1);
      expect(target).toMatch(/^#\/components\/schemas\//);
      expect(doc.components.schemas).toHaveProperty([target.split('/').pop()!]);
    }
    // No JSON Schema documents inside OpenAPI: components are plain schemas of its dialect.
    expect(JSON.stringify(doc.components.schemas)).not.toMatch(/"\$schema"|"\$id"/);
  });

  it("passes Redocly's recommended rules: no error, and no warning but the licence it has none of", async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source: JSON.stringify(doc), absoluteRef: 'openapi.json', config });
    const found = problems.map((p) => `${p.severity} ${p.ruleId} ${p.location[0]?.pointer ?? ''}: ${p.message}`);
    expect(found.filter((p) => p.startsWith('error'))).toEqual([]);
    // The shop's API is not published under a licence, so the document names none.
    expect(found.filter((p) => !p.startsWith('error'))).toEqual(['warn info-license #/info: Info object should contain `license` field.']);
  });

  it('describes every tag, and answers a redirect route otherwise only with a problem', () => {
    const tags = (doc as unknown as { tags: { name: string; description?: string }[] }).tags;
    expect(tags.length).toBeGreaterThan(0);
    for (const tag of tags) expect([tag.name, tag.description]).toEqual([tag.name, expect.stringMatching(/\w/)]);
    for (const route of Object.values(HTTP_ROUTES).filter((r) => r.status === 303)) {
      const responses = doc.paths[route.path]![route.method.toLowerCase()]!.responses;
      expect(responses).toHaveProperty(['303']);
      expect(responses.default!.content).toEqual({ 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } });
    }
  });

  it('declares every path parameter, and only those, as required', () => {
    for (const { path, op } of operations) {
      const inPath = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
      const declared = op.parameters.filter((p) => p.in === 'path');
      expect(declared.map((p) => p.name).sort()).toEqual(inPath);
      for (const p of declared) expect(p.required).toBe(true);
    }
  });

  it('documents every route the BFF registers, and no other', () => {
    const nest = nestRoutes();
    expect(nest.length).toBeGreaterThanOrEqual(35);
    const documented = operations.map((o) => `${o.method.toUpperCase()} ${o.path}`).sort();
    expect(documented).toEqual(nest.filter((r) => !UNDOCUMENTED.has(r)));
  });

  it('answers each route with its success and a problem response per error status, listing the codes', () => {
    for (const [id, route] of Object.entries(HTTP_ROUTES) as [HttpRouteId, (typeof HTTP_ROUTES)[HttpRouteId]][]) {
      const op = doc.paths[route.path]![route.method.toLowerCase()]!;
      expect(op.operationId).toBe(id);
      expect(op.responses).toHaveProperty([String(route.status)]);
      const codes = Object.entries(op.responses)
        .filter(([status]) => Number(status) >= 400)
        .flatMap(([status, r]) => {
          const problem = r.content!['application/problem+json']!.schema;
          const listed = problem.allOf![1].properties.code.enum;
          for (const code of listed) expect(HTTP_STATUS_BY_CODE[code as keyof typeof HTTP_STATUS_BY_CODE]).toBe(Number(status));
          return listed;
        });
      expect(codes.sort()).toEqual([...route.errors].sort());
    }
  });

  it('marks guarded, rate-limited and command routes: 401/403, 429, Idempotency-Key and 504 OUTCOME_UNKNOWN', () => {
    const op = (id: HttpRouteId) => doc.paths[HTTP_ROUTES[id].path]![HTTP_ROUTES[id].method.toLowerCase()]!;
    expect(op('cart.get').responses).toHaveProperty(['401']);
    expect(op('cart.get').security).toEqual([{ bearerAuth: [] }]);
    expect(op('admin.products.create').responses).toHaveProperty(['403']);
    expect(op('products.list').responses).not.toHaveProperty(['401']);
    // A public route says it needs no credential, rather than saying nothing.
    expect(op('products.list').security).toEqual([]);
    expect(op('auth.signIn').security).toEqual([]);
    expect(op('auth.refresh').security).toEqual([{ refreshCookie: [] }]);
    expect(op('auth.signIn').responses).toHaveProperty(['429']);
    expect(op('cart.addItem').parameters).toContainEqual(expect.objectContaining({ name: 'Idempotency-Key', in: 'header' }));
    expect(op('cart.addItem').responses['504']!.content!['application/problem+json']!.schema.allOf![1].properties.code.enum).toEqual(['OUTCOME_UNKNOWN']);
    // Auth routes act on credentials, not data (ADR 012): no key, no 504.
    expect(op('auth.signIn').parameters.map((p) => p.name)).not.toContain('Idempotency-Key');
    expect(op('auth.signIn').responses).not.toHaveProperty(['504']);
    for (const { op: o } of operations) if (o.security) for (const s of o.security) for (const name of Object.keys(s)) expect(doc.components.securitySchemes).toHaveProperty([name]);
  });

  it("declares the request guards' answers on every route: 400 (NUL, nesting), 415 (not JSON) and 414 (a path id too long)", () => {
    for (const route of Object.values(HTTP_ROUTES)) {
      const responses = doc.paths[route.path]![route.method.toLowerCase()]!.responses;
      const api = route.path.startsWith('/api/');
      expect([route.path, Object.keys(responses).filter((s) => ['400', '414', '415'].includes(s))]).toEqual([
        route.path,
        ['400', ...(api && route.path.includes('{') ? ['414'] : []), ...(api ? ['415'] : [])],
      ]);
    }
  });

  it('documents request bodies with the schemas the BFF validates with', () => {
    const body = doc.paths['/api/cart/items']!.post!.requestBody!.content['application/json']!.schema as { $ref: string };
    const schema = doc.components.schemas[body.$ref.split('/').pop()!] as { properties: Record<string, { maximum?: number; default?: number }>; required: string[] };
    expect(schema.properties['quantity']).toMatchObject({ maximum: 1000, default: 1 });
    expect(schema.required).toEqual(['productId']);
    expect(doc.paths['/api/admin/media']!.post!.requestBody!.content).toHaveProperty(['multipart/form-data']);
  });
});
