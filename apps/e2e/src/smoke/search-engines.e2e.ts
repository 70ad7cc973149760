import { formatRupees, paiseToDecimalString } from '@jalaj/commerce';
import { expect, type Page, test } from '@playwright/test';
import { products } from '../support/shop.js';
import { checkStructuredData } from '../support/structured-data.js';
import { DESKTOP_ONLY } from '../support/tags.js';

/**
 * What search engines and link previews read (issue #40): each public page's head as the
 * server sends it, parsed by the browser with scripts off (a crawler's or a chat app's
 * first look), its JSON-LD checked against schema.org's types; the private pages' noindex;
 * and the 404s a shopper sees.
 */

interface Head {
  readonly status: number;
  readonly title: string;
  readonly descriptions: string[];
  readonly canonicals: string[];
  readonly robots: string | null;
  /** Open Graph (`property`) and Twitter (`name`) tags. */
  readonly tags: Map<string, string>;
  readonly jsonLd: string[];
}

/** The head of `path` as the shop sends it. */
async function headOf(page: Page, path: string): Promise<Head> {
  const response = await page.goto(path);
  const head = page.locator('head');
  const attributes = async (selector: string, attribute: string) =>
    Promise.all((await head.locator(selector).all()).map(async (element) => (await element.getAttribute(attribute)) ?? ''));
  const tags = new Map<string, string>();
  for (const element of await head.locator('meta[property^="og:"], meta[property^="product:"], meta[name^="twitter:"]').all()) {
    tags.set(((await element.getAttribute('property')) ?? (await element.getAttribute('name')))!, (await element.getAttribute('content')) ?? '');
  }
  return {
    status: response!.status(),
    title: await page.title(),
    descriptions: await attributes('meta[name="description"]', 'content'),
    canonicals: await attributes('link[rel="canonical"]', 'href'),
    robots: (await attributes('meta[name="robots"]', 'content'))[0] ?? null,
    tags,
    jsonLd: await head.locator('script[type="application/ld+json"]').allTextContents(),
  };
}

test.describe('what a crawler reads, before any script runs', { tag: DESKTOP_ONLY }, () => {
  test.use({ javaScriptEnabled: false });

  test('each public page has its own title, description, canonical URL and link preview', async ({ page, request, baseURL }) => {
    const [plant] = await products(request);
    const pages = [
      ['/', 'Jalaj — Aquarium Plants Online in India'],
      ['/about-us', 'About Us — Jalaj'],
      ['/terms-conditions', 'Terms & Conditions — Jalaj'],
      ['/privacy-policy', 'Privacy Policy — Jalaj'],
      ['/refund-policy', 'Refund Policy — Jalaj'],
      ['/shipping-policy', 'Shipping Policy — Jalaj'],
      [`/product/${plant!.id}`, `${plant!.name} — Jalaj`],
    ] as const;
    const descriptions = new Set<string>();
    for (const [path, title] of pages) {
      const head = await headOf(page, path);
      const url = new URL(path, baseURL).href;
      expect(head.status, path).toBe(200);
      expect(head.title, path).toBe(title);
      expect(head.descriptions, path).toHaveLength(1);
      expect(head.descriptions[0]!.length, path).toBeGreaterThan(30);
      expect(head.descriptions[0]!.length, path).toBeLessThanOrEqual(160);
      descriptions.add(head.descriptions[0]!);
      expect(head.canonicals, path).toEqual([url]);
      expect(head.robots, path).toBeNull();
      expect(head.tags.get('og:title'), path).toBe(title);
      expect(head.tags.get('og:description'), path).toBe(head.descriptions[0]);
      expect(head.tags.get('og:url'), path).toBe(url);
      expect(head.tags.get('og:site_name'), path).toBe('Jalaj');
      expect(head.tags.get('twitter:title'), path).toBe(title);
      expect(head.tags.get('twitter:description'), path).toBe(head.descriptions[0]);
      expect(['summary', 'summary_large_image'], path).toContain(head.tags.get('twitter:card'));
      checkStructuredData(head.jsonLd);
    }
    expect(descriptions.size).toBe(pages.length);
  });

  test('the landing page describes the shop: an Organization and a WebSite', async ({ page, baseURL }) => {
    const head = await headOf(page, '/');
    const data = checkStructuredData(head.jsonLd);
    expect([...data.keys()]).toEqual(['Organization', 'WebSite']);
    expect(data.get('Organization')).toMatchObject({ name: 'Jalaj', url: new URL('/', baseURL).href });
    expect(data.get('WebSite')).toMatchObject({ url: new URL('/', baseURL).href, publisher: { '@id': data.get('Organization')!['@id'] } });
  });

  test('a product page shares its picture, name and price, and describes its Offer and breadcrumbs', async ({ page, request, baseURL }) => {
    const [plant] = await products(request);
    const url = new URL(`/product/${plant!.id}`, baseURL).href;
    const head = await headOf(page, `/product/${plant!.id}`);

    expect(head.descriptions[0]).toContain(plant!.name);
    expect(head.descriptions[0]).toContain(formatRupees(plant!.pricePaise));
    expect(head.tags.get('og:type')).toBe('product');
    expect(head.tags.get('product:price:amount')).toBe(paiseToDecimalString(plant!.pricePaise));
    expect(head.tags.get('product:price:currency')).toBe('INR');
    expect(head.tags.get('twitter:card')).toBe('summary_large_image');
    // The picture, as an absolute URL a chat app can fetch.
    const image = head.tags.get('og:image')!;
    expect(image).toBe(new URL(plant!.imageUrls[0]!, baseURL).href);
    expect(head.tags.get('twitter:image')).toBe(image);
    const picture = await request.get(image);
    expect(picture.status()).toBe(200);
    expect(picture.headers()['content-type']).toMatch(/^image\//);

    const data = checkStructuredData(head.jsonLd);
    expect([...data.keys()]).toEqual(['Product', 'BreadcrumbList']);
    expect(data.get('Product')).toMatchObject({
      name: plant!.name,
      url,
      image: plant!.imageUrls.map((u) => new URL(u, baseURL).href),
      offers: {
        price: paiseToDecimalString(plant!.pricePaise),
        priceCurrency: 'INR',
        availability: plant!.stockQuantity > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
        seller: { name: 'Jalaj' },
      },
    });
    expect(data.get('BreadcrumbList')).toMatchObject({ itemListElement: [{ name: 'Home', item: { '@id': new URL('/', baseURL).href } }, { name: plant!.name, item: { '@id': url } }] });
  });

  test('sign-in-only pages, the payment pages and the admin are noindex, with no canonical URL', async ({ page }) => {
    for (const path of ['/cart', '/cart?checkout=true', '/orders', '/profile', '/addresses', '/payment-success', '/auth', '/admin']) {
      const head = await headOf(page, path);
      expect(head.status, path).toBe(200);
      expect(head.robots, path).toBe('noindex');
      expect(head.canonicals, path).toEqual([]);
    }
  });
});

test.describe('addresses that do not exist', () => {
  test('an unknown path answers 404 with the 404 page', async ({ page }) => {
    const response = await page.goto('/no-such-plant');
    expect(response!.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible();
    await expect(page).toHaveTitle('Page not found — Jalaj');
  });

  test('an unknown product answers 404 with the product page saying so', async ({ page }) => {
    const response = await page.goto('/product/prd_00000000000000000000000000');
    expect(response!.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Product not found' })).toBeVisible();
    await expect(page).toHaveTitle('Product not found — Jalaj');
  });
});
