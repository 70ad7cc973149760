import { formatRupees, paiseToDecimalString } from '@jalaj/commerce';
import type { PageHead, Product } from '@jalaj/contracts';
import type { BreadcrumbList, Organization, Product as ProductData, Thing, WebSite, WithContext } from 'schema-dts';
import { SHOP_CONTACT } from '../features/pages/contact.js';
import { HOME_TITLE, NOT_FOUND_TITLE, pageTitle, PRODUCT_NOT_FOUND_TITLE, SHOP_NAME } from './titles.js';

/**
 * The heads of the storefront's pages as search engines and link previews read them (issue
 * #40): title, description, canonical link, Open Graph and Twitter card tags, and schema.org
 * data as JSON-LD (typed with schema-dts). Pure: page-head.ts decides which page an address is.
 */

/** The landing page's description (the shell's, index.html, says the same). */
export const HOME_DESCRIPTION = 'Jalaj sells healthy aquarium plants online across India, shipped from Kolkata in special aquatic packaging.';

/** The shop's public address (`PUBLIC_URL`'s origin), which every absolute URL starts with. */
export interface Site {
  readonly origin: string;
}

/** Where a meta description is cut: search results show about this much. */
const DESCRIPTION_LENGTH = 160;

/** The landing page: the shop as an Organization and a WebSite. */
export function homeHead(site: Site): PageHead {
  return publicHead(site, { path: '/', title: HOME_TITLE, description: HOME_DESCRIPTION, type: 'website', data: [organization(site), website(site)] });
}

/** About or a policy page. */
export function staticHead(site: Site, page: { readonly path: string; readonly name: string; readonly description: string }): PageHead {
  return publicHead(site, { path: page.path, title: pageTitle(page.name), description: page.description, type: 'website', data: [] });
}

/** A sign-in-only page, or one about a session: kept out of search results and shared caches. */
export function privateHead(): PageHead {
  return { status: 200, private: true, title: null, description: null, tags: meta('name', 'robots', 'noindex') };
}

/** An unknown address, or (`product`) a product page without its product. */
export function notFoundHead(product = false): PageHead {
  return { status: 404, private: false, title: product ? PRODUCT_NOT_FOUND_TITLE : NOT_FOUND_TITLE, description: null, tags: meta('name', 'robots', 'noindex') };
}

interface PublicPage {
  readonly path: string;
  readonly title: string;
  readonly description: string;
  readonly type: 'website' | 'product';
  readonly image?: { readonly url: string; readonly alt: string };
  /** Open Graph tags of the page's type. */
  readonly more?: readonly (readonly [string, string])[];
  readonly data: readonly WithContext<Thing>[];
}

function publicHead(site: Site, page: PublicPage): PageHead {
  const url = absolute(site, page.path);
  const tags = [
    `<link rel="canonical" href="${attribute(url)}">`,
    meta('property', 'og:site_name', SHOP_NAME),
    meta('property', 'og:locale', 'en_IN'),
    meta('property', 'og:type', page.type),
    meta('property', 'og:title', page.title),
    meta('property', 'og:description', page.description),
    meta('property', 'og:url', url),
    ...(page.image ? [meta('property', 'og:image', page.image.url), meta('property', 'og:image:alt', page.image.alt)] : []),
    ...(page.more ?? []).map(([key, value]) => meta('property', key, value)),
    meta('name', 'twitter:card', page.image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', page.title),
    meta('name', 'twitter:description', page.description),
    ...(page.image ? [meta('name', 'twitter:image', page.image.url), meta('name', 'twitter:image:alt', page.image.alt)] : []),
    ...page.data.map(jsonLd),
  ];
  return { status: 200, private: false, title: page.title, description: page.description, tags: tags.join('') };
}

/** A product page: its picture and price in the link preview, a Product with its Offer and a BreadcrumbList. */
export function productHead(site: Site, product: Product): PageHead {
  const url = absolute(site, `/product/${encodeURIComponent(product.id)}`);
  const images = product.imageUrls.map((image) => absolute(site, image));
  const price = paiseToDecimalString(product.pricePaise);
  const inStock = product.stockQuantity > 0;
  const data: WithContext<ProductData> = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    '@id': `${url}#product`,
    name: product.name,
    ...(product.description ? { description: product.description } : {}),
    ...(images.length ? { image: images } : {}),
    sku: product.id,
    url,
    offers: {
      '@type': 'Offer',
      url,
      price,
      priceCurrency: 'INR',
      availability: inStock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      itemCondition: 'https://schema.org/NewCondition',
      seller: { '@type': 'Organization', '@id': organizationId(site), name: SHOP_NAME },
    },
  };
  const breadcrumbs: WithContext<BreadcrumbList> = {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: [
      // schema.org's `item` is a Thing: the page, by its URL as its @id (as Google reads it).
      { '@type': 'ListItem', position: 1, name: 'Home', item: { '@id': absolute(site, '/') } },
      { '@type': 'ListItem', position: 2, name: product.name, item: { '@id': url } },
    ],
  };
  return publicHead(site, {
    path: `/product/${encodeURIComponent(product.id)}`,
    title: pageTitle(product.name),
    description: clip(`${product.name} for ${formatRupees(product.pricePaise)} at ${SHOP_NAME}. ${product.description}`.trim()),
    type: 'product',
    ...(images[0] ? { image: { url: images[0], alt: product.name } } : {}),
    more: [
      ['product:price:amount', price],
      ['product:price:currency', 'INR'],
      ['product:availability', inStock ? 'in stock' : 'out of stock'],
    ],
    data: [data, breadcrumbs],
  });
}

const organizationId = (site: Site) => `${absolute(site, '/')}#organization`;

function organization(site: Site): WithContext<Organization> {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    '@id': organizationId(site),
    name: SHOP_NAME,
    url: absolute(site, '/'),
    logo: absolute(site, '/favicon.svg'),
    email: SHOP_CONTACT.email,
    telephone: SHOP_CONTACT.phone.replace(/\s/g, ''),
    address: { '@type': 'PostalAddress', addressLocality: SHOP_CONTACT.city, addressCountry: 'IN' },
  };
}

function website(site: Site): WithContext<WebSite> {
  return {
    '@context': 'https://schema.org',
    '@type': 'WebSite',
    '@id': `${absolute(site, '/')}#website`,
    name: SHOP_NAME,
    url: absolute(site, '/'),
    inLanguage: 'en-IN',
    publisher: { '@id': organizationId(site) },
  };
}

/** An address on the shop made absolute; an absolute one (a pasted image address) stays as it is. */
function absolute(site: Site, url: string): string {
  return new URL(url, `${site.origin}/`).href;
}

/** A description cut to {@link DESCRIPTION_LENGTH} at a word, with an ellipsis. */
export function clip(text: string, length = DESCRIPTION_LENGTH): string {
  const flat = text.replace(/\s+/g, ' ');
  if (flat.length <= length) return flat;
  const cut = flat.slice(0, length - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > length / 2 ? cut.slice(0, space) : cut).replace(/[\s.,;:!?—-]+$/, '')}…`;
}

function meta(attr: 'name' | 'property', key: string, content: string): string {
  return `<meta ${attr}="${key}" content="${attribute(content)}">`;
}

/** JSON-LD in a script element no text can close (`<` escaped). */
function jsonLd(data: WithContext<Thing>): string {
  return `<script type="application/ld+json">${JSON.stringify(data).replace(/</g, '\\u003c')}</script>`;
}

/** Text for an attribute value in double quotes. */
function attribute(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
