import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { freePort, startApp, type AppHandle } from '@jalaj/local-platform';
import { parseTraceparent, RpcClient } from '@jalaj/server-kit';
import { eventually, testDatabaseUrl } from '@jalaj/testing';
import pg from 'pg';

/** One span as the OTLP/HTTP JSON export carries it, with the service that recorded it. */
interface ExportedSpan {
  service: string;
  name: string;
  kind: number;
  traceId: string;
  spanId: string;
  parentSpanId?: string;
}

type AnyValue = { stringValue?: string };
interface OtlpJson {
  resourceSpans?: { resource?: { attributes?: { key: string; value: AnyValue }[] }; scopeSpans?: { spans?: Omit<ExportedSpan, 'service'>[] }[] }[];
}

/** OTLP span kinds. */
const KIND = { server: 2, client: 3, producer: 4, consumer: 5 } as const;

const randomHex = (n: number) => Array.from({ length: n }, () => Math.floor(Math.random() * 16).toString(16)).join('');

/**
 * Traces across real processes: the BFF continues a caller's `traceparent`, its NATS
 * request and its call to media carry it, catalog's handler continues it, the event
 * catalog writes to its outbox carries it to media's consumer, and every process exports
 * its spans over OTLP/HTTP (JSON) to a collector in this spec. Trace ids reach log lines.
 */
