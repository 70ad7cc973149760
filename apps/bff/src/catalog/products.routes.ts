import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { pathId } from '../auth/body.js';
import { answerProblem } from '../errors/problem.filter.js';
import { CachedBody, PUBLIC_REVALIDATE } from './cached-body.js';
import { readProductFilters } from './product-filters.js';
import type { ProductReads } from './product-reads.service.js';

/**
 * `/api/products`: the public catalogue, cached in this process and in Redis (CatalogCache),
 * sent with an ETag, compressed once. Registered on Fastify itself rather than as a Nest
 * controller (ADR 027): the busiest reads of the shop need no guard, pipe or interceptor,
 * and Nest's route machinery was about a quarter of their CPU. Every Fastify hook (request
 * guards, security headers, correlation id, trace, request log, metrics) still runs.
 */
export function registerProductRoutes(fastify: FastifyInstance, products: ProductReads): void {
  for (const route of PRODUCT_ROUTES) fastify.get(route.url, (request, reply) => answer(request, reply, () => route.read(products, request)));
}

/** The routes, as a table: the OpenAPI spec checks them beside Nest's. */
export const PRODUCT_ROUTES: readonly { method: 'GET'; url: string; read: (products: ProductReads, request: FastifyRequest) => Promise<CachedBody> | CachedBody }[] = [
  /** The storefront's plant list, oldest first; `q`, `category`, `difficulty`, `light`, `co2` filter it. */
  { method: 'GET', url: '/api/products', read: (products, request) => products.list(readProductFilters(request.query as Record<string, unknown>)) },
  { method: 'GET', url: '/api/products/:id', read: (products, request) => products.get(pathId((request.params as { id: string }).id)) },
];

/**
 * Sends the read's body, or its problem. A body this process keeps is sent at once, without
 * a promise: most requests are answered so (from CatalogCache's memory), and Fastify takes
 * a handler that returns nothing as one that sent its reply itself.
 */
function answer(request: FastifyRequest, reply: FastifyReply, read: () => Promise<CachedBody> | CachedBody): Promise<FastifyReply> | undefined {
  let body: Promise<CachedBody> | CachedBody;
  try {
    body = read();
  } catch (e) {
    answerProblem(e, request, reply);
    return undefined;
  }
  if (body instanceof CachedBody) {
    body.send(request, reply, PUBLIC_REVALIDATE);
    return undefined;
  }
  return body.then(
    (b) => b.send(request, reply, PUBLIC_REVALIDATE),
    (e: unknown) => answerProblem(e, request, reply),
  );
}
