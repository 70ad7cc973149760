import { NotFoundException } from '@nestjs/common';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ProductSummary } from '@jalaj/contracts';
import type { CachedBody } from '../catalog/cached-body.js';
import type { ProductReads } from '../catalog/product-reads.service.js';
import { answerProblem } from '../errors/problem.filter.js';
import type { StorefrontHeads } from './storefront-heads.service.js';

/** Addresses outside the storefront's route table that crawlers stay out of: the admin console. */
const OTHER_PRIVATE_PATHS = ['/admin'];

/**
 * `robots.txt`: every crawler may read the shop but its private pages (the storefront's
 * account, cart and checkout, orders, payment and sign-in pages, and the admin console),
 * and finds the sitemap. The API stays open: a crawler that runs the storefront's scripts
 * needs it to draw the pages.
 */
export function robotsTxt(origin: string, privatePaths: readonly string[]): string {
  return ['User-agent: *', ...[...privatePaths, ...OTHER_PRIVATE_PATHS].map((path) => `Disallow: ${path}`), '', `Sitemap: ${origin}/sitemap.xml`, ''].join('\n');
}

/**
 * `sitemap.xml`: the landing page, About, the policies and every product page, each product
 * with its last change (the landing page, which lists them all, with the latest of those).
 */
export function sitemapXml(origin: string, pages: readonly string[], products: readonly Pick<ProductSummary, 'id' | 'updatedAt'>[]): string {
  const latest = products.reduce<string | null>((max, p) => (max === null || p.updatedAt > max ? p.updatedAt : max), null);
  const url = (path: string, lastmod: string | null) =>
    `  <url><loc>${xml(new URL(path, `${origin}/`).href)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</url>`;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...pages.map((path) => url(path, path === '/' ? latest : null)),
    ...products.map((p) => url(`/product/${encodeURIComponent(p.id)}`, p.updatedAt)),
    '</urlset>',
    '',
  ].join('\n');
}

const xml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

/**
 * Serves `/robots.txt` and `/sitemap.xml` (issue #40), on Fastify itself as the catalogue's
 * reads are (ADR 027). The sitemap is made again only when the product list the storefront
 * shows changes (a new catalogue read). 404 while the storefront is not built.
 */
export function registerCrawlerFiles(fastify: FastifyInstance, heads: StorefrontHeads, products: ProductReads): void {
  let sitemap: { source: CachedBody; text: string } | undefined;

  const send = (reply: FastifyReply, type: string, body: string) => reply.header('content-type', `${type}; charset=utf-8`).header('cache-control', 'no-cache').send(body);
  const notBuilt = (request: FastifyRequest, reply: FastifyReply) => answerProblem(new NotFoundException(), request, reply);

  fastify.get('/robots.txt', async (request, reply) => {
    const seo = await heads.seo();
    if (!seo) return notBuilt(request, reply);
    return send(reply, 'text/plain', robotsTxt(heads.origin, seo.privatePaths()));
  });

  fastify.get('/sitemap.xml', async (request, reply) => {
    const seo = await heads.seo();
    if (!seo) return notBuilt(request, reply);
    try {
      const source = await products.list({});
      if (sitemap?.source !== source) {
        const { items } = JSON.parse(source.json.toString()) as { items: ProductSummary[] };
        sitemap = { source, text: sitemapXml(heads.origin, seo.sitemapPages(), items) };
      }
      return send(reply, 'application/xml', sitemap.text);
    } catch (e) {
      return answerProblem(e, request, reply);
    }
  });
}
