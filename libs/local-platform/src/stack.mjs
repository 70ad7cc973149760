/**
 * Runs the whole shop as separate processes — every service, then the BFF — on top of
 * the backing services from `infra.mjs`. Used by `npm start` and by the browser tests.
 */
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startBalancer } from './balancer.mjs';
import { freePort } from './infra.mjs';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/**
 * Each server app, its default HTTP port (the shop for the BFF) and its default ops port
 * (health and metrics, reached only by the platform: the app's port + 1000).
 */
export const APPS = [
  { name: 'identity', port: 8081, opsPort: 9081 },
  { name: 'catalog', port: 8082, opsPort: 9082 },
  { name: 'cart', port: 8083, opsPort: 9083 },
  { name: 'order', port: 8084, opsPort: 9084 },
  { name: 'media', port: 8085, opsPort: 9085 },
  // A simulator of PhonePe for development, demos and tests (docs/payments.md).
  { name: 'phonepe-sandbox', port: 8086, opsPort: 9086 },
  { name: 'bff', port: 8080, opsPort: 9080 },
];

/** The sandbox's OAuth client and webhook credentials in development and tests (not secrets: a simulator's). */
export const SANDBOX_CREDENTIALS = {
  clientId: 'jalaj-sandbox',
  clientSecret: 'jalaj-sandbox-secret',
  webhookUsername: 'jalaj-webhook',
  webhookPassword: 'jalaj-webhook-secret',
};

/**
 * The environment that points the order service at the PhonePe sandbox and the sandbox back
 * at the shop (both read their own prefix: PHONEPE_* for order, SANDBOX_* for the sandbox):
 * `sandboxUrl` is where order reaches the sandbox, `sandboxPublicUrl` where the shopper's
 * browser does, `shopUrl` where the sandbox sends webhooks (the BFF). `control` turns the
 * sandbox's control API on (never in production).
 */
export function phonePeSandboxEnv({ sandboxUrl, sandboxPublicUrl, shopUrl, control }) {
  const c = SANDBOX_CREDENTIALS;
  return {
    PHONEPE_BASE_URL: sandboxUrl,
    PHONEPE_CLIENT_ID: c.clientId,
    PHONEPE_CLIENT_SECRET: c.clientSecret,
    PHONEPE_CLIENT_VERSION: '1',
    PHONEPE_WEBHOOK_USERNAME: c.webhookUsername,
    PHONEPE_WEBHOOK_PASSWORD: c.webhookPassword,
    SANDBOX_CLIENT_ID: c.clientId,
    SANDBOX_CLIENT_SECRET: c.clientSecret,
    SANDBOX_WEBHOOK_USERNAME: c.webhookUsername,
    SANDBOX_WEBHOOK_PASSWORD: c.webhookPassword,
    SANDBOX_PUBLIC_URL: sandboxPublicUrl,
    SANDBOX_WEBHOOK_URL: `${shopUrl.replace(/\/+$/, '')}/api/payments/phonepe/webhook`,
    SANDBOX_CONTROL: control ? 'true' : 'false',
  };
}

