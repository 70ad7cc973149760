import { startTestShop, type TestShop } from '@jalaj/testing';

/**
 * "Demo shop: no real payments" on the storefront's pages (the server-rendered landing page
 * and a page rendered in the browser alike) exactly when the BFF runs with
 * DEMO_PAYMENTS=true; never in the admin console, never in a shop that is not a demo.
 */
const BANNER = 'Demo shop: no real payments';
const page = async (shop: TestShop, path: string) => {
  const r = await fetch(`${shop.base}${path}`, { headers: { accept: 'text/html' } });
  expect(r.status).toBe(200);
  return r.text();
};

describe('the demo banner (real BFF and catalog)', () => {
  let demo: TestShop | undefined;
  let real: TestShop | undefined;

  afterAll(async () => {
    await demo?.stop();
    await real?.stop();
  });

  it('shows on every storefront page of a demo shop', async () => {
    demo = await startTestShop({ services: ['catalog'], bffEnv: { DEMO_PAYMENTS: 'true' } });
    for (const path of ['/', '/cart', '/orders']) expect(await page(demo, path)).toContain(BANNER);
    expect(await page(demo, '/admin')).not.toContain(BANNER);
    await demo.stop();
    demo = undefined;
  }, 120_000);

  it('is absent from a shop that is not a demo', async () => {
    real = await startTestShop({ services: ['catalog'] });
    for (const path of ['/', '/cart']) expect(await page(real, path)).not.toContain(BANNER);
  }, 120_000);
});
