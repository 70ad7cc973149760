import type { Product } from '@jalaj/contracts';
import { RpcClient } from '@jalaj/server-kit';
import { eventually, startTestShop, type TestShop } from '@jalaj/testing';

/** The shop's public address as configured: every absolute URL a crawler reads starts with it, whatever address it was reached at. */
const PUBLIC = 'https://jalaj.example';
const PRIVATE_PAGES = ['/cart', '/cart?checkout=true', '/profile', '/addresses', '/orders', '/orders/ord_1/invoice', '/payment-success?orderId=ord_1', '/payment-failed', '/payment-pending', '/auth', '/reset-password'];

/**
 * What a crawler gets from the shop (issue #40), with real catalog and BFF processes:
 * statuses (404 for an unknown address and an unknown or deleted product, never a page that
 * says so with a 200), robots.txt, the sitemap with every product's last change, caching of
 * private pages, and the configured public origin in what they name. The heads themselves,
 * parsed by a browser, are in search-engines.e2e.ts.
 */
describe('what search engines get (real processes)', () => {
  let shop: TestShop;
  let rpc: RpcClient;
  let plants: Product[] = [];

  const get = (path: string) => fetch(`${shop.base}${path}`, { redirect: 'manual' });
  const list = async () => ((await (await get('/api/products')).json()) as { items: Product[] }).items;

  beforeAll(async () => {
    shop = await startTestShop({ services: ['catalog'], bffEnv: { PUBLIC_URL: PUBLIC } });
    rpc = RpcClient.standalone({ url: process.env.NATS_URL!, name: 'search-engines-spec' });
    plants = await list();
  }, 120000);

  afterAll(async () => {
    await rpc?.close();
    await shop?.stop();
  });

  describe('statuses', () => {
    it.each(['/', '/about-us', '/terms-conditions', '/privacy-policy', '/refund-policy', '/shipping-policy', '/?q=anubias'])('%s is 200 and may be kept by any cache that asks again', async (path) => {
      const r = await get(path);
      expect(r.status).toBe(200);
      expect(r.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(r.headers.get('cache-control')).toBe('no-cache');
    });

    it('a product page is 200', async () => {
      expect((await get(`/product/${plants[0]!.id}`)).status).toBe(200);
    });

    it.each(['/no-such-page', '/product', '/product/a/b', '/about-us/more', '/admin-panel', '/.env', '/wp-login.php', '/index.html'])('%s, an unknown address, is 404 with the storefront’s page', async (path) => {
      const r = await get(path);
      expect(r.status).toBe(404);
      expect(r.headers.get('content-type')).toBe('text/html; charset=utf-8');
      const html = await r.text();
      expect(html).toContain('<title>Page not found — Jalaj</title>');
      expect(html).toContain('<meta name="robots" content="noindex">');
      expect(html).toContain('<div id="root">');
    });

    it('an unknown product is 404 with the product page, titled Product not found', async () => {
      for (const id of ['prd_00000000000000000000000000', 'nope']) {
        const r = await get(`/product/${id}`);
        expect(r.status).toBe(404);
        const html = await r.text();
        expect(html).toContain('<title>Product not found — Jalaj</title>');
        expect(html).not.toContain('rel="canonical"');
      }
    });

    it.each(PRIVATE_PAGES)('%s, a private page, is noindex and kept by no shared cache', async (path) => {
      const r = await get(path);
      expect(r.status).toBe(200);
      expect(r.headers.get('cache-control')).toBe('private, no-store');
      const html = await r.text();
      expect(html).toContain('<meta name="robots" content="noindex">');
      expect(html).not.toContain('rel="canonical"');
    });

    it('a HEAD of a page answers as its GET does, without the page', async () => {
      for (const path of ['/', '/about-us', `/product/${plants[0]!.id}`, '/no-such-page', '/product/nope', '/orders', '/admin']) {
        const [head, got] = await Promise.all([fetch(`${shop.base}${path}`, { method: 'HEAD', redirect: 'manual' }), get(path)]);
        for (const name of ['content-type', 'cache-control', 'content-security-policy']) expect([path, name, head.headers.get(name)]).toEqual([path, name, got.headers.get(name)]);
        expect([path, head.status]).toEqual([path, got.status]);
        expect(await head.text()).toBe('');
      }
    });

    it('the admin console is noindex', async () => {
      for (const path of ['/admin', '/admin/login']) expect(await (await get(path)).text()).toMatch(/<meta name="robots" content="noindex"/);
    });
  });

  describe('robots.txt', () => {
    it('is text that keeps crawlers out of the private pages and the admin, and points to the sitemap', async () => {
      const r = await get('/robots.txt');
      expect(r.status).toBe(200);
      expect(r.headers.get('content-type')).toBe('text/plain; charset=utf-8');
      const text = await r.text();
      const disallowed = [...text.matchAll(/^Disallow: (.*)$/gm)].map((m) => m[1]);
      expect(disallowed.sort()).toEqual(['/addresses', '/admin', '/auth', '/cart', '/orders', '/payment-failed', '/payment-pending', '/payment-success', '/profile', '/reset-password']);
      expect(text).toMatch(/^User-agent: \*$/m);
      expect(text).toMatch(new RegExp(`^Sitemap: ${PUBLIC}/sitemap.xml$`, 'm'));
    });

    it('leaves every public page open', async () => {
      const disallowed = [...(await (await get('/robots.txt')).text()).matchAll(/^Disallow: (.*)$/gm)].map((m) => m[1]!);
      for (const path of ['/', '/about-us', '/refund-policy', `/product/${plants[0]!.id}`, '/api/products', '/media/demo/x/large.webp']) {
        expect(disallowed.filter((rule) => path.startsWith(rule))).toEqual([]);
      }
    });
  });

  describe('sitemap.xml', () => {
    const entries = async () => {
      const r = await get('/sitemap.xml');
      expect(r.status).toBe(200);
      expect(r.headers.get('content-type')).toBe('application/xml; charset=utf-8');
      const xml = await r.text();
      expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
      return new Map([...xml.matchAll(/<url><loc>([^<]*)<\/loc>(?:<lastmod>([^<]*)<\/lastmod>)?<\/url>/g)].map((m) => [m[1]!, m[2] ?? null]));
    };

    it('lists the landing page, About, the policies and every product with its last change', async () => {
      const listed = await entries();
      const latest = plants.map((p) => p.updatedAt).sort().at(-1)!;
      expect(listed.get(`${PUBLIC}/`)).toBe(latest);
      for (const path of ['/about-us', '/terms-conditions', '/privacy-policy', '/refund-policy', '/shipping-policy']) expect(listed.has(`${PUBLIC}${path}`)).toBe(true);
      for (const plant of plants) expect(listed.get(`${PUBLIC}/product/${plant.id}`)).toBe(plant.updatedAt);
      expect(listed.size).toBe(6 + plants.length);
    });

    it('a sale moves the product’s last change, and the sitemap follows', async () => {
      const plant = plants[1]!;
      const reserved = await rpc.request('rpc.catalog.stock.reserve', { orderNumber: 'SPEC0001', reservationId: `res_seo_${Date.now()}`, lines: [{ productId: plant.id, quantity: 1 }], ttlSeconds: 60 });
      expect(reserved.ok).toBe(true);
      const changed = await eventually(list, (items) => items.find((p) => p.id === plant.id)!.updatedAt > plant.updatedAt);
      const updatedAt = changed.find((p) => p.id === plant.id)!.updatedAt;
      await eventually(entries, (listed) => listed.get(`${PUBLIC}/product/${plant.id}`) === updatedAt);
    });

    it('a deleted product leaves the sitemap, and its page answers 404', async () => {
      const plant = plants[2]!;
      expect((await get(`/product/${plant.id}`)).status).toBe(200);
      const deleted = await rpc.request('rpc.catalog.products.delete', { actor: { id: 'usr_seo_spec', role: 'admin' }, id: plant.id });
      expect(deleted.ok).toBe(true);
      await eventually(async () => (await get(`/product/${plant.id}`)).status, (status) => status === 404);
      expect((await entries()).has(`${PUBLIC}/product/${plant.id}`)).toBe(false);
    });
  });
});