export async function waitReady(url, timeoutMs, isAlive = () => true) {
  const until = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < until) {
    if (!isAlive()) throw new Error(`${url}: the process exited`);
    try {
      const r = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (r.ok) return;
      last = `${r.status} ${await r.text()}`;
    } catch (e) {
      last = e.message;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} not ready after ${timeoutMs} ms: ${last}`);
}

/**
 * Runs the calling script (`import.meta.url`) again as the leader of a process group of its
 * own and passes Ctrl-C on to it, as `npm start` does: a terminal's Ctrl-C signals the whole
 * foreground process group at once, which would stop PostgreSQL and NATS while the apps
 * still use them, and leave apps that were starting or restarting behind (issue #39). The
 * runner gets SIGTERM for SIGINT, SIGTERM or SIGHUP and stops what it started in order:
 * the apps, then the backing services. Resolves at once in the runner; in the first
 * process it never resolves, which exits with the runner's code.
 */
export function superviseSelf(scriptUrl, { nodeArgs = [] } = {}) {
  if (process.env.JALAJ_SUPERVISED === 'true') return Promise.resolve();
  const runner = spawn(process.execPath, [...nodeArgs, fileURLToPath(scriptUrl), ...process.argv.slice(2)], {
    stdio: 'inherit',
    detached: true,
    env: { ...APP_ENV, ...process.env, JALAJ_SUPERVISED: 'true' },
  });
  for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(sig, () => runner.kill('SIGTERM'));
  runner.on('exit', (code, signal) => process.exit(code ?? (signal ? 128 + (os.constants.signals[signal] ?? 0) : 0)));
  return new Promise(() => {});
}

/** Every app process this process started and that has not exited yet. */
const running = new Set();
/** Set once {@link stopStartedApps} ran: an app whose start was still on its way is not started. */
let stoppingAll = false;

/**
 * Stops every app this process started that still runs, whether its start finished or not
 * (Ctrl-C while `npm start` is still starting: the apps that are up and those still coming).
 */
export function stopStartedApps() {
  stoppingAll = true;
  return Promise.all([...running].map(stopChild)).then(() => undefined);
}

function stopChild(c) {
  return new Promise((resolve) => {
    if (c.exitCode !== null || c.signalCode !== null) return resolve();
    c.once('exit', () => resolve());
    c.kill('SIGTERM');
    setTimeout(() => c.kill('SIGKILL'), 8000).unref();
  });
}

/**
 * V8 flags of an app (deploy/Dockerfile's CMD sets the same). The young generation is capped
 * at 8 MB per semi-space: on a machine with much memory V8 lets it grow to 64 MB, 128 MB of
 * new space per process that stays resident once touched (the shop's start alone touches
 * most of it). Measured on the stack right after start: 1.03 GB at 64 MB, 0.90 GB at 16,
 * 0.83 GB at 8. The BFF gets 16: it answers every request of the shop, and at 8 its
 * scavenges held `GET /api/products` at 0.64–0.67 of the bare route against 0.70–0.73 at
 * 16 (ADR 049), for about 16 MB more.
 * JALAJ_NODE_ARGS comes after these, so it can override them (V8 takes the last).
 */
export const appNodeFlags = (name) => [`--max-semi-space-size=${name === 'bff' ? 16 : 8}`];

/**
 * Environment every app starts with unless the caller's sets it (deploy/Dockerfile sets the
 * same). MALLOC_ARENA_MAX=2: glibc gives each thread that allocates its own malloc arena
 * (up to 8 per core), and memory freed in one is not returned; the media service's image
 * threads left it ~40 MB larger, every app a few MB.
 * NODE_COMPILE_CACHE: Node keeps the code it compiled for every module on disk (in Node's
 * own default folder) and the next start reads it instead of compiling again, checked
 * against each file's contents. A service's start took 3.7 CPU-s without it and 2.85 with
 * it, most of the rest being module resolution (2026-11-24, catalog on a busy machine).
 */
export const APP_ENV = { MALLOC_ARENA_MAX: '2', NODE_COMPILE_CACHE: path.join(os.tmpdir(), 'node-compile-cache') };

/**
 * The file an app runs from: its bundle (`dist/main.bundle.mjs`, scripts/build.mjs, ADR 048,
 * with the chunks the apps share, ADR 094), or with JALAJ_BUNDLE=false its compiled files (`dist/main.js`), whose stack
 * traces point at the TypeScript sources.
 */
export const appEntry = (name) => path.join(root, 'apps', name, process.env.JALAJ_BUNDLE === 'false' ? 'dist/main.js' : 'dist/main.bundle.mjs');

/** How long an app may take to become ready: generous, a busy 2-core machine (CI) starts a dozen at once. */
const READY_TIMEOUT_MS = 150_000;

/**
 * Starts one built app ({@link appEntry}) as its own process and waits until its
 * ops port (a free one unless given) answers /health/ready. Returns the child, the ops
 * port and `stop()` (SIGTERM, then SIGKILL after 8 s).
 */
export async function startApp(name, { env, port, opsPort, onLine = () => {}, readyTimeoutMs = READY_TIMEOUT_MS, entry = appEntry(name) }) {
  opsPort ??= await freePort();
  // JALAJ_NODE_ARGS: extra Node flags for every app process (e.g. `--cpu-prof` to profile).
  const nodeArgs = (process.env.JALAJ_NODE_ARGS ?? '').split(' ').filter(Boolean);
  // Source maps of the shop's own code (not of node_modules): @jalaj/server-kit/source-maps.
  const sourceMaps = process.env.JALAJ_SOURCE_MAPS === 'false' ? [] : ['--import=@jalaj/server-kit/source-maps'];
  if (stoppingAll) throw new Error(`${name} not started: stopping`);
  const child = spawn(process.execPath, [...sourceMaps, ...appNodeFlags(name), ...nodeArgs, entry], {
    cwd: root,
    // Every app answers only on the loopback here, the shop too unless HOST says otherwise
    // (HOST=0.0.0.0 lets a phone on the LAN open it; the dev mailbox then shows to the LAN).
    // The ops port stays on the loopback for every app.
    env: { HOST: '127.0.0.1', OPS_HOST: '127.0.0.1', ...APP_ENV, ...process.env, ...env, PORT: String(port), OPS_PORT: String(opsPort), SERVICE_NAME: name },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  child.once('exit', () => running.delete(child));
  const recent = [];
  for (const stream of [child.stdout, child.stderr]) {
    let buf = '';
    stream.setEncoding('utf8');
    stream.on('data', (d) => {
      const lines = (buf + d).split('\n');
      buf = lines.pop();
      for (const line of lines) {
        recent.push(line);
        if (recent.length > 15) recent.shift();
        onLine(name, line);
      }
    });
  }
  const handle = { child, opsPort, stop: () => stopChild(child) };
  try {
    await waitReady(`http://127.0.0.1:${opsPort}/health/ready`, readyTimeoutMs, () => child.exitCode === null);
  } catch (e) {
    await handle.stop();
    throw new Error(`${name} did not become ready: ${e.message}\n${recent.join('\n')}`, { cause: e });
  }
  return handle;
}

