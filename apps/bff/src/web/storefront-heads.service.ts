import { Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { AppErrorException, type PageHead, type Product, type StorefrontPage } from '@jalaj/contracts';
import { getLogger, InjectConfig } from '@jalaj/server-kit';
import { pathId } from '../auth/body.js';
import type { CachedBody } from '../catalog/cached-body.js';
import { ProductReads } from '../catalog/product-reads.service.js';
import type { BffConfig } from '../config.js';
import { type CompressedPage, compressPage } from './compressed-page.js';
import { StorefrontPages } from './storefront-pages.service.js';

/** What the storefront's server bundle (entry-server.tsx) exports for search engines. */
export interface StorefrontSeo {
  storefrontPage(pathname: string): StorefrontPage;
  pageHead(page: StorefrontPage, site: { origin: string }, product?: Product | null): PageHead;
  sitemapPages(): string[];
  privatePaths(): string[];
}

/** A storefront page as the BFF answers it, before any server rendering. */
export interface StorefrontAnswer {
  readonly status: 200 | 404;
  readonly cacheControl: string;
  /** index.html with the page's head. */
  readonly template: string;
  /** It, compressed (made once, on first use). */
  page(): Promise<CompressedPage>;
}

/** The Cache-Control of a private page (account, cart, checkout, orders, payment): kept by no cache but the browser's own. */
export const PRIVATE_PAGE = 'private, no-store';
/** The Cache-Control of every other page: any cache may keep it, asking again each time (a deploy shows at once). */
export const PUBLIC_PAGE = 'no-cache';

/** Heads kept: the landing page, About and the policies, and the products most asked for. */
const MAX_HEADS = 600;

/**
 * The shop's public origin, which canonical links, link previews, structured data and the
 * sitemap name: `PUBLIC_URL`'s, else this BFF's own on localhost. Never the request's `Host`:
 * a page is kept and sent to everyone, so a forged header must not reach it.
 */
export function publicOrigin(config: Pick<BffConfig, 'PUBLIC_URL' | 'PORT'>): string {
  if (config.PUBLIC_URL) {
    try {
      return new URL(config.PUBLIC_URL).origin;
    } catch {
      // A malformed PUBLIC_URL names no origin (request-guards.ts says the same).
    }
  }
  return `http://localhost:${config.PORT}`;
}

/**
 * Writes a page's head into the storefront's index.html: its title and description in
 * place of the shell's, the rest (canonical link, robots, Open Graph, Twitter card,
 * JSON-LD) before `</head>`.
 */
export function withHead(shell: string, head: PageHead): string {
  let html = shell;
  if (head.title !== null) html = html.replace(/<title>[^<]*<\/title>/, () => `<title>${text(head.title!)}</title>`);
  if (head.description !== null) {
    html = html.replace(/<meta name="description" content="[^"]*"/, () => `<meta name="description" content="${text(head.description!).replace(/"/g, '&quot;')}"`);
  }
  return html.replace('</head>', () => `${head.tags}\n  </head>`);
}

const text = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

interface CachedAnswer {
  readonly shell: string;
  /** The product read it was drawn from (a new read: the product changed). */
  readonly source: CachedBody | null;
  readonly answer: StorefrontAnswer;
}

/**
 * Every storefront address's status, caching and head (issue #40): the storefront's route
 * table and its pages decide them (its server bundle's `storefrontPage` and `pageHead`);
 * the BFF reads the product of a product page. An unknown address, or a product page
 * whose product does not exist (deleted, or never was), is a 404 with the storefront's page
 * for it; account, cart, checkout, orders and payment pages are private and `noindex`.
 * Each head is made once per shell and product read and kept.
 */
@Injectable()
export class StorefrontHeads {
  private readonly log = getLogger('StorefrontHeads');
  private readonly answers = new LRUCache<string, CachedAnswer>({ max: MAX_HEADS });
  readonly origin: string;

  constructor(
    @InjectConfig() config: BffConfig,
    private readonly products: ProductReads,
    private readonly pages: StorefrontPages,
  ) {
    this.origin = publicOrigin(config);
  }

  /** The storefront's search-engine exports; null when its server bundle is not built. */
  seo(): Promise<StorefrontSeo | null> {
    return this.pages.rendererModule();
  }

  /**
   * How to answer a storefront URL (`/path?query`) whose shell is `shell`; null when the
   * server bundle is missing or the product cannot be read now (the plain shell then, as
   * before: the browser draws the page and shows what it finds).
   */
  async answer(url: string, shell: string): Promise<StorefrontAnswer | null> {
    const seo = await this.seo();
    if (!seo) return null;
    const page = seo.storefrontPage(url.split('?')[0]!);
    let key: string = page.kind;
    let source: CachedBody | null = null;
    if (page.kind === 'static') key = `static:${page.path}`;
    if (page.kind === 'product') {
      const read = await this.readProduct(page.id, url);
      if (read === undefined) return null;
      source = read;
      key = read ? `product:${page.id}` : 'product-missing';
    }
    const cached = this.answers.get(key);
    if (cached && cached.shell === shell && cached.source === source) return cached.answer;

    const product = source ? (JSON.parse(source.json.toString()) as Product) : null;
    const head = seo.pageHead(page, { origin: this.origin }, product);
    const template = withHead(shell, head);
    let compressed: Promise<CompressedPage> | undefined;
    const answer: StorefrontAnswer = {
      status: head.status,
      cacheControl: head.private ? PRIVATE_PAGE : PUBLIC_PAGE,
      template,
      page: () => (compressed ??= compressPage(template)),
    };
    this.answers.set(key, { shell, source, answer });
    return answer;
  }

  /** A product page's product read: null when there is no such product, undefined when it cannot be read now. */
  private async readProduct(rawId: string, url: string): Promise<CachedBody | null | undefined> {
    try {
      return await this.products.get(pathId(rawId));
    } catch (e) {
      if (e instanceof AppErrorException && (e.error.code === 'PRODUCT_NOT_FOUND' || e.error.code === 'VALIDATION_FAILED')) return null;
      if (!(e instanceof AppErrorException)) this.log.warn({ err: e, url }, 'reading the product failed; sending the plain page');
      return undefined;
    }
  }
}
