import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Socket } from 'node:net';
import { MAX_IMAGE_BYTES, MAX_IMAGES_PER_PRODUCT } from '@jalaj/commerce';
import { bootstrapService } from '@jalaj/server-kit';
import { ProductReads } from './catalog/product-reads.service.js';
import { registerProductRoutes } from './catalog/products.routes.js';
import { bffConfig, bffConfigSchema } from './config.js';
import { registerApiDocs } from './docs/api-docs.js';
import { clientProblem, rawClientErrorResponse } from './errors/client-errors.js';
import { registerCommandScope } from './idempotency/command-scope.hook.js';
import { registerRequestGuards } from './security/request-guards.js';
import { registerCrawlerFiles } from './web/crawler-files.js';
import { registerWebApps } from './web/static.js';
import { StorefrontHeads } from './web/storefront-heads.service.js';
import { apiSecurityHeaders, assetSecurityHeaders, HSTS, isApiRequest, isAssetRequest, securityHeaders, sendsHsts } from './web/security-headers.js';
import { WebAppsService } from './web/web-apps.service.js';

await bootstrapService({
  name: 'bff',
  // Imported once the configuration is loaded: the module reads it to decide its routes.
  module: async () => (await import('./app.module.js')).AppModule,
  defaultPort: 8080,
  rpc: false,
  configSchema: bffConfigSchema,
  fastify: {
    // A URL the router rejects (bad percent-encoding: 400; a path parameter over the
    // maximum length: 414) never reaches Nest's filter: answered as a problem here.
    frameworkErrors: (error: { statusCode?: number }, _request: FastifyRequest, reply: FastifyReply) => {
      const problem = clientProblem(error.statusCode ?? 400);
      void reply.status(problem.status).header('content-type', 'application/problem+json; charset=utf-8').send(problem);
    },
    // A request Node cannot parse at all (a malformed header, headers over the limit).
    clientErrorHandler: (error: NodeJS.ErrnoException, socket: Socket) => {
      if (error.code === 'ECONNRESET' || socket.destroyed) return;
      if (socket.writable) socket.write(rawClientErrorResponse(error.code));
      socket.destroy(error);
    },
  },
  configure: async (app) => {
    // Health and metrics are on the ops port (OPS_PORT), not under the shop's origin.
    app.setGlobalPrefix('api', { exclude: ['dev/mailbox', 'dev/mailbox.json', 'media/*path'] });
    const config = bffConfig();
    const hsts = config.HSTS ?? (config.NODE_ENV === 'production' ? 'always' : 'auto');
    const pageHeaders = securityHeaders();
    const apiHeaders = apiSecurityHeaders();
    const assetHeaders = assetSecurityHeaders();
    app
      .getHttpAdapter()
      .getInstance()
      .addHook('onRequest', (req, reply, done) => {
        reply.headers(isApiRequest(req.url) ? apiHeaders : isAssetRequest(req.url) ? assetHeaders : pageHeaders);
        if (sendsHsts(hsts, req.protocol)) reply.header('strict-transport-security', HSTS);
        done();
      });
    await app.register(fastifyCookie as never);
    // JSON and pages above 1 KB; the apps' assets are compressed at build time (static.ts).
    await app.register(fastifyCompress as never, { threshold: 1024, encodings: ['br', 'gzip'], globalDecompression: false });
    await app.register(fastifyMultipart as never, { limits: { fileSize: MAX_IMAGE_BYTES, files: MAX_IMAGES_PER_PRODUCT, fields: 5 } });
    // Request guards (content types, origin checks, NUL), before the routes.
    registerRequestGuards(app.getHttpAdapter().getInstance(), bffConfig().PUBLIC_URL);
    // The public catalogue's reads, on Fastify itself (ADR 027).
    registerProductRoutes(app.getHttpAdapter().getInstance(), app.get(ProductReads));
    // State-changing requests run as idempotent commands (ADR 012).
    registerCommandScope(app.getHttpAdapter().getInstance());
    // OpenAPI 3.1 of the route contract and Swagger UI at /api/docs (ADR 015).
    await registerApiDocs(app);
    // robots.txt and sitemap.xml for search engines (issue #40).
    registerCrawlerFiles(app.getHttpAdapter().getInstance(), app.get(StorefrontHeads), app.get(ProductReads));
    await registerWebApps(app, app.get(WebAppsService));
  },
});