/**
 * Runs every start at once and waits until each has started or failed. If one failed, the
 * ones that started are stopped before its error is thrown (an app left running would
 * answer on NATS for a shop that is not there). Returns the handles, in the order of `starts`.
 */
export async function startTogether(starts) {
  const settled = await Promise.allSettled(starts.map((start) => start()));
  const started = settled.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
  const failed = settled.find((r) => r.status === 'rejected');
  if (failed) {
    await Promise.all(started.map((h) => h.stop()));
    throw failed.reason;
  }
  return started;
}

/** Apps reached over HTTP (the shop; media's uploads from the BFF): their replicas sit behind a balancer. */
const BALANCED = new Set(['bff', 'media']);
/** Apps that keep state in memory and therefore run once (the PhonePe simulator). */
const SINGLE = new Set(['phonepe-sandbox']);

/**
 * Starts `count` replicas of one app, as Kubernetes runs them. The services reached over
 * NATS need nothing more (their queue group spreads requests); the first replica keeps
 * `port`, the others take free ones. An app reached over HTTP (BFF, media) gets a local
 * balancer on `port` that spreads connections over the replicas that are ready. The first
 * replica keeps `opsPort`. Log lines are labelled `<app>-<n>`. Returns the first replica's
 * handle (its `child`, `opsPort`) with `replicas` and a `stop()` that stops them all.
 */
export async function startReplicas(name, { count = 1, env, port, opsPort, onLine = () => {}, readyTimeoutMs }) {
  if (count <= 1 || SINGLE.has(name)) {
    let handle = await startApp(name, { env, port, opsPort, onLine, readyTimeoutMs });
    const replicas = [handle];
    const restart = async (_i, { entry } = {}) => {
      await handle.stop();
      replicas[0] = handle = await startApp(name, { env, port, opsPort: handle.opsPort, onLine, readyTimeoutMs, entry });
    };
    return { ...handle, replicas, restart, stop: () => replicas[0].stop() };
  }
  const balancer = BALANCED.has(name) ? await startBalancer({ port }) : undefined;
  /** Each replica's port (behind the balancer, or the first's own `port`). */
  const ports = [];
  const start = async (i, entry) => {
    ports[i] ??= balancer || i > 0 ? await freePort() : port;
    return startApp(name, { env, port: ports[i], opsPort: i === 0 ? opsPort : undefined, onLine: (_app, line) => onLine(`${name}-${i + 1}`, line), readyTimeoutMs, entry });
  };
  let replicas;
  try {
    replicas = await startTogether(
      Array.from({ length: count }, (_, i) => async () => {
        const handle = await start(i);
        balancer?.add(ports[i]);
        return handle;
      }),
    );
  } catch (e) {
    await balancer?.close();
    throw e;
  }
  return {
    ...replicas[0],
    replicas,
    /**
     * Restarts replica `i` as a rolling update does: out of the balancer, stopped gracefully,
     * started again (from `entry`, the next version's file, when given), back in once ready.
     */
    restart: async (i, { entry } = {}) => {
      balancer?.remove(ports[i]);
      await replicas[i].stop();
      replicas[i] = await start(i, entry);
      balancer?.add(ports[i]);
    },
    stop: async () => {
      await Promise.all(replicas.map((r) => r.stop()));
      await balancer?.close();
    },
  };
}

/**
 * Starts every app at once — the BFF beside the services: nothing in its start needs them
 * (it reaches them per request, over NATS), and starting it after them added its own start
 * to every `npm start` — with `env`, each on its port from `ports` and its ops port from
 * `opsPorts`, `replicas` of each but the PhonePe sandbox ({@link startReplicas}), and waits
 * until each has started or failed. If one failed, the others are stopped before its error
 * is thrown. Returns each app's {@link startReplicas} handle (`apps`) and `stop()`.
 */
export async function startApps({ env, ports, opsPorts = {}, onLine, readyTimeoutMs = READY_TIMEOUT_MS, replicas = 1 }) {
  const handles = await startTogether(
    APPS.map((app) => () => startReplicas(app.name, { count: replicas, env, port: ports[app.name], opsPort: opsPorts[app.name], onLine, readyTimeoutMs })),
  );
  return { apps: Object.fromEntries(APPS.map((app, i) => [app.name, handles[i]])), stop: () => Promise.all(handles.map((h) => h.stop())).then(() => undefined) };
}
