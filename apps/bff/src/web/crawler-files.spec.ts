import { robotsTxt, sitemapXml } from './crawler-files.js';

describe('robotsTxt', () => {
  const text = robotsTxt('https://jalaj.shop', ['/cart', '/orders']);

  it('keeps every crawler out of the private pages and the admin console, and names the sitemap', () => {
    expect(text).toBe('User-agent: *\nDisallow: /cart\nDisallow: /orders\nDisallow: /admin\n\nSitemap: https://jalaj.shop/sitemap.xml\n');
  });

  it('leaves the API open: a crawler running the scripts draws the pages with it', () => {
    expect(text).not.toMatch(/Disallow: \/api/);
  });
});

describe('sitemapXml', () => {
  const products = [
    { id: 'prd_A', updatedAt: '2026-11-20T10:00:00.000Z' },
    { id: 'prd_B&C', updatedAt: '2026-11-25T08:30:00.000Z' },
  ];
  const xml = sitemapXml('https://jalaj.shop', ['/', '/about-us'], products);
  const entries = [...xml.matchAll(/<url><loc>([^<]*)<\/loc>(?:<lastmod>([^<]*)<\/lastmod>)?<\/url>/g)].map((m) => [m[1], m[2]]);

  it('lists the pages, then every product with its last change; the landing page with the latest', () => {
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">')).toBe(true);
    expect(entries).toEqual([
      ['https://jalaj.shop/', '2026-11-25T08:30:00.000Z'],
      ['https://jalaj.shop/about-us', undefined],
      ['https://jalaj.shop/product/prd_A', '2026-11-20T10:00:00.000Z'],
      ['https://jalaj.shop/product/prd_B%26C', '2026-11-25T08:30:00.000Z'],
    ]);
  });

  it('an empty catalogue still lists the pages, the landing page without a date', () => {
    expect(sitemapXml('https://jalaj.shop', ['/'], [])).toContain('<url><loc>https://jalaj.shop/</loc></url>');
  });
});
