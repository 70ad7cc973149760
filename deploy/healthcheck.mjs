/**
 * Docker HEALTHCHECK of a Jalaj app image: exits 0 when the app's `/health/live` answers
 * 2xx, 1 otherwise. The slim base image has no curl, so this uses Node's fetch.
 *
 * The port is PORT, else the app's own default (the one its `main.ts` passes to the
 * shared bootstrap), so an image run without PORT is still checked on the right port.
 */
const DEFAULT_PORTS = {
  bff: 8080,
  identity: 8081,
  catalog: 8082,
  cart: 8083,
  order: 8084,
  media: 8085,
  'phonepe-sandbox': 8090,
};

const port = process.env.PORT || DEFAULT_PORTS[process.env.APP ?? ''] || 8080;

try {
  const res = await fetch(`http://127.0.0.1:${port}/health/live`, { signal: AbortSignal.timeout(4000) });
  process.exit(res.ok ? 0 : 1);
} catch {
  process.exit(1);
}
