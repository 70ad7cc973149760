import { freePort, startApp, type AppHandle } from '@jalaj/local-platform';

/**
 * The API documentation through a running BFF: the OpenAPI 3.1 document built from the
 * route contract, and Swagger UI served from the shop's own origin under its CSP.
 */
describe('the API docs of the BFF (real process)', () => {
  let bff: AppHandle;
  let base = '';

  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    bff = await startApp('bff', { port, env: { NATS_URL: process.env.NATS_URL!, REDIS_URL: process.env.REDIS_URL!, LOG_LEVEL: 'warn' } });
  }, 120000);

  afterAll(async () => {
    await bff?.stop();
  });

  it('serves the OpenAPI 3.1 document with every route of the contract', async () => {
    const res = await fetch(`${base}/api/docs/openapi.json`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const doc = (await res.json()) as { openapi: string; paths: Record<string, Record<string, { operationId: string }>> };
    expect(doc.openapi).toMatch(/^3\.1\./);
    expect(doc.paths['/api/cart/items']!['post']!.operationId).toBe('cart.addItem');
    expect(Object.values(doc.paths).flatMap((p) => Object.keys(p)).length).toBeGreaterThanOrEqual(35);
    // Swagger UI reads the same document from its own address.
    expect(await (await fetch(`${base}/api/docs/json`)).json()).toEqual(doc);
  });

  it('serves Swagger UI and its assets from the shop itself, under the shop CSP', async () => {
    const page = await fetch(`${base}/api/docs`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    const html = await page.text();
    const scripts = [...html.matchAll(/<script src="([^"]+)"/g)].map((m) => m[1]!);
    expect(scripts.length).toBeGreaterThan(0);
    for (const src of scripts) {
      expect(src).not.toMatch(/^https?:/);
      const asset = await fetch(new URL(src, `${base}/api/docs`));
      expect(asset.status).toBe(200);
    }
  });

  it('an unknown docs path is a problem response, not a page', async () => {
    const res = await fetch(`${base}/api/docs/nothing-here`);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  });
});
