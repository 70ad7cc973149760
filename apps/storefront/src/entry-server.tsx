import { ApiProvider, SessionProvider } from '@jalaj/web-kit';
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { PRODUCTS_PATH, productPath } from './api/products.js';
import { lazyPageSources, routes } from './route-table.js';

// What search engines and link previews read in each page's head, its status, the sitemap's pages (issue #40).
export { pageHead, privatePaths, sitemapPages, storefrontPage } from './seo/page-head.js';

/** What the BFF read for the page, as the API would answer it (JSON text). */
export interface PageData {
  /** `GET /api/products` without filters: the landing page's grid. */
  readonly products?: string;
  /** `GET /api/products/:id`: the product page's product. */
  readonly product?: { readonly id: string; readonly json: string };
}

/** A server-rendered page: the markup for `#root` and the API replies it was drawn from. */
export interface RenderedPage {
  readonly html: string;
  /** By API path: the browser hydrates from the same replies (ApiProvider's `initialData`). */
  readonly initialData: Record<string, unknown>;
  /** The on-demand pages drawn (Vite manifest keys), whose styles and scripts the page needs. */
  readonly sources: string[];
}

const handler = createStaticHandler(routes);

/**
 * Renders a storefront page the way the browser's first render draws it (signed-in state
 * unknown), so the browser hydrates it instead of drawing it again. Waits for the lazily
 * loaded pages. The BFF calls it for the landing page and the product pages (issue #12).
 */
export async function renderPage(url: string, data: PageData): Promise<RenderedPage> {
  const initialData: Record<string, unknown> = {};
  if (data.products) initialData[PRODUCTS_PATH] = JSON.parse(data.products);
  if (data.product) initialData[productPath(data.product.id)] = JSON.parse(data.product.json);

  const context = await handler.query(new Request(url));
  if (context instanceof Response) throw new Error(`${url} answered a redirect, not a page`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <ApiProvider initialData={initialData}>
        <SessionProvider>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </SessionProvider>
      </ApiProvider>
    </StrictMode>,
    // Every Suspense boundary inline, in place: none is sent apart to be moved in by an
    // inline script, which the page's Content-Security-Policy would block (issue #40).
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  return { html: Buffer.concat(chunks).toString('utf8'), initialData, sources: lazyPageSources(new URL(url).pathname) };
}
