/**
 * Docker HEALTHCHECK of a Jalaj app image: exits 0 when `/health/live` on the app's ops
 * port answers 2xx, 1 otherwise. The slim base image has no curl, so this uses Node's fetch.
 *
 * The port is OPS_PORT, else the app's own default (its HTTP port + 1000, as the shared
 * bootstrap does), so an image run without OPS_PORT is still checked on the right port.
 */
const DEFAULT_OPS_PORTS = {
  bff: 9080,
  identity: 9081,
  catalog: 9082,
  cart: 9083,
  order: 9084,
  media: 9085,
  'phonepe-sandbox': 9086,
};

const port = process.env.OPS_PORT || (process.env.PORT ? Number(process.env.PORT) + 1000 : DEFAULT_OPS_PORTS[process.env.APP ?? ''] || 9080);

try {
  const res = await fetch(`http://127.0.0.1:${port}/health/live`, { signal: AbortSignal.timeout(4000) });
  process.exit(res.ok ? 0 : 1);
} catch {
  process.exit(1);
}
