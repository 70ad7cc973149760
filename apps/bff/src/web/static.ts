import fastifyStatic from '@fastify/static';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyReply } from 'fastify';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { WebAppsService } from './web-apps.service.js';

/**
 * Serves the two built React apps from the shop's origin: the storefront at `/`, the admin
 * under `/admin/`. Hashed assets are cached for a year; index pages are never cached, so a
 * deploy is visible at once. The build writes brotli and gzip files beside each asset;
 * they are sent as they are to a browser that accepts them (no compression per request).
 * `index.html` is not a file here: every page is answered with its head and status
 * (WebAppsService), so `/index.html` is no second, headless copy of the landing page.
 */
export async function registerWebApps(app: NestFastifyApplication, webApps: WebAppsService) {
  const setHeaders = (reply: FastifyReply, file: string) => {
    reply.header('cache-control', file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
  };
  let decorate = true;
  for (const [root, prefix] of [
    [webApps.adminDir, '/admin/'],
    [webApps.storefrontDir, '/'],
  ] as const) {
    if (!existsSync(root)) continue;
    await app.register(fastifyStatic as never, { root, prefix, wildcard: false, index: false, decorateReply: decorate, setHeaders, preCompressed: true, globIgnore: ['**/*.br', '**/*.gz', 'index.html'] });
    decorate = false;
  }
}
