#!/usr/bin/env node
/**
 * `npm start`: the whole shop on one machine. Starts PostgreSQL, NATS (JetStream), Redis
 * and an S3 store unless the environment points at them, builds every app, starts each
 * as its own process, waits until all are ready and prints the shop's URL. Ctrl-C stops
 * everything it started; data persists under .data/ (or JALAJ_DATA_DIR).
 */
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { setImmediate } from 'node:timers';
import path from 'node:path';
import { APPS, phonePeSandboxEnv, root, startApps, startInfra, stopStartedApps, superviseSelf } from '@jalaj/local-platform';

// The stack runs in a process group of its own (superviseSelf): Ctrl-C reaches this
// runner alone, which stops the apps first and the backing services last.
// The runner only starts processes and passes their log lines on: a small young generation.
await superviseSelf(import.meta.url, { nodeArgs: ['--max-semi-space-size=2'] });
await run();

async function run() {
const say = (msg) => process.stdout.write(`[jalaj] ${msg}\n`);
const dataDir = path.resolve(root, process.env.JALAJ_DATA_DIR ?? '.data/dev');
const shopPort = Number(process.env.PORT ?? 8080);
const ports = {
  postgres: Number(process.env.JALAJ_POSTGRES_PORT ?? 5544),
  nats: Number(process.env.JALAJ_NATS_PORT ?? 4244),
  redis: Number(process.env.JALAJ_REDIS_PORT ?? 6399),
  s3: Number(process.env.JALAJ_S3_PORT ?? 4569),
};
const portOffset = process.env.JALAJ_PORT_OFFSET ? Number(process.env.JALAJ_PORT_OFFSET) : 0;
const appPorts = Object.fromEntries(APPS.map((a) => [a.name, a.name === 'bff' ? shopPort : a.port + portOffset]));
// Health and metrics of every app (the BFF's too) are on its ops port, on the loopback.
const opsPorts = Object.fromEntries(APPS.map((a) => [a.name, a.opsPort + portOffset]));

// JALAJ_REPLICAS: how many processes of each app (the PhonePe sandbox aside), as on Kubernetes.
const replicas = Number(process.env.JALAJ_REPLICAS ?? 1);
if (!Number.isInteger(replicas) || replicas < 1 || replicas > 8) {
  process.stderr.write(`[jalaj] JALAJ_REPLICAS must be a whole number from 1 to 8, not '${process.env.JALAJ_REPLICAS}'\n`);
  process.exit(1);
}

if (process.env.JALAJ_FRESH === 'true') rmSync(dataDir, { recursive: true, force: true });

if (process.env.JALAJ_SKIP_BUILD !== 'true') {
  say('building…');
  const r = spawnSync(process.execPath, [path.join(root, 'scripts/build.mjs')], { stdio: 'inherit', cwd: root });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

// PhonePe: the sandbox on its port, unless PHONEPE_BASE_URL points the order service
// elsewhere (PhonePe's UAT: then the PHONEPE_* variables come from this environment).
const production = (process.env.NODE_ENV ?? 'development') === 'production';
const sandboxPort = appPorts['phonepe-sandbox'];
const payments = Object.entries(
  phonePeSandboxEnv({
    sandboxUrl: `http://127.0.0.1:${sandboxPort}`,
    sandboxPublicUrl: process.env.SANDBOX_PUBLIC_URL ?? `http://localhost:${sandboxPort}`,
    shopUrl: `http://127.0.0.1:${shopPort}`,
    control: !production,
  }),
).filter(([name]) => !(process.env.PHONEPE_BASE_URL && name.startsWith('PHONEPE_')));

const adminEmail = process.env.ADMIN_EMAIL ?? 'admin@jalaj.shop';
const adminPassword = process.env.ADMIN_PASSWORD ?? 'jalaj-admin-2026';
let infra;
let infraStarting;
let apps;
let stopping = false;
// The apps' JSON lines go out in one write per turn of the event loop, not one per line:
// under load the BFF writes a line per request, and a write per line cost this process,
// which shares the machine with the shop, about 5 µs of CPU per request.
let batch = '';
function flushLines() {
  if (!batch) return;
  const out = batch;
  batch = '';
  process.stdout.write(out);
}
function passLine(line) {
  if (!batch) setImmediate(flushLines);
  batch += `${line}\n`;
}
async function shutdown(code = 0) {
  if (stopping) return;
  stopping = true;
  say('stopping…');
  // Every app started so far, the ones still starting too; then the backing services.
  await apps?.stop();
  await stopStartedApps();
  // Backing services still starting are stopped once they are up.
  await (infra ?? (await infraStarting?.catch(() => undefined)))?.stop();
  flushLines();
  say('stopped.');
  process.exit(code);
}
process.on('SIGINT', () => shutdown(0));
process.on('SIGTERM', () => shutdown(0));

try {
  infraStarting = startInfra({ dataDir, ports, log: say });
  infra = await infraStarting;
  const pretty = process.stdout.isTTY && process.env.LOG_FORMAT !== 'json';
  apps = await startApps({
    ports: appPorts,
    opsPorts,
    replicas,
    env: {
      ...infra.env,
      NODE_ENV: process.env.NODE_ENV ?? 'development',
      DEV_MAILBOX: process.env.DEV_MAILBOX ?? 'true',
      SEED_DEMO_DATA: process.env.SEED_DEMO_DATA ?? 'true',
      ADMIN_EMAIL: adminEmail,
      ADMIN_PASSWORD: adminPassword,
      PUBLIC_URL: process.env.PUBLIC_URL ?? `http://localhost:${shopPort}`,
      MEDIA_URL: `http://127.0.0.1:${appPorts.media}`,
      ...Object.fromEntries(payments),
    },
    onLine: (app, line) => {
      if (!pretty) return passLine(line);
      try {
        const j = JSON.parse(line);
        // Request logs (they carry `req`) only when something went wrong.
        const quiet = ['RoutesResolver', 'RouterExplorer', 'InstanceLoader'].includes(j.context) || (j.req && j.level < 40);
        if (j.level >= 30 && !quiet) {
          const request = j.req ? ` ${j.req.method} ${j.req.path} ${j.res?.statusCode ?? ''}` : '';
          process.stdout.write(`${app.padEnd(8)} ${j.msg ?? ''}${request}${j.err ? ` ${j.err.message}` : ''}\n`);
        }
      } catch {
        process.stdout.write(`${app.padEnd(8)} ${line}\n`);
      }
    },
  });
  say(replicas > 1 ? `every service is ready, ${replicas} replicas of each (the BFF and media behind a local balancer).` : `every service is ready.`);
  say(`The shop:  http://localhost:${shopPort}/`);
  say(`The admin: http://localhost:${shopPort}/admin`);
  say(`Admin sign-in: ${adminEmail} / ${process.env.ADMIN_PASSWORD ? '(your ADMIN_PASSWORD)' : adminPassword}`);
  if ((process.env.SEED_DEMO_DATA ?? 'true') === 'true') say('Demo shopper: shopper@jalaj.shop / jalaj-shopper-2026');
  if (!process.env.PHONEPE_BASE_URL) say(`Payments go to the PhonePe sandbox (a simulator, no money moves): http://localhost:${sandboxPort}`);
  say(`Mails and SMS codes (development): http://localhost:${shopPort}/dev/mailbox`);
  say(`Health and metrics (this machine only): http://127.0.0.1:${opsPorts.bff}/health, /metrics`);
  say('Ctrl-C stops everything.');
} catch (e) {
  process.stderr.write(`[jalaj] could not start: ${e instanceof Error ? e.message : String(e)}\n`);
  await shutdown(1);
}

  // The runner lives in its own process group: if whoever started it disappears
  // without a signal, stop rather than linger.
  const parent = process.ppid;
  setInterval(() => {
    if (process.ppid !== parent) void shutdown(0);
  }, 2000).unref();
}
