#!/usr/bin/env node
/**
 * `npm run images`: the image of every server app, from deploy/Dockerfile, checked
 * (docs/containers.md):
 *
 *   npm run images                        # FROM the local base images (built when missing)
 *   npm run images -- --official          # FROM the official node:24-bookworm-slim (a machine with a registry)
 *   npm run images -- --apps catalog,bff  # some apps only
 *   npm run images -- --smoke             # and the smoke check of jalaj/catalog (smoke.mjs)
 *
 * Tag `jalaj/<app>:dev`, or JALAJ_TAG / `--tag`. The Node image is the local stand-in
 * (deploy/local-images.json) unless `--official`, `--node-image <ref>` or JALAJ_NODE_IMAGE
 * say otherwise. Every image must run as a non-root numeric user, have a HEALTHCHECK, hold
 * no build tools (compilers, make, TypeScript, SWC, Jest, …) and start with a read-only root
 * file system: each is started hardened against real services until `/health/live` answers,
 * then stopped with SIGTERM (lib/app-containers.mjs; `--skip-start` leaves that out). Any
 * failed check fails the run, after the table of sizes is printed.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { ensureBaseImages } from './base-images.mjs';
import { checkAppContainer, openServices } from './lib/app-containers.mjs';
import { buildkitCli, docker, ensureEngine, imageSizeMb, localImages, ROOT, runLogged, secondsSince, table, WORK_DIR } from './lib/docker.mjs';
import { staticProblems } from './lib/image-checks.mjs';
import { describeCheck, smoke } from './smoke.mjs';

/** The server apps, as k8s/README.md lists them. */
export const SERVER_APPS = ['bff', 'identity', 'catalog', 'cart', 'order', 'media', 'phonepe-sandbox'];

const log = (msg) => console.log(`images: ${msg}`);

/** The image deploy/Dockerfile builds FROM by default; must be the official one named in deploy/local-images.json. */
function dockerfileDefaultNodeImage() {
  const dockerfile = readFileSync(path.join(ROOT, 'deploy', 'Dockerfile'), 'utf8');
  return /^ARG NODE_IMAGE=(\S+)$/m.exec(dockerfile)?.[1];
}

/**
 * The CA bundle the build's npm should trust besides the public roots (a TLS-intercepting
 * proxy's): JALAJ_BUILD_CA, else NODE_EXTRA_CA_CERTS, as the host's own npm trusts it.
 * Passed as the build secret `npm-ca`, which no image layer keeps.
 */
function npmCaFile() {
  const file = process.env.JALAJ_BUILD_CA || process.env.NODE_EXTRA_CA_CERTS;
  if (!file) return undefined;
  if (!existsSync(file)) throw new Error(`the CA bundle ${file} (JALAJ_BUILD_CA or NODE_EXTRA_CA_CERTS) does not exist`);
  return file;
}

/** Builds one app's image; returns the seconds it took. */
async function buildApp(app, { tag, nodeImage, npmCa }) {
  const { cli, env } = buildkitCli();
  const ref = `jalaj/${app}:${tag}`;
  const logFile = path.join(WORK_DIR, 'logs', `${app}.log`);
  const start = performance.now();
  log(`building ${ref} FROM ${nodeImage} (log: ${path.relative(ROOT, logFile)})…`);
  const secret = npmCa ? ['--secret', `id=npm-ca,src=${npmCa}`] : [];
  await runLogged(cli, ['build', '--progress=plain', '-f', 'deploy/Dockerfile', '--build-arg', `APP=${app}`, '--build-arg', `NODE_IMAGE=${nodeImage}`, ...secret, '-t', ref, '.'], { logFile, env });
  const seconds = secondsSince(start);
  log(`built ${ref} in ${seconds} s`);
  return seconds;
}

