#!/usr/bin/env node
/**
 * `npm run compose:proof`: the whole shop under docker compose, from docker-compose.yml as
 * a user runs it, proven on this machine (docs/containers.md):
 *
 *   1. images: every app image (scripts/containers/build-images.mjs) and the backing
 *      services' images: the local stand-ins (deploy/local-images.json, swapped in by the
 *      override file deploy/compose.local.yml) unless `--official`;
 *   2. `up -d` as project `jalaj-proof` on ports of its own, until every service is healthy
 *      and the one-shot bucket job has exited 0 (deploy/compose.proof.yml checks the apps'
 *      health every 3 s instead of the image's 15: only the interval differs);
 *   3. the browser journeys (apps/e2e/playwright.compose.config.ts): the catalogue with its
 *      photos, and the demo shopper buying a plant through the PhonePe sandbox;
 *   4. a restart keeps the data: `stop` (every app exits 0 on SIGTERM), `up -d` again,
 *      healthy, and the shopper's paid orders and the catalogue are still there;
 *   5. a killed app heals: catalog's process is killed (SIGKILL, as a crash), its restart
 *      policy brings it back, healthy, and the shop lists plants again;
 *   6. the logs: `compose logs` holds JSON lines, and the BFF's line of a request carries
 *      the correlation id the request was sent with (an unknown plant's 404: a quick
 *      successful read is logged only at debug, ADR 097);
 *   7. teardown: `down -v`, then no container, volume or network of the project is left.
 *
 * `--keep` leaves the stack running (and skips 7); `--skip-images` uses the images as they
 * are; `--images-only` does step 1 alone (`npm test` makes the images first, which the
 * integration specs need too, then runs the rest before the integration specs, or beside
 * them with JALAJ_CONTAINERS_BESIDE_INT=true).
 * Works with Compose v2 (`docker compose`) and Debian's docker-compose 1.29.
 */
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { docker, ensureEngine, localImages, ROOT, secondsSince } from './lib/docker.mjs';
import { signIn } from '../bench/shoppers.mjs';
import { shopClient, sleep } from '../lib/shop-traffic.mjs';

const PROJECT = 'jalaj-proof';
const PORTS = { bff: Number(process.env.PROOF_BFF_PORT ?? 8580), sandbox: Number(process.env.PROOF_SANDBOX_PORT ?? 8586) };
const SHOP = `http://127.0.0.1:${PORTS.bff}`;
/** The demo shopper docker-compose.yml's identity seeds (SEED_DEMO_DATA). */
const DEMO_SHOPPER = { email: 'shopper@jalaj.shop', password: 'jalaj-shopper-2026' };
const HEALTHY_TIMEOUT_MS = 6 * 60_000;
const HEAL_TIMEOUT_MS = 3 * 60_000;

const log = (msg) => console.log(`compose-proof: ${msg}`);

/** `docker compose` (v2) when the CLI has it, else Debian's `docker-compose` (1.29). */
export function composeCli() {
  if (spawnSync('docker', ['compose', 'version'], { stdio: 'ignore' }).status === 0) return ['docker', 'compose'];
  if (spawnSync('docker-compose', ['version'], { stdio: 'ignore' }).status === 0) return ['docker-compose'];
  throw new Error('neither `docker compose` (Compose v2) nor `docker-compose` is installed: install the compose plugin, or Debian\'s docker-compose');
}

