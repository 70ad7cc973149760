import { Injectable } from '@nestjs/common';
import { InjectConfig } from '@jalaj/server-kit';
import type { BffConfig } from '../config.js';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const appsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** Where the built storefront and admin live, and their index pages for client-side routes. */
@Injectable()
export class WebAppsService {
  readonly storefrontDir: string;
  readonly adminDir: string;
  private readonly cache = new Map<string, string | null>();

  constructor(@InjectConfig() private readonly config: BffConfig) {
    this.storefrontDir = config.STOREFRONT_DIST ?? path.join(appsDir, 'storefront/dist');
    this.adminDir = config.ADMIN_DIST ?? path.join(appsDir, 'admin/dist');
  }

  private index(dir: string): string | null {
    // Outside production a rebuilt app shows without restarting the BFF.
    if (this.config.NODE_ENV !== 'production') this.cache.delete(dir);
    if (!this.cache.has(dir)) {
      const file = path.join(dir, 'index.html');
      this.cache.set(dir, existsSync(file) ? readFileSync(file, 'utf8') : null);
    }
    return this.cache.get(dir) ?? null;
  }

  /** Sends the index page of the app that owns the path; false when that app is not built. */
  async serveIndex(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | false> {
    const isAdmin = request.url === '/admin' || request.url.startsWith('/admin/') || request.url.startsWith('/admin?');
    const html = this.index(isAdmin ? this.adminDir : this.storefrontDir);
    if (!html) return false;
    return reply.status(200).header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
  }
}
