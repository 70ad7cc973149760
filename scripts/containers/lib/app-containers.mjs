/**
 * Runs an app image as Kubernetes and docker-compose.yml run it — read-only root file
 * system, /tmp a tmpfs, no Linux capabilities, no new privileges — on the host network
 * against real backing services, and checks it: `/health/live` or `/health/ready` on its ops
 * port answers 200, Docker's health status (the image's HEALTHCHECK) becomes healthy, node
 * is PID 1, and SIGTERM (`docker stop`) ends it without a SIGKILL.
 *
 * The services are this machine's unless the environment names others: PostgreSQL
 * (IMAGES_POSTGRES_URL, default postgres://postgres@127.0.0.1:5432, a fresh database per
 * container), NATS with JetStream (IMAGES_NATS_URL, default nats://127.0.0.1:4222), Redis
 * (IMAGES_REDIS_URL, default redis://127.0.0.1:6379, only the BFF) and, for media, an
 * S3-compatible store (s3rver) started in this process. Everything made here — containers,
 * databases, the JetStream streams and consumers the apps created, the store's files — is
 * removed by `cleanup()`, also after a failed check.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort } from '@jalaj/local-platform';
import { docker, inspectImage } from './docker.mjs';

/** Apps with a database of their own. */
const DATABASE_APPS = new Set(['identity', 'catalog', 'cart', 'order', 'media']);
/** Label of the containers started here, so a leftover one is recognisable. */
const CHECK_LABEL = 'org.jalaj.images-check';
/** Nothing listens there: addresses an app is given but need not reach to start. */
const NOWHERE = 'http://127.0.0.1:9';

/** The streams of a JetStream and the consumers of each. */
async function jetStreamObjects(jsm) {
  const streams = new Map();
  for await (const si of jsm.streams.list()) {
    const consumers = new Set();
    for await (const ci of jsm.consumers.list(si.config.name)) consumers.add(ci.name);
    streams.set(si.config.name, consumers);
  }
  return streams;
}

/**
 * The backing services for app containers, reachable or a clear error, and `cleanup()`.
 * @param {{ log: (msg: string) => void }} o
 */