function composer({ official }) {
  const [cli, ...pre] = composeCli();
  // deploy/compose.proof.yml last: the apps' health checked every 3 s, not 15 (it says why).
  const files = ['-f', 'docker-compose.yml', ...(official ? [] : ['-f', 'deploy/compose.local.yml']), '-f', 'deploy/compose.proof.yml'];
  const env = {
    ...process.env,
    BFF_PORT: String(PORTS.bff),
    SANDBOX_PORT: String(PORTS.sandbox),
    PUBLIC_URL: `http://localhost:${PORTS.bff}`,
    SANDBOX_PUBLIC_URL: `http://localhost:${PORTS.sandbox}`,
  };
  /** Runs one compose command; returns stdout, throws with its output when it fails. */
  return (args, { quiet = false } = {}) => {
    const r = spawnSync(cli, [...pre, '-p', PROJECT, ...files, ...args], { cwd: ROOT, env, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
    if (r.error) throw new Error(`${cli} ${args[0]}: ${r.error.message}`);
    if (r.status !== 0) throw new Error(`compose ${args.join(' ')} failed (exit ${r.status}):\n${(r.stderr || r.stdout).trim().split('\n').slice(-30).join('\n')}`);
    if (!quiet && r.stderr.trim()) process.stdout.write(r.stderr.replace(/^/gm, '  '));
    return r.stdout;
  };
}

/** The project's containers: name, service, state, health, exit code, restarts, host pid. */
function containers() {
  const ids = docker(['ps', '-aq', '--filter', `label=com.docker.compose.project=${PROJECT}`]).split('\n').filter(Boolean);
  if (!ids.length) return [];
  return JSON.parse(docker(['inspect', ...ids])).map((c) => ({
    name: c.Name.replace(/^\//, ''),
    service: c.Config.Labels['com.docker.compose.service'],
    status: c.State.Status,
    health: c.State.Health?.Status ?? null,
    exitCode: c.State.ExitCode,
    restarts: c.RestartCount,
    pid: c.State.Pid,
  }));
}

/** A one-shot job of the compose file (minio-init): it exits 0 when done. */
const oneShot = (c) => c.service.endsWith('-init');

/**
 * Whether a container is where a healthy stack has it: a one-shot job exited with 0 (its
 * image's HEALTHCHECK, if any, says nothing then), a service with a health check healthy,
 * any other running.
 */
const settled = (c) => (oneShot(c) ? c.status === 'exited' && c.exitCode === 0 : c.health ? c.health === 'healthy' : c.status === 'running');

async function untilHealthy(compose, services, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const all = containers();
    const missing = services.filter((s) => !all.some((c) => c.service === s));
    const waiting = all.filter((c) => !settled(c));
    const broken = all.filter((c) => oneShot(c) && c.status === 'exited' && c.exitCode !== 0);
    if (!missing.length && !waiting.length) return all;
    if (broken.length || Date.now() > deadline) {
      const report = [...missing.map((s) => `${s}: no container`), ...waiting.map((c) => `${c.service}: ${c.status}${c.health ? `, ${c.health}` : ''}, exit ${c.exitCode}, ${c.restarts} restarts`)];
      const tails = waiting.map((c) => `--- ${c.service} (last lines)\n${compose(['logs', '--no-color', '--tail', '25', c.service], { quiet: true })}`);
      throw new Error(`not every service became healthy:\n  ${report.join('\n  ')}\n${tails.join('\n')}`);
    }
    await sleep(2_000);
  }
}

/**
 * `up -d`, then every service healthy. Compose gives up on a service as soon as a service it
 * depends on is `unhealthy` (health checks timed out on a busy machine, say), leaving it
 * uncreated; a container turns healthy again at its next passing check, so `up -d` is run
 * again (it only creates what is missing) until the deadline.
 */
async function up(compose, services, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      compose(['up', '-d', '--no-build']);
      break;
    } catch (e) {
      if (!/is unhealthy/.test(e.message) || Date.now() > deadline) throw e;
      log(`a dependency was unhealthy (${/Container "?(\w+)"? is unhealthy/.exec(e.message)?.[0] ?? 'see above'}): up again once it passes its checks`);
      await sleep(5_000);
    }
  }
  return untilHealthy(compose, services, Math.max(deadline - Date.now(), 30_000));
}

/** What must survive a restart: the demo shopper's paid orders and the catalogue. */
async function shopState() {
  const token = await signIn(SHOP, DEMO_SHOPPER.email, DEMO_SHOPPER.password);
  const shop = shopClient(SHOP);
  const { items } = await shop.json('orders', 'GET', '/api/orders', { token });
  const catalogue = await shop.json('products', 'GET', '/api/products');
  return {
    paid: items.filter((o) => o.state === 'paid').map((o) => o.id).sort(),
    products: catalogue.items.map((p) => `${p.id}:${p.stockQuantity}`).sort(),
  };
}

function browserJourneys() {
  // The specs import the shared libraries' builds (npm test builds them first; alone, so does this).
  if (!existsSync(path.join(ROOT, 'libs/commerce/dist/index.js'))) {
    const b = spawnSync(process.execPath, [path.join(ROOT, 'scripts/build.mjs')], { cwd: ROOT, stdio: 'inherit' });
    if (b.status !== 0) throw new Error('building the workspace for the browser journeys failed (above)');
  }
  const r = spawnSync(process.execPath, [path.join(ROOT, 'node_modules/@playwright/test/cli.js'), 'test', '--config', 'apps/e2e/playwright.compose.config.ts'], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, E2E_BASE_URL: `http://localhost:${PORTS.bff}`, E2E_SANDBOX_URL: `http://localhost:${PORTS.sandbox}` },
  });
  if (r.status !== 0) throw new Error('the browser journeys against the compose stack failed (above)');
}

