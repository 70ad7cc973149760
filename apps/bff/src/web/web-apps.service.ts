import { Injectable } from '@nestjs/common';
import { InjectConfig } from '@jalaj/server-kit';
import type { BffConfig } from '../config.js';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { type CompressedPage, compressPage, sendPage } from './compressed-page.js';
import { withDemoBanner } from './demo-banner.js';
import { StorefrontHeads } from './storefront-heads.service.js';
import { StorefrontPages } from './storefront-pages.service.js';
import { adminDist, storefrontDist } from './web-dist.js';

interface IndexPage {
  readonly html: string;
  readonly page: Promise<CompressedPage>;
}

/** Where the built storefront and admin live, and their index pages for client-side routes. */
@Injectable()
export class WebAppsService {
  readonly storefrontDir: string;
  readonly adminDir: string;
  private readonly cache = new Map<string, IndexPage | null>();

  constructor(
    @InjectConfig() private readonly config: BffConfig,
    private readonly storefrontPages: StorefrontPages,
    private readonly storefrontHeads: StorefrontHeads,
  ) {
    this.storefrontDir = storefrontDist(config);
    this.adminDir = adminDist(config);
  }

  private index(dir: string): IndexPage | null {
    // Outside production a rebuilt app shows without restarting the BFF.
    if (this.cache.has(dir) && this.config.NODE_ENV === 'production') return this.cache.get(dir) ?? null;
    const file = path.join(dir, 'index.html');
    const read = existsSync(file) ? readFileSync(file, 'utf8') : null;
    const html = read !== null && dir === this.storefrontDir && this.config.DEMO_PAYMENTS === 'true' ? withDemoBanner(read) : read;
    const cached = this.cache.get(dir);
    if (cached?.html !== html) this.cache.set(dir, html === null ? null : { html, page: compressPage(html) });
    return this.cache.get(dir) ?? null;
  }

  /**
   * Sends the index page of the app that owns the path, compressed once and kept. A
   * storefront page carries its own head, status and caching (StorefrontHeads: 404 for an
   * unknown address or product), and the landing and product pages are server-rendered when
   * they can be. False when that app is not built.
   */
  async serveIndex(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | false> {
    const isAdmin = request.url === '/admin' || request.url.startsWith('/admin/') || request.url.startsWith('/admin?');
    const index = this.index(isAdmin ? this.adminDir : this.storefrontDir);
    if (!index) return false;
    const acceptEncoding = request.headers['accept-encoding'];
    if (isAdmin) return sendPage(reply, await index.page, acceptEncoding);
    const answer = await this.storefrontHeads.answer(request.url, index.html);
    if (!answer) return sendPage(reply, (await this.storefrontPages.page(request.url, index.html)) ?? (await index.page), acceptEncoding);
    const rendered = answer.status === 200 ? await this.storefrontPages.page(request.url, answer.template) : null;
    return sendPage(reply, rendered ?? (await answer.page()), acceptEncoding, answer);
  }
}
