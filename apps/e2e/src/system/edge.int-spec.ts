import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { connect } from 'node:net';
import { connect as connectNats } from '@nats-io/transport-node';
import { freePort, startApp, type AppHandle } from '@jalaj/local-platform';
import { eventually, testDatabaseUrl } from '@jalaj/testing';

interface RawReply {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** One request with exactly the given headers, body bytes untouched (fetch would decompress them). */
function raw(url: string, { method = 'GET', headers = {}, body }: { method?: string; headers?: Record<string, string>; body?: string | Buffer } = {}): Promise<RawReply> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** Writes bytes to the port as they are (a request Node's parser rejects) and returns the answer. */
function rawSocket(port: number, bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(bytes));
    let text = '';
    socket.on('data', (d) => (text += d.toString()));
    socket.on('close', () => resolve(text));
    socket.on('error', reject);
  });
}

const json = (r: RawReply) => JSON.parse(r.body.toString('utf8'));

/**
 * The BFF's HTTP edge with real catalog and BFF processes: security headers (helmet), cookies,
 * compression of API replies and of the apps' precompressed assets, the correlation id, problem
 * responses for what Fastify rejects itself, and health and metrics on the ops port only.
 */
describe('the HTTP edge of the BFF (real processes)', () => {
  const apps: AppHandle[] = [];
  let base = '';
  let bffPort = 0;
  let ops = '';

  const shared = { NATS_URL: process.env.NATS_URL!, REDIS_URL: process.env.REDIS_URL!, LOG_LEVEL: 'warn', SEED_DEMO_DATA: 'true' };

  beforeAll(async () => {
    bffPort = await freePort();
    base = `http://127.0.0.1:${bffPort}`;
    apps.push(await startApp('catalog', { port: await freePort(), env: { ...shared, DATABASE_URL: testDatabaseUrl('catalog_edge'), DATABASE_POOL_MAX: '4' } }));
    // Behind a proxy it trusts, as on Kubernetes: X-Forwarded-Proto says whether the shop was reached over HTTPS.
    const bff = await startApp('bff', { port: bffPort, env: { ...shared, TRUST_PROXY: 'true' } });
    apps.push(bff);
    ops = `http://127.0.0.1:${bff.opsPort}`;
  }, 120000);

  afterAll(async () => {
    for (const app of apps.reverse()) await app.stop();
  });

  describe('ops endpoints', () => {
    it.each(['/health/live', '/health/ready', '/health', '/metrics', '/api/health'])('the public port answers 404 for %s', async (path) => {
      const r = await raw(base + path);
      expect(r.status).toBe(404);
      expect(r.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(json(r)).toMatchObject({ status: 404, code: 'NOT_FOUND' });
    });

    it('an app will not start with its ops port on its own port', async () => {
      const port = await freePort();
      await expect(startApp('bff', { port, opsPort: port, env: shared, readyTimeoutMs: 20000 })).rejects.toThrow(/OPS_PORT: must differ from PORT/);
    }, 30000);

    it('the ops port answers liveness, readiness (every dependency) and the detailed report', async () => {
      expect(json(await raw(`${ops}/health/live`))).toEqual({ status: 'up' });
      const ready = await raw(`${ops}/health/ready`);
      expect(ready.status).toBe(200);
      expect(json(ready)).toMatchObject({ status: 'ok', info: { nats: { status: 'up' }, redis: { status: 'up' } } });
      const details = json(await raw(`${ops}/health`));
      expect(details.bff).toEqual({ nats: 'up', redis: 'up' });
      expect(details.services.catalog).toMatchObject({ status: 'up', service: 'catalog', instance: expect.any(String), version: expect.any(String) });
      // Only catalog runs here: the others are reported down.
      expect(details.status).toBe('degraded');
    });

    it('records the HTTP request duration by method, route template and status, served on the ops port', async () => {
      expect((await raw(`${base}/api/products`)).status).toBe(200);
      const metrics = await eventually(
        async () => (await raw(`${ops}/metrics`)).body.toString(),
        (text) => /jalaj_http_request_seconds_count\{method="GET",route="\/api\/products",status="200"\} [1-9]/.test(text),
      );
      expect(metrics).toContain('# TYPE jalaj_http_request_seconds histogram');
    });

    it("a service reports its database pool on its ops port, sized by DATABASE_POOL_MAX; the BFF, which has none, reports none", async () => {
      expect((await raw(`${base}/api/products`)).status).toBe(200);
      const catalog = (await raw(`http://127.0.0.1:${apps[0]!.opsPort}/metrics`)).body.toString();
      expect(catalog).toContain('jalaj_db_pool_max 4');
      expect(catalog).toMatch(/jalaj_db_pool_connections\{state="idle"\} [1-4]\n/);
      expect(catalog).toMatch(/jalaj_db_pool_connections\{state="busy"\} [0-4]\n/);
      expect(catalog).toMatch(/jalaj_db_pool_waiting \d+\n/);
      expect((await raw(`${ops}/metrics`)).body.toString()).not.toContain('jalaj_db_pool');
    });

    it('an app page (a browser route, no API route) is recorded with the status it was answered with', async () => {
      expect((await raw(`${base}/about-us`)).status).toBe(200);
      await eventually(
        async () => (await raw(`${ops}/metrics`)).body.toString(),
        (text) => /jalaj_http_request_seconds_count\{method="GET",route="unmatched",status="200"\} [1-9]/.test(text),
      );
    });
  });

  describe('security headers (helmet)', () => {
    it.each(['/', '/api/docs', '/no-such-page'])('%s carries the CSP and the other security headers, no HSTS over plain HTTP', async (path) => {
      const r = await raw(base + path);
      // Scripts from the shop itself, and the one inline script of a server-rendered page, by its hash.
      expect(r.headers['content-security-policy']).toMatch(
        /^default-src 'self';script-src 'self' 'sha256-[A-Za-z0-9+/]{43}=';style-src 'self' 'unsafe-inline';img-src 'self' data: blob: https:;connect-src 'self';font-src 'self' data:;frame-ancestors 'none';base-uri 'self';form-action 'self';object-src 'none'$/,
      );
      expect(r.headers).toMatchObject({
        'x-content-type-options': 'nosniff',
        'referrer-policy': 'strict-origin-when-cross-origin',
        'x-frame-options': 'DENY',
        'permissions-policy': 'camera=(), microphone=(), geolocation=()',
      });
      expect(r.headers['strict-transport-security']).toBeUndefined();
    });

    it.each(['/api/products', '/api/nothing-here'])("%s, a JSON answer, carries the API's headers: nothing in it may load, run or be framed", async (path) => {
      const r = await raw(base + path);
      expect(r.headers).toMatchObject({
        'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
        'cross-origin-resource-policy': 'same-origin',
        'referrer-policy': 'no-referrer',
        'x-content-type-options': 'nosniff',
        'x-frame-options': 'DENY',
      });
      expect(r.headers['permissions-policy']).toBeUndefined();
      expect(r.headers['strict-transport-security']).toBeUndefined();
    });

    it.each(['/', '/api/products', '/api/nothing-here', '/api/docs'])('%s reached over HTTPS through the trusted proxy carries HSTS', async (path) => {
      const r = await raw(base + path, { headers: { 'x-forwarded-proto': 'https' } });
      expect(r.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect((await raw(base + path, { headers: { 'x-forwarded-proto': 'http' } })).headers['strict-transport-security']).toBeUndefined();
    });

    it("allows exactly the server-rendered landing page's inline boot script", async () => {
      const r = await raw(`${base}/`, { headers: { 'accept-encoding': 'identity' } });
      const inline = /<script data-modules="[^"]*">([\s\S]*?)<\/script>/.exec(r.body.toString());
      expect(inline).not.toBeNull();
      const { createHash } = await import('node:crypto');
      const hash = createHash('sha256').update(inline![1]!).digest('base64');
      expect(r.headers['content-security-policy']).toContain(`script-src 'self' 'sha256-${hash}';`);
    });
  });

  describe('correlation id', () => {
    it('keeps a well-formed incoming x-correlation-id and returns it', async () => {
      const r = await raw(`${base}/api/products`, { headers: { 'x-correlation-id': 'edge-spec-123' } });
      expect(r.headers['x-correlation-id']).toBe('edge-spec-123');
    });

    it('is carried into the NATS request the BFF makes for the call', async () => {
      const nc = await connectNats({ servers: process.env.NATS_URL! });
      try {
        // A plain subscription gets a copy of each request beside catalog's queue group.
        const sub = nc.subscribe('rpc.catalog.products.get');
        const seen: (string | undefined)[] = [];
        void (async () => {
          for await (const m of sub) seen.push(m.headers?.get('x-correlation-id'));
        })();
        await nc.flush();
        await raw(`${base}/api/products/prd_edge_spec_${Date.now()}`, { headers: { 'x-correlation-id': 'edge-nats-1' } });
        await eventually(
          () => seen,
          (ids) => ids.includes('edge-nats-1'),
        );
      } finally {
        await nc.close();
      }
    });

    it('mints one when none or a malformed one comes in', async () => {
      const none = await raw(`${base}/api/products`);
      const bad = await raw(`${base}/api/products`, { headers: { 'x-correlation-id': 'not ok <script>' } });
      expect(none.headers['x-correlation-id']).toMatch(/^cor_[0-9A-Z]{26}$/);
      expect(bad.headers['x-correlation-id']).toMatch(/^cor_[0-9A-Z]{26}$/);
      expect(bad.headers['x-correlation-id']).not.toBe(none.headers['x-correlation-id']);
    });
  });

  describe('compression', () => {
    let script = '';
    beforeAll(async () => {
      const html = (await raw(`${base}/`, { headers: { 'accept-encoding': 'identity' } })).body.toString();
      // The server-rendered page names its scripts for the boot script, the entry first.
      script = /<script data-modules="(\/assets\/index-[^" ]+\.js)/.exec(html)![1]!;
    });

    it('the landing page script is sent precompressed with brotli, with its type, caching and Vary', async () => {
      const plain = await raw(base + script, { headers: { 'accept-encoding': 'identity' } });
      const r = await raw(base + script, { headers: { 'accept-encoding': 'gzip, deflate, br' } });
      expect(r.status).toBe(200);
      expect(r.headers['content-encoding']).toBe('br');
      expect(r.headers['content-type']).toMatch(/^(text|application)\/javascript/);
      expect(r.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(r.headers.vary).toMatch(/accept-encoding/i);
      // A script carries the headers that mean something to it, not the page's policy (ADR 084).
      expect(r.headers['x-content-type-options']).toBe('nosniff');
      expect(r.headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(r.headers['content-security-policy']).toBeUndefined();
      expect(r.body.length).toBeLessThan(plain.body.length / 2);
      const { brotliDecompressSync } = await import('node:zlib');
      expect(brotliDecompressSync(r.body).equals(plain.body)).toBe(true);
    });

    it('gzip when only gzip is accepted, and the plain file when nothing is', async () => {
      const gz = await raw(base + script, { headers: { 'accept-encoding': 'gzip' } });
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gz.headers['content-type']).toMatch(/^(text|application)\/javascript/);
      expect(gz.headers.vary).toMatch(/accept-encoding/i);
      const plain = await raw(base + script, { headers: { 'accept-encoding': 'identity' } });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    });

    it('JSON replies above the threshold are compressed; small ones are not', async () => {
      const list = await raw(`${base}/api/products`, { headers: { 'accept-encoding': 'br' } });
      expect(list.status).toBe(200);
      expect(list.headers['content-encoding']).toBe('br');
      expect(list.headers['content-type']).toMatch(/^application\/json/);
      const small = await raw(`${base}/api/nothing-here`, { headers: { 'accept-encoding': 'br' } });
      expect(small.headers['content-encoding']).toBeUndefined();
    });
  });

  describe('cookies', () => {
    it('a malformed refresh cookie is answered like a missing one (no session: 200 null), never 500', async () => {
      const missing = await raw(`${base}/api/auth/refresh`, { method: 'POST' });
      const malformed = await raw(`${base}/api/auth/refresh`, { method: 'POST', headers: { cookie: 'jalaj_rt=%' } });
      expect(missing.status).toBe(200);
      expect(json(missing)).toBeNull();
      expect(malformed.status).toBe(200);
      expect(json(malformed)).toBeNull();
    });
  });

  describe('problem responses for what Fastify rejects itself', () => {
    it('bad percent-encoding in the URL: 400 VALIDATION_FAILED', async () => {
      const r = await raw(`${base}/api/products/%`);
      expect(r.status).toBe(400);
      expect(r.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(json(r)).toEqual({ status: 400, code: 'VALIDATION_FAILED', message: 'The request is not valid.' });
    });

    it('a path parameter over the maximum length: 414 URI_TOO_LONG', async () => {
      const r = await raw(`${base}/api/products/${'a'.repeat(500)}`);
      expect(r.status).toBe(414);
      expect(r.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(json(r)).toMatchObject({ status: 414, code: 'URI_TOO_LONG' });
    });

    it('a malformed header: 400 problem', async () => {
      const text = await rawSocket(bffPort, 'GET /api/products HTTP/1.1\r\nHost: x\r\nBad Header: y\r\n\r\n');
      expect(text).toMatch(/^HTTP\/1\.1 400 /);
      expect(text).toMatch(/content-type: application\/problem\+json/i);
      expect(JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4))).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
    });

    it('a body over the limit: 413 PAYLOAD_TOO_LARGE', async () => {
      const body = JSON.stringify({ email: 'a@b.in', password: 'x'.repeat(1024 * 1024 + 10) });
      const r = await raw(`${base}/api/auth/sign-in`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
      expect(r.status).toBe(413);
      expect(r.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(json(r)).toMatchObject({ status: 413, code: 'PAYLOAD_TOO_LARGE' });
    });

    it('a content type no parser takes: 415 UNSUPPORTED_MEDIA_TYPE', async () => {
      const r = await raw(`${base}/api/auth/sign-in`, { method: 'POST', headers: { 'content-type': 'application/xml' }, body: '<a/>' });
      expect(r.status).toBe(415);
      expect(r.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(json(r)).toMatchObject({ status: 415, code: 'UNSUPPORTED_MEDIA_TYPE' });
    });
  });
});
