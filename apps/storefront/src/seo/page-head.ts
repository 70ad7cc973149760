import type { PageHead, Product, StorefrontPage } from '@jalaj/contracts';
import { matchRoutes } from 'react-router-dom';
import { ABOUT } from '../features/pages/about-page.js';
import { POLICIES } from '../features/pages/policies.js';
import { routes } from '../route-table.js';
import { homeHead, notFoundHead, privateHead, productHead, type Site, staticHead } from './head-tags.js';

/**
 * What each storefront address is for search engines (issue #40). The BFF asks the
 * storefront's server bundle (entry-server.tsx) for every storefront address it answers,
 * server-rendered or not: the route table decides which addresses exist (any other is a
 * 404), and the pages' own titles and leads give the titles and descriptions.
 */

/** The route of a product page, as the route table writes it. */
const PRODUCT_ROUTE = 'product/:id';

/** About and the policy pages: besides the landing page and the products, the pages search engines may show. */
const STATIC_PAGES: readonly { readonly path: string; readonly name: string; readonly description: string }[] = [
  { path: ABOUT.path, name: ABOUT.title, description: ABOUT.lead },
  ...Object.values(POLICIES).map((policy) => ({ path: policy.path, name: policy.title, description: policy.lead })),
];

/** What the route table says a path is. */
export function storefrontPage(pathname: string): StorefrontPage {
  const leaf = matchRoutes(routes, pathname)?.at(-1);
  if (!leaf || leaf.route.path === '*') return { kind: 'missing' };
  if (leaf.route.index) return { kind: 'home' };
  if (leaf.route.path === PRODUCT_ROUTE) return { kind: 'product', id: leaf.params['id'] ?? '' };
  const page = STATIC_PAGES.find((p) => p.path === `/${leaf.route.path}`);
  return page ? { kind: 'static', ...page } : { kind: 'private' };
}

/** The pages the sitemap lists besides the products: the landing page, About and the policies. */
export function sitemapPages(): string[] {
  return ['/', ...STATIC_PAGES.map((p) => p.path)];
}

/**
 * The first segment of every private page's route (`/cart`, `/orders`, …), for robots.txt:
 * each is disallowed with everything under it.
 */
export function privatePaths(): string[] {
  const paths = (routes[0]?.children ?? [])
    .filter((route) => route.path && route.path !== '*' && storefrontPage(`/${route.path}`).kind === 'private')
    .map((route) => `/${route.path!.split('/')[0]}`);
  return [...new Set(paths)];
}

/**
 * The head of a page. `product` is the product page's product, read by the BFF (null when
 * there is none with that id).
 */
export function pageHead(page: StorefrontPage, site: Site, product?: Product | null): PageHead {
  switch (page.kind) {
    case 'home':
      return homeHead(site);
    case 'static':
      return staticHead(site, page);
    case 'product':
      return product ? productHead(site, product) : notFoundHead(true);
    case 'private':
      return privateHead();
    case 'missing':
      return notFoundHead();
  }
}