/** Leftovers of the project after `down -v`: containers, volumes, networks. */
function leftovers() {
  const label = `label=com.docker.compose.project=${PROJECT}`;
  return [
    ...docker(['ps', '-aq', '--filter', label]).split('\n').filter(Boolean).map((id) => `container ${id}`),
    ...docker(['volume', 'ls', '-q', '--filter', label]).split('\n').filter(Boolean).map((v) => `volume ${v}`),
    ...docker(['network', 'ls', '-q', '--filter', label]).split('\n').filter(Boolean).map((n) => `network ${n}`),
  ];
}

async function main() {
  const { values } = parseArgs({ options: { json: { type: 'string' }, keep: { type: 'boolean', default: false }, official: { type: 'boolean', default: false }, 'skip-images': { type: 'boolean', default: false }, 'images-only': { type: 'boolean', default: false } } });
  const started = performance.now();
  const steps = [];
  const step = async (name, fn) => {
    const t = performance.now();
    log(`${name}…`);
    try {
      const detail = await fn();
      steps.push({ name, ok: true, seconds: secondsSince(t), detail: detail ?? '' });
      log(`${name}: done in ${secondsSince(t)} s${detail ? ` (${detail})` : ''}`);
    } catch (e) {
      steps.push({ name, ok: false, seconds: secondsSince(t), detail: e.message.split('\n')[0] });
      throw e;
    }
  };

  ensureEngine(log);
  const compose = composer(values);
  const services = compose(['config', '--services'], { quiet: true }).split('\n').filter(Boolean);
  const apps = services.filter((s) => !['postgres', 'nats', 'redis', 'minio', 'minio-init'].includes(s));

  if (!values['skip-images']) {
    await step('images', () => {
      const args = values.official ? ['--official', '--skip-start'] : ['--skip-start'];
      const r = spawnSync(process.execPath, [path.join(ROOT, 'scripts/containers/build-images.mjs'), ...args], { cwd: ROOT, stdio: 'inherit' });
      if (r.status !== 0) throw new Error('building the app images failed (above)');
      if (!values.official) {
        const b = spawnSync(process.execPath, [path.join(ROOT, 'scripts/containers/backing-images.mjs')], { cwd: ROOT, stdio: 'inherit' });
        if (b.status !== 0) throw new Error('building the local backing images failed (above)');
      }
      return values.official ? 'official backing images' : `local backing images: ${[...new Set(Object.entries(localImages().backing).filter(([key]) => !key.startsWith('$')).map(([, i]) => i.image))].join(', ')}`;
    });
  }

  if (values['images-only']) {
    if (values.json) writeFileSync(values.json, `${JSON.stringify(steps, null, 2)}\n`);
    log(`images ready in ${secondsSince(started)} s`);
    return;
  }

  // A stack left by an interrupted run goes first.
  compose(['down', '-v', '--remove-orphans'], { quiet: true });
  let failed;
  try {
    await step('up', async () => {
      await up(compose, services, HEALTHY_TIMEOUT_MS);
      return `${services.length} services healthy`;
    });

    await step('browser journeys', () => browserJourneys());

    let before;
    await step('restart keeps the data', async () => {
      before = await shopState();
      if (!before.paid.length) throw new Error('the demo shopper has no paid order to keep');
      compose(['stop']);
      const unclean = containers().filter((c) => apps.includes(c.service) && c.exitCode !== 0);
      if (unclean.length) throw new Error(`apps that did not stop cleanly on SIGTERM: ${unclean.map((c) => `${c.service} exit ${c.exitCode}`).join(', ')}`);
      await up(compose, services, HEALTHY_TIMEOUT_MS);
      const after = await shopState();
      if (JSON.stringify(after) !== JSON.stringify(before)) throw new Error(`the data changed over the restart:\nbefore ${JSON.stringify(before)}\nafter  ${JSON.stringify(after)}`);
      return `${before.paid.length} paid order(s) and ${before.products.length} plants kept; every app exited 0 on SIGTERM`;
    });

    await step('a killed app heals', async () => {
      const victim = containers().find((c) => c.service === 'catalog');
      // SIGKILL from the host: a crash as Docker sees it (exit 137), not a stop by the user.
      process.kill(victim.pid, 'SIGKILL');
      const deadline = Date.now() + HEAL_TIMEOUT_MS;
      for (;;) {
        const now = containers().find((c) => c.service === 'catalog');
        if (now.restarts > victim.restarts && now.health === 'healthy') break;
        if (Date.now() > deadline) throw new Error(`catalog did not come back: ${now.status}, ${now.health}, ${now.restarts} restarts`);
        await sleep(1_000);
      }
      const state = await shopState();
      if (JSON.stringify(state.products) !== JSON.stringify(before.products)) throw new Error('the catalogue differs after catalog came back');
      return `restarted by its restart policy, healthy, catalogue as before`;
    });

    await step('structured logs with correlation ids', async () => {
      const correlationId = `proof-${randomUUID()}`;
      // A read that found nothing is logged at warn (a quick successful one only at debug, ADR 097).
      const r = await fetch(`${SHOP}/api/products/prd_proof${randomUUID().slice(0, 8)}`, { headers: { 'x-correlation-id': correlationId } });
      if (r.status !== 404) throw new Error(`an unknown plant answered ${r.status}, not 404`);
      if (r.headers.get('x-correlation-id') !== correlationId) throw new Error(`the BFF answered with correlation id ${r.headers.get('x-correlation-id')}`);
      let lines = [];
      const deadline = Date.now() + 30_000;
      while (!lines.some((l) => l.correlationId === correlationId)) {
        if (Date.now() > deadline) throw new Error(`no BFF log line carries ${correlationId}`);
        await sleep(1_000);
        lines = parseLogs(compose(['logs', '--no-color', 'bff'], { quiet: true }));
      }
      // One `logs` call for every app: Compose v1 (Python) takes seconds to start each.
      const perApp = Object.entries(logsByService(compose(['logs', '--no-color', ...apps], { quiet: true }), apps));
      const silent = perApp.filter(([, l]) => !l.length).map(([s]) => s);
      if (silent.length) throw new Error(`no JSON log lines from ${silent.join(', ')}`);
      return `${perApp.reduce((n, [, l]) => n + l.length, 0)} JSON lines from ${apps.length} apps; the BFF's line of the request has its correlation id`;
    });
  } catch (e) {
    failed = e;
  }

  if (!values.keep) {
    await step('teardown', () => {
      compose(['down', '-v', '--remove-orphans']);
      const left = leftovers();
      if (left.length) throw new Error(`left behind: ${left.join(', ')}`);
      return 'nothing of the project left';
    }).catch((e) => (failed ??= e));
  }

  console.log(`\n${steps.map((x) => `${x.ok ? 'ok    ' : 'FAILED'} ${x.name.padEnd(38)} ${String(x.seconds).padStart(6)} s  ${x.detail}`).join('\n')}`);
  if (values.json) writeFileSync(values.json, `${JSON.stringify(steps, null, 2)}\n`);
  console.log(`${secondsSince(started)} s in all`);
  if (failed) {
    console.error(`\ncompose-proof: FAILED: ${failed.message}`);
    process.exit(1);
  }
  log(`the shop runs under ${composeCli().join(' ')}: healthy, bought from, restarted, healed, logged${values.keep ? `; left running at ${SHOP}` : ', torn down'}`);
}

/**
 * The JSON log lines of `compose logs` for several services, by service: each line starts
 * with its container's name (`jalaj-proof_bff_1 |` in Compose v1, `bff-1 |` in v2).
 */
export function logsByService(text, services) {
  const byService = Object.fromEntries(services.map((s) => [s, []]));
  const named = services.map((s) => [s, new RegExp(`(^|_)${s.replace(/[^\w]/g, '\\$&')}[-_]\\d+$`)]);
  for (const line of text.split('\n')) {
    const bar = line.indexOf('|');
    if (bar < 0) continue;
    const container = line.slice(0, bar).trim();
    const service = named.find(([, re]) => re.test(container))?.[0];
    if (service) byService[service].push(...parseLogs(line));
  }
  return byService;
}

/** The JSON objects among `compose logs` lines (each prefixed `service_1  | `). */
export function parseLogs(text) {
  const out = [];
  for (const line of text.split('\n')) {
    const i = line.indexOf('| {');
    if (i < 0) continue;
    try {
      out.push(JSON.parse(line.slice(i + 2)));
    } catch {
      // A line that is not JSON: not counted.
    }
  }
  return out;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((e) => {
    console.error(`compose-proof: ${e.message}`);
    process.exit(1);
  });
}