describe('traces across HTTP, NATS and events (real processes, OTLP export)', () => {
  const spans: ExportedSpan[] = [];
  const logs: { app: string; line: string }[] = [];
  const apps: AppHandle[] = [];
  const catalogDb = testDatabaseUrl('catalog_trace');
  let collector: Server;
  let base = '';
  let rpc: RpcClient;

  const trace = (traceId: string) => spans.filter((s) => s.traceId === traceId);
  const one = (traceId: string, service: string, name: string, kind: number) => trace(traceId).find((s) => s.service === service && s.name === name && s.kind === kind);
  const logLines = (app: string, traceId: string) =>
    logs
      .filter((l) => l.app === app && l.line.includes(traceId))
      .map((l) => {
        try {
          return JSON.parse(l.line) as Record<string, unknown>;
        } catch {
          return {};
        }
      });

  beforeAll(async () => {
    collector = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as OtlpJson;
        for (const rs of body.resourceSpans ?? []) {
          const service = rs.resource?.attributes?.find((a) => a.key === 'service.name')?.value.stringValue ?? '?';
          for (const ss of rs.scopeSpans ?? []) for (const s of ss.spans ?? []) spans.push({ service, name: s.name, kind: s.kind, traceId: s.traceId, spanId: s.spanId, parentSpanId: s.parentSpanId || undefined });
        }
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
    const otel = { OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${(collector.address() as AddressInfo).port}`, OTEL_BSP_SCHEDULE_DELAY: '100' };
    const shared = { NATS_URL: process.env.NATS_URL!, REDIS_URL: process.env.REDIS_URL!, LOG_LEVEL: 'info', SEED_DEMO_DATA: 'true', ...otel };
    const onLine = (app: string, line: string) => logs.push({ app, line });
    apps.push(await startApp('catalog', { port: await freePort(), env: { ...shared, DATABASE_URL: catalogDb }, onLine }));
    const mediaPort = await freePort();
    apps.push(
      await startApp('media', {
        port: mediaPort,
        env: { ...shared, DATABASE_URL: testDatabaseUrl('media_trace'), S3_ENDPOINT: process.env.S3_ENDPOINT!, S3_ACCESS_KEY: process.env.S3_ACCESS_KEY!, S3_SECRET_KEY: process.env.S3_SECRET_KEY! },
        onLine,
      }),
    );
    const bffPort = await freePort();
    // At debug the BFF writes the line of a quick successful read too (ADR 097), which the spec reads.
    apps.push(await startApp('bff', { port: bffPort, env: { ...shared, LOG_LEVEL: 'debug', MEDIA_URL: `http://127.0.0.1:${mediaPort}` }, onLine }));
    base = `http://127.0.0.1:${bffPort}`;
    rpc = RpcClient.standalone({ url: process.env.NATS_URL!, name: 'trace-spec' });
  }, 120000);

  afterAll(async () => {
    await rpc?.close();
    for (const app of apps.reverse()) await app.stop();
    await new Promise((resolve) => collector?.close(resolve));
  });

  it('continues the caller’s traceparent through the BFF into the catalog service, every span exported', async () => {
    const traceId = randomHex(32);
    const callerSpan = randomHex(16);
    // A filter no other request used: the BFF's list cache misses and asks catalog.
    const res = await fetch(`${base}/api/products?q=trace${randomHex(8)}`, { headers: { traceparent: `00-${traceId}-${callerSpan}-01`, tracestate: 'shop=spec' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-correlation-id')).toBeTruthy();
    const response = parseTraceparent(res.headers.get('traceresponse') ?? undefined);
    expect(response?.traceId).toBe(traceId);

    await eventually(() => trace(traceId).length, (n) => n >= 3);
    const server = one(traceId, 'bff', 'GET /api/products', KIND.server);
    const client = one(traceId, 'bff', 'rpc.catalog.products.list', KIND.client);
    const handler = one(traceId, 'catalog', 'rpc.catalog.products.list', KIND.server);
    expect(server).toMatchObject({ parentSpanId: callerSpan, spanId: response?.spanId });
    expect(client?.parentSpanId).toBe(server?.spanId);
    expect(handler?.parentSpanId).toBe(client?.spanId);

    // The BFF's request log line carries the trace id next to the correlation id.
    await eventually(() => logLines('bff', traceId).length, (n) => n > 0);
    expect(logLines('bff', traceId)[0]).toMatchObject({ traceId, correlationId: res.headers.get('x-correlation-id') });
  });

  it('starts a new trace when the caller sends none, or a malformed one (never an error)', async () => {
    for (const headers of [{}, { traceparent: 'not-a-trace' }, { traceparent: `00-${'0'.repeat(32)}-${randomHex(16)}-01` }] as Record<string, string>[]) {
      const res = await fetch(`${base}/api/products?q=fresh${randomHex(8)}`, { headers });
      expect(res.status).toBe(200);
      const response = parseTraceparent(res.headers.get('traceresponse') ?? undefined);
      expect(response).toBeDefined();
      await eventually(() => one(response!.traceId, 'catalog', 'rpc.catalog.products.list', KIND.server), (s) => s !== undefined);
      expect(one(response!.traceId, 'bff', 'GET /api/products', KIND.server)?.parentSpanId).toBeUndefined();
    }
  });

  it('carries the trace on the BFF’s call to media, whose HTTP span continues it', async () => {
    const traceId = randomHex(32);
    const res = await fetch(`${base}/media/products/upl_${randomHex(12)}/card.webp`, { headers: { traceparent: `00-${traceId}-${randomHex(16)}-01` } });
    expect(res.status).toBe(404);
    await eventually(() => [one(traceId, 'media', 'GET /internal/objects/*', KIND.server), one(traceId, 'bff', 'GET /media/*', KIND.server)], (both) => both.every(Boolean));
    expect(one(traceId, 'media', 'GET /internal/objects/*', KIND.server)?.parentSpanId).toBe(one(traceId, 'bff', 'GET /media/*', KIND.server)?.spanId);
  });

  it('an event written in a traced transaction carries its traceparent in the outbox and to the consumer', async () => {
    const traceId = randomHex(32);
    const callerSpan = randomHex(16);
    const list = await rpc.request('rpc.catalog.products.list', {});
    if (!list.ok) throw new Error('list failed');
    const product = list.data.items[0];
    const deleted = await rpc.request('rpc.catalog.products.delete', { actor: { id: 'usr_spec', role: 'admin' }, id: product.id }, { headers: { traceparent: `00-${traceId}-${callerSpan}-01` } });
    expect(deleted).toEqual({ ok: true, data: { id: product.id } });

    const c = new pg.Client({ connectionString: catalogDb });
    await c.connect();
    const [row] = (await c.query(`select headers from outbox_message where envelope->'data'->>'productId' = $1`, [product.id])).rows as { headers: Record<string, string> }[];
    await c.end();
    await eventually(() => one(traceId, 'media', 'process evt.catalog.product.deleted.v1', KIND.consumer), (s) => s !== undefined);
    const handler = one(traceId, 'catalog', 'rpc.catalog.products.delete', KIND.server);
    const publish = one(traceId, 'catalog', 'publish evt.catalog.product.deleted.v1', KIND.producer);
    const consume = one(traceId, 'media', 'process evt.catalog.product.deleted.v1', KIND.consumer);
    expect(handler?.parentSpanId).toBe(callerSpan);
    expect(row.headers.traceparent).toBe(`00-${traceId}-${handler?.spanId}-01`);
    expect(publish?.parentSpanId).toBe(handler?.spanId);
    expect(consume?.parentSpanId).toBe(publish?.spanId);

    // The consumer's own log line is in the trace.
    await eventually(() => logLines('media', traceId).filter((l) => l.msg === 'product images removed').length, (n) => n === 1);
    expect(logLines('media', traceId).find((l) => l.msg === 'product images removed')).toMatchObject({ traceId, productId: product.id });
  });
});
