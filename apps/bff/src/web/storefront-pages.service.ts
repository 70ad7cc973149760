import { Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { AppErrorException } from '@jalaj/contracts';
import { getLogger, InjectConfig } from '@jalaj/server-kit';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { pathId } from '../auth/body.js';
import { CachedBody } from '../catalog/cached-body.js';
import { ProductReads } from '../catalog/product-reads.service.js';
import type { BffConfig } from '../config.js';
import { type CompressedPage, compressPage } from './compressed-page.js';
import { PAGE_BOOT_SCRIPT } from './page-boot.js';
import type { StorefrontSeo } from './storefront-heads.service.js';
import { storefrontDist } from './web-dist.js';

/** What the storefront's server bundle (apps/storefront/src/entry-server.tsx) exports. */
interface StorefrontRenderer extends StorefrontSeo {
  renderPage(url: string, data: PageData): Promise<RenderedPage>;
}

/** The API replies (JSON text) a page is drawn from. */
type PageData = { products?: string; product?: { id: string; json: string } };

/** A page as the storefront's server bundle renders it. */
export interface RenderedPage {
  /** The markup for `#root`. */
  readonly html: string;
  /** The API replies it was drawn from, by API path. */
  readonly initialData: Record<string, unknown>;
  /** The on-demand pages in it (keys of Vite's manifest). */
  readonly sources: readonly string[];
}

/** The part of Vite's build manifest read here. */
export type ViteManifest = Record<string, { file: string; css?: string[]; imports?: string[] }>;

/** What a server-rendered page loads: its styles (files, in order) and its scripts (the entry first). */
export interface PageAssets {
  readonly css: readonly string[];
  readonly modules: readonly string[];
}

interface CachedPage {
  /** The catalogue read it was drawn from: a new read (the catalogue changed) renders it again. */
  readonly source: CachedBody;
  readonly template: string;
  readonly page: Promise<CompressedPage | null>;
}

/** Pages kept rendered: the landing page and the products most asked for. */
const MAX_PAGES = 500;
const PRODUCT_PAGE = /^\/product\/([^/]+)$/;
/** Pages drawn from no catalogue read (issue #40: the About page fast on a phone): rendered once per build. */
const STATIC_PAGES = new Set(['/about-us']);
/** The read a static page is drawn from: none, the same for ever. */
const NO_READ = CachedBody.of({});

/**
 * The styles and scripts of the entry (`index.html`) and of the given on-demand pages, with
 * everything they import, in Vite's order (imports first); paths from the site's root.
 */
export function pageAssets(manifest: ViteManifest, sources: readonly string[]): PageAssets {
  const seen = new Set<string>();
  const css: string[] = [];
  const modules: string[] = [];
  const visit = (key: string) => {
    const entry = manifest[key];
    if (seen.has(key) || !entry) return;
    seen.add(key);
    for (const imported of entry.imports ?? []) visit(imported);
    modules.push(`/${entry.file}`);
    for (const file of entry.css ?? []) if (!css.includes(`/${file}`)) css.push(`/${file}`);
  };
  visit('index.html');
  for (const source of sources) visit(source);
  const entry = `/${manifest['index.html']!.file}`;
  return { css, modules: [entry, ...modules.filter((m) => m !== entry)] };
}

/**
 * Puts a rendered page into the storefront's index.html: its styles inline (no request
 * before the first paint), the markup in `#root` (inert until the scripts take it over: a
 * click or keystroke before then would do nothing), the API replies beside it, and the boot script
 * that loads the scripts after the first paint instead of the shell's script tags. `inlined`:
 * the style files whose rules `styles` holds.
 */
export function composePage(template: string, rendered: RenderedPage, styles: string, modules: readonly string[], inlined: readonly string[] = []): string {
  // React writes what belongs in the head first (the page's <title>, image preloads): move it
  // there, the title in place of the shell's.
  const hoisted = /^(?:<title>[^<]*<\/title>|<link [^>]*>)*/.exec(rendered.html)![0];
  const title = /<title>[^<]*<\/title>/.exec(hoisted)?.[0];
  const links = hoisted.replace(title ?? '', '');
  const body = rendered.html.slice(hoisted.length);
  // `<` escaped, so no text in the data can close the script element.
  const data = JSON.stringify(rendered.initialData).replace(/</g, '\\u003c');
  return template
    .replace(/<script type="module"[^>]*><\/script>\s*/g, '')
    .replace(/<link rel="(?:modulepreload|stylesheet)"[^>]*>\s*/g, '')
    .replace(/<title>[^<]*<\/title>/, (shell) => title ?? shell)
    // Each inlined style file is named by a disabled link, which the browser neither fetches nor
    // applies: Vite's loader of an on-demand page finds it and does not add the same rules a
    // second time (a second sheet: a request, then styles and layout recomputed; issue #40).
    .replace('</head>', () => `${links}${inlined.map((href) => `<link rel="stylesheet" href="${href}" disabled>`).join('')}<style>${styles}</style>\n  </head>`)
    .replace(
      '<div id="root"></div>',
      () =>
        `<div id="root" inert>${body}</div><script type="application/json" id="page-data">${data}</script>` +
        `<script data-modules="${modules.join(' ')}">${PAGE_BOOT_SCRIPT}</script>`,
    );
}

/**
 * Server-renders the storefront's landing page and product pages (issue #12) and the About
 * page (issue #40): the first paint shows the plants without waiting for the scripts, which
 * then take the markup over. A page is rendered once per catalogue read it is drawn from (the catalogue cache's
 * {@link CachedBody}, new after every change) and kept compressed; other
 * paths, a filtered landing page, an unknown product, or any failure get the plain
 * index page, which renders in the browser as before.
 */
@Injectable()
export class StorefrontPages {
  private readonly log = getLogger('StorefrontPages');
  private readonly pages = new LRUCache<string, CachedPage>({ max: MAX_PAGES });
  private renderer?: { mtimeMs: number; module: Promise<StorefrontRenderer | null> };
  private readonly bundle: string;
  private readonly dist: string;
  /** Vite's manifest and the styles read for the build that wrote `template`. */
  private build?: { template: string; manifest: ViteManifest | null; styles: Map<string, string> };

  constructor(
    @InjectConfig() private readonly config: BffConfig,
    private readonly products: ProductReads,
  ) {
    this.dist = storefrontDist(config);
    this.bundle = path.join(this.dist, '../dist-ssr/entry-server.js');
  }

  /** The server-rendered page for a storefront URL, or null when it has none. */
  async page(url: string, template: string): Promise<CompressedPage | null> {
    const source = this.sourceFor(url);
    if (!source) return null;
    let body: CachedBody;
    try {
      body = await source.read();
    } catch (e) {
      if (!(e instanceof AppErrorException)) this.log.warn({ err: e, url }, 'reading the page data failed; sending the plain page');
      return null;
    }
    const cached = this.pages.get(url);
    if (cached && cached.source === body && cached.template === template) return cached.page;

    const page = this.render(url, template, source.data(body.json.toString())).catch((e: unknown) => {
      this.log.warn({ err: e, url }, 'server rendering failed; sending the plain page');
      return null;
    });
    this.pages.set(url, { source: body, template, page });
    return page;
  }

  /** The catalogue read a URL's page is drawn from; null for pages rendered in the browser only. */
  private sourceFor(url: string): { read: () => Promise<CachedBody> | CachedBody; data: (json: string) => PageData } | null {
    if (url === '/') return { read: () => this.products.list({}), data: (json) => ({ products: json }) };
    if (STATIC_PAGES.has(url)) return { read: () => NO_READ, data: () => ({}) };
    const match = PRODUCT_PAGE.exec(url);
    if (!match) return null;
    let id: string;
    try {
      id = pathId(decodeURIComponent(match[1]!));
    } catch {
      return null;
    }
    return { read: () => this.products.get(id), data: (json) => ({ product: { id, json } }) };
  }

  private async render(url: string, template: string, data: PageData): Promise<CompressedPage | null> {
    const renderer = await this.rendererModule();
    const build = this.buildOf(template);
    if (!renderer || !build.manifest) return null;
    const rendered = await renderer.renderPage(`http://localhost${url}`, data);
    const { css, modules } = pageAssets(build.manifest, rendered.sources);
    const styles = css.map((file) => {
      if (!build.styles.has(file)) build.styles.set(file, readFileSync(path.join(this.dist, file), 'utf8'));
      return build.styles.get(file)!;
    });
    return compressPage(composePage(template, rendered, styles.join('\n'), modules, css));
  }

  /** The manifest of the build whose index.html is `template` (read again after a rebuild). */
  private buildOf(template: string) {
    if (this.build?.template !== template) {
      const file = path.join(this.dist, '.vite/manifest.json');
      const manifest = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as ViteManifest) : null;
      this.build = { template, manifest: manifest?.['index.html'] ? manifest : null, styles: new Map() };
    }
    return this.build;
  }

  /** The storefront's server bundle; outside production a rebuilt one is picked up without a restart. */
  rendererModule(): Promise<StorefrontRenderer | null> {
    if (this.renderer && this.config.NODE_ENV === 'production') return this.renderer.module;
    const mtimeMs = existsSync(this.bundle) ? statSync(this.bundle).mtimeMs : 0;
    if (this.renderer?.mtimeMs !== mtimeMs) {
      const href = `${pathToFileURL(this.bundle).href}?v=${mtimeMs}`;
      this.renderer = {
        mtimeMs,
        module: mtimeMs
          ? (import(href) as Promise<StorefrontRenderer>).catch((e: unknown) => {
              this.log.error({ err: e, bundle: this.bundle }, 'the storefront server bundle does not load');
              return null;
            })
          : Promise.resolve(null),
      };
    }
    return this.renderer.module;
  }
}