export async function openServices({ log }) {
  const postgresUrl = (process.env.IMAGES_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432').replace(/\/+$/, '');
  const natsUrl = process.env.IMAGES_NATS_URL ?? 'nats://127.0.0.1:4222';
  const redisUrl = process.env.IMAGES_REDIS_URL ?? 'redis://127.0.0.1:6379';
  const suffix = randomBytes(3).toString('hex');
  const databases = [];
  const containers = new Set();
  let s3;

  const { default: pg } = await import('pg');
  const admin = new pg.Client({ connectionString: `${postgresUrl}/postgres` });
  await admin.connect().catch((e) => {
    throw new Error(`PostgreSQL at ${postgresUrl} does not answer (${e.message}): start it or set IMAGES_POSTGRES_URL`, { cause: e });
  });
  const { connect } = await import('@nats-io/transport-node');
  const { jetstreamManager } = await import('@nats-io/jetstream');
  let nc;
  let jsm;
  let before;
  try {
    nc = await connect({ servers: natsUrl, name: 'jalaj-images-check', maxReconnectAttempts: 0 });
    jsm = await jetstreamManager(nc);
    // What was there before, so that cleanup removes only what the apps add.
    before = await jetStreamObjects(jsm);
  } catch (e) {
    await admin.end().catch(() => {});
    await nc?.close().catch(() => {});
    throw new Error(`NATS with JetStream at ${natsUrl} does not answer (${e.message}): start it (nats-server -js) or set IMAGES_NATS_URL`, { cause: e });
  }

  return {
    postgresUrl,
    natsUrl,
    redisUrl,
    /** A database name of its own for an app (the app creates it; cleanup drops it). */
    database(app) {
      const name = `jalaj_images_${app.replace(/-/g, '_')}_${suffix}`;
      databases.push(name);
      return name;
    },
    /** An S3-compatible store (s3rver) on a free port, started once. */
    async s3() {
      if (!s3) {
        const { default: S3rver } = await import('s3rver');
        const directory = mkdtempSync(path.join(os.tmpdir(), 'jalaj-images-s3-'));
        const port = await freePort();
        const server = new S3rver({ port, address: '127.0.0.1', directory, silent: true });
        await server.run();
        s3 = { endpoint: `http://127.0.0.1:${port}`, close: () => server.close(), directory };
      }
      return s3.endpoint;
    },
    /** Remembers a container so that cleanup removes it. */
    track(container) {
      containers.add(container);
    },
    /** Removes every container, database, JetStream object and file made for the checks. */
    async cleanup() {
      const problems = [];
      for (const c of containers) {
        try {
          docker(['rm', '--force', '--volumes', c]);
        } catch (e) {
          if (!/No such container/i.test(e.message)) problems.push(e.message);
        }
      }
      for (const db of databases) {
        await admin.query(`DROP DATABASE IF EXISTS "${db}" WITH (FORCE)`).catch((e) => problems.push(`drop database ${db}: ${e.message}`));
      }
      await admin.end().catch(() => {});
      try {
        const after = await jetStreamObjects(jsm);
        for (const [stream, consumers] of after) {
          const had = before.get(stream);
          if (!had) await jsm.streams.delete(stream);
          else for (const c of consumers) if (!had.has(c)) await jsm.consumers.delete(stream, c);
        }
      } catch (e) {
        problems.push(`JetStream clean-up: ${e.message}`);
      }
      await nc.close().catch(() => {});
      if (s3) {
        await s3.close().catch(() => {});
        rmSync(s3.directory, { recursive: true, force: true });
      }
      if (problems.length) log(`clean-up left something behind:\n  ${problems.join('\n  ')}`);
    },
  };
}

/** The environment an app needs to start in production mode against `services`. */
async function appEnv(app, services, { port, opsPort }) {
  const env = { PORT: String(port), OPS_PORT: String(opsPort), NATS_URL: services.natsUrl, LOG_LEVEL: 'info' };
  if (DATABASE_APPS.has(app)) {
    env.POSTGRES_URL = services.postgresUrl;
    env.DATABASE_URL = `${services.postgresUrl}/${services.database(app)}`;
  }
  const shop = 'http://localhost:8080';
  switch (app) {
    case 'identity':
      Object.assign(env, { PUBLIC_URL: shop, ADMIN_EMAIL: 'admin@example.com', ADMIN_PASSWORD: 'images-check-admin' });
      break;
    case 'order':
      Object.assign(env, {
        // Not PhonePe's host: production allows that only in a demo shop.
        DEMO_PAYMENTS: 'true',
        PHONEPE_BASE_URL: NOWHERE,
        PHONEPE_TOKEN_URL: NOWHERE,
        PHONEPE_CLIENT_ID: 'images-check',
        PHONEPE_CLIENT_SECRET: 'images-check-secret',
        PHONEPE_WEBHOOK_USERNAME: 'images-check',
        PHONEPE_WEBHOOK_PASSWORD: 'images-check-secret',
      });
      break;
    case 'media':
      Object.assign(env, { S3_ENDPOINT: await services.s3(), S3_ACCESS_KEY: 'S3RVER', S3_SECRET_KEY: 'S3RVER' });
      break;
    case 'bff':
      Object.assign(env, { REDIS_URL: services.redisUrl, MEDIA_URL: NOWHERE, PUBLIC_URL: shop });
      break;
    case 'phonepe-sandbox':
      Object.assign(env, {
        // The sandbox refuses to start in production unless the shop is a demo.
        DEMO_PAYMENTS: 'true',
        SANDBOX_PUBLIC_URL: `http://localhost:${port}`,
        SANDBOX_WEBHOOK_URL: `${NOWHERE}/api/payments/phonepe/webhook`,
        SANDBOX_CLIENT_ID: 'images-check',
        SANDBOX_CLIENT_SECRET: 'images-check-secret',
        SANDBOX_WEBHOOK_USERNAME: 'images-check',
        SANDBOX_WEBHOOK_PASSWORD: 'images-check-secret',
        SANDBOX_CONTROL: 'false',
      });
      break;
  }
  return env;
}

/** The last lines a container wrote, stdout and stderr (`docker logs` keeps them apart). */
function logsOf(container, lines = 40) {
  const r = spawnSync('docker', ['logs', '--tail', String(lines), container], { encoding: 'utf8' });
  return `${r.stdout ?? ''}${r.stderr ?? ''}`.trim();
}

/**
 * Starts `image` (the app `app`) hardened, waits until `/health/<until>` answers 200 (and,
 * with `healthy`, until Docker reports the HEALTHCHECK healthy), checks that node is PID 1,
 * stops it with SIGTERM and returns what it measured. Throws with the container's last log
 * lines when a step fails; the container is removed either way.
 */
export async function checkAppContainer(image, app, services, { until = 'live', healthy = false, timeoutMs = 150_000, log = () => {} } = {}) {
  if (!inspectImage(image)) throw new Error(`there is no image ${image} here: build it first (npm run images)`);
  const port = await freePort();
  const opsPort = await freePort();
  const env = await appEnv(app, services, { port, opsPort });
  const name = `jalaj-images-check-${app}-${randomBytes(3).toString('hex')}`;
  const args = ['run', '--detach', '--pull', 'never', '--name', name, '--label', `${CHECK_LABEL}=true`];
  args.push('--read-only', '--tmpfs', '/tmp', '--cap-drop', 'ALL', '--security-opt', 'no-new-privileges', '--network', 'host');
  for (const [k, v] of Object.entries(env)) args.push('--env', `${k}=${v}`);
  args.push(image);
  services.track(name);
  const started = performance.now();
  docker(args);
  log(`${app}: started ${name} (ports ${port}/${opsPort}); waiting for /health/${until}${healthy ? ' and a healthy HEALTHCHECK' : ''}…`);
  const fail = (why) => {
    return new Error(`${app} (${image}): ${why}\n--- last lines of its log ---\n${logsOf(name) || '(empty)'}`);
  };
  const deadline = Date.now() + timeoutMs;
  let answered = null;
  let health;
  for (;;) {
    const state = JSON.parse(docker(['inspect', '--format', '{{json .State}}', name]));
    if (state.Status !== 'running') throw fail(`the container stopped (${state.Status}, exit ${state.ExitCode}${state.Error ? `, ${state.Error}` : ''}) before /health/${until} answered`);
    health = state.Health?.Status;
    if (answered === null) {
      const ok = await fetch(`http://127.0.0.1:${opsPort}/health/${until}`, { signal: AbortSignal.timeout(2000) }).then(
        (r) => r.status === 200,
        () => false,
      );
      if (ok) answered = (performance.now() - started) / 1000;
    }
    if (answered !== null && (!healthy || health === 'healthy')) break;
    if (health === 'unhealthy') throw fail('Docker reports the HEALTHCHECK unhealthy');
    if (Date.now() > deadline) throw fail(`no ${answered === null ? `200 from /health/${until}` : 'healthy HEALTHCHECK'} within ${timeoutMs / 1000} s (health: ${health ?? 'none'})`);
    await sleep(250);
  }
  const ready = (performance.now() - started) / 1000;
  // SIGTERM reaches node only if node is PID 1 (the image's CMD ends in `exec node`).
  const pid1 = docker(['exec', name, 'cat', '/proc/1/cmdline']).split('\0').filter(Boolean);
  if (path.basename(pid1[0] ?? '') !== 'node') throw fail(`PID 1 is \`${pid1.join(' ')}\`, not node: SIGTERM would not reach the app`);
  const rootfsReadOnly = JSON.parse(docker(['inspect', '--format', '{{json .HostConfig.ReadonlyRootfs}}', name]));
  const stopStart = performance.now();
  docker(['stop', '--time', '30', name]);
  const stopSeconds = (performance.now() - stopStart) / 1000;
  const exit = JSON.parse(docker(['inspect', '--format', '{{json .State}}', name]));
  // 137: killed after the grace period, so SIGTERM did not end it.
  if (exit.ExitCode === 137 || exit.OOMKilled) throw fail(`did not stop on SIGTERM within 30 s (exit ${exit.ExitCode})`);
  const result = { app, image, until, answeredSeconds: round(answered), readySeconds: round(ready), health: health ?? 'none', pid1: pid1.join(' '), rootfsReadOnly, stopSeconds: round(stopSeconds), exitCode: exit.ExitCode };
  docker(['rm', '--force', name]);
  return result;
}

const round = (s) => Math.round(s * 10) / 10;