async function main() {
  const { values } = parseArgs({
    options: {
      official: { type: 'boolean', default: false },
      'node-image': { type: 'string' },
      tag: { type: 'string' },
      apps: { type: 'string' },
      smoke: { type: 'boolean', default: false },
      'skip-start': { type: 'boolean', default: false },
    },
  });
  const config = localImages();
  const tag = values.tag || process.env.JALAJ_TAG || 'dev';
  const apps = values.apps ? values.apps.split(',').map((a) => a.trim()) : SERVER_APPS;
  const unknown = apps.filter((a) => !SERVER_APPS.includes(a));
  if (unknown.length) throw new Error(`not a server app: ${unknown.join(', ')} (the apps: ${SERVER_APPS.join(', ')})`);
  const official = dockerfileDefaultNodeImage();
  if (official !== config.node.official) {
    throw new Error(`deploy/Dockerfile builds FROM ${official ?? '(no ARG NODE_IMAGE=…)'} by default, deploy/local-images.json names ${config.node.official} as the official image: make them agree`);
  }
  const nodeImage = values['node-image'] || process.env.JALAJ_NODE_IMAGE || (values.official ? official : config.node.image);

  ensureEngine(log);
  const started = performance.now();
  let bases;
  if (nodeImage === config.node.image) bases = await ensureBaseImages();

  const npmCa = npmCaFile();
  if (npmCa) log(`the build's npm trusts the CAs in ${npmCa} too (build secret npm-ca)`);
  const built = [];
  for (const app of apps) built.push({ app, ref: `jalaj/${app}:${tag}`, seconds: await buildApp(app, { tag, nodeImage, npmCa }) });

  const failures = [];
  for (const b of built) {
    for (const p of staticProblems(b.ref, { nodeModules: '/app/node_modules' })) failures.push(`${b.ref}: ${p}`);
  }

  if (!values['skip-start']) {
    log('starting every image with a read-only root file system until /health/live answers…');
    const services = await openServices({ log });
    try {
      for (const b of built) {
        try {
          b.start = await checkAppContainer(b.ref, b.app, services, { until: 'live', log });
          log(`${b.app}: ${describeCheck(b.start)}`);
        } catch (e) {
          failures.push(e.message);
        }
      }
    } finally {
      await services.cleanup();
    }
  }

  let smokeResult;
  if (values.smoke) {
    const app = apps.includes('catalog') ? 'catalog' : apps[0];
    log(`smoke check of jalaj/${app}:${tag}…`);
    try {
      smokeResult = await smoke(`jalaj/${app}:${tag}`, app, { log });
    } catch (e) {
      failures.push(`smoke: ${e.message}`);
    }
  }

  const rows = built.map((b) => [b.ref, imageSizeMb(b.ref), b.seconds, b.start ? b.start.answeredSeconds : '-', b.start ? b.start.stopSeconds : '-']);
  if (bases) for (const x of [bases.debian, bases.node]) rows.unshift([x.image, imageSizeMb(x.image), x.built ? x.seconds : 'cached', '-', '-']);
  console.log(`\n${table(rows, ['image', 'MB', 'build s', 'live after s', 'SIGTERM stop s'])}`);
  const df = docker(['system', 'df', '--format', '{{.Type}} {{.Size}}']).split('\n').find((l) => l.startsWith('Images'));
  console.log(`\nImages share their layers (base, node_modules): ${df ?? ''} on disk in all. FROM ${nodeImage}. ${secondsSince(started)} s in all.`);
  if (smokeResult) console.log(`Smoke check passed: ${describeCheck(smokeResult)}`);

  if (failures.length) {
    console.error(`\nimages: FAILED checks:\n- ${failures.join('\n- ')}`);
    process.exit(1);
  }
  log(`all ${built.length} images pass: non-root numeric user, HEALTHCHECK, no build tools${values['skip-start'] ? '' : ', start with a read-only root and stop on SIGTERM'}`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((e) => {
    console.error(`images: ${e.message}`);
    process.exit(1);
  });
}
