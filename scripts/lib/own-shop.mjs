/**
 * A shop of a script's own, as `npm start` runs it but on free ports with fresh data in
 * `.data/<name>` (removed again by `stop()`): PostgreSQL, NATS, Redis and S3 from
 * libs/local-platform, every app (`replicas` of each, the BFF and media then behind the
 * local balancer) and the PhonePe sandbox with its control API. Sign-ups from one address
 * are allowed (RATE_LIMIT_FACTOR), the development mailbox is on, the demo catalogue and
 * the first admin ({@link OWN_SHOP_ADMIN}) are seeded. For the scripts that need a shop to
 * themselves (scripts/fuzz.mjs; scripts/chaos.mjs starts the same shop). `onLine(app, line)`
 * gets every line the apps log.
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import { APPS, freePort, phonePeSandboxEnv, root, startApps, startInfra, stopStartedApps } from '@jalaj/local-platform';

/** The first admin of the shop. */
export const OWN_SHOP_ADMIN = { email: 'admin@jalaj.shop', password: 'jalaj-admin-2026' };

/** The `stop()` of every shop this process began to start, finished starting or not. */
const shops = new Set();

/**
 * Stops every shop this process began to start, also one still starting (Ctrl-C before
 * `startOwnShop` returned): its apps, then its backing services, once they are up.
 */
export function stopOwnShops() {
  return Promise.all([...shops].map((stop) => stop())).then(() => undefined);
}

export async function startOwnShop({ name, replicas = 1, env = {}, log = () => {}, onLine = () => {}, readyTimeoutMs = 180_000 }) {
  const dataDir = path.join(root, '.data', name);
  rmSync(dataDir, { recursive: true, force: true });
  const ports = { postgres: await freePort(), nats: await freePort(), redis: await freePort(), s3: await freePort() };
  const appPorts = Object.fromEntries(await Promise.all(APPS.map(async (a) => [a.name, await freePort()])));
  const opsPorts = Object.fromEntries(await Promise.all(APPS.map(async (a) => [a.name, await freePort()])));
  const base = `http://127.0.0.1:${appPorts.bff}`;
  const sandboxBase = `http://127.0.0.1:${appPorts['phonepe-sandbox']}`;
  let infraStarting;
  let infra;
  let stack;
  let stopped;
  // Once, whoever asks first (Ctrl-C or the script's end): the apps (those still starting or
  // restarting too), then the backing services.
  const stop = () =>
    (stopped ??= (async () => {
      await stack?.stop().catch(() => undefined);
      await stopStartedApps();
      // Backing services still starting are stopped once they are up.
      await (infra ?? (await infraStarting?.catch(() => undefined)))?.stop().catch(() => undefined);
      rmSync(dataDir, { recursive: true, force: true });
    })());
  shops.add(stop);
  try {
    log(`starting a shop (data in ${dataDir})…`);
    infraStarting = startInfra({ dataDir, ports, ephemeral: true, log });
    infra = await infraStarting;
    const appEnv = {
      ...infra.env,
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      DEV_MAILBOX: 'true',
      SEED_DEMO_DATA: 'true',
      ADMIN_EMAIL: OWN_SHOP_ADMIN.email,
      ADMIN_PASSWORD: OWN_SHOP_ADMIN.password,
      PUBLIC_URL: base,
      MEDIA_URL: `http://127.0.0.1:${appPorts.media}`,
      RATE_LIMIT_FACTOR: '1000',
      ...phonePeSandboxEnv({ sandboxUrl: sandboxBase, sandboxPublicUrl: sandboxBase, shopUrl: base, control: true }),
      ...env,
    };
    stack = await startApps({ env: appEnv, ports: appPorts, opsPorts, replicas, onLine, readyTimeoutMs });
  } catch (e) {
    await stop();
    throw e;
  }
  return { base, sandboxBase, dataDir, infra, stack, stop };
}
