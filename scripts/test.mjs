#!/usr/bin/env node
/**
 * `npm test`: every check, in the order a failure is cheapest to see —
 * lint, type check, build, unit specs; where a Docker engine answers, the containers stage:
 * every image built and checked, then the shop under docker compose brought up, bought
 * from in Chromium, restarted, healed and torn down (scripts/containers/compose-proof.mjs);
 * the integration specs against real PostgreSQL,
 * NATS, Redis and S3 (in containers, from the images that stage made ready, where the
 * engine has them; as local processes otherwise);
 * the short fault suite (a shop of its own with two replicas of every app, through NATS and
 * Redis outages, a database outage, a crowd for the last units and killed replicas); and
 * the Playwright suite in Chromium against the running shop.
 * `npm test -- unit|int|chaos|e2e|containers|static` runs one stage. Ends with one line
 * `tests: N passed, N failed` counting every spec that ran.
 */
import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const results = path.join(root, '.data', 'test-results');
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });
const only = process.argv[2];
const node = process.execPath;
const env = { ...process.env, NX_DAEMON: 'false', NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --experimental-vm-modules --no-warnings=ExperimentalWarning`.trim() };
let passed = 0;
let failed = 0;
const failures = [];
/** The failed tests by name, printed again at the very end: CI shows only the tail of a long run. */
const failedNames = [];

function run(stage, args, extraEnv = {}) {
  const started = Date.now();
  process.stdout.write(`\n=== ${stage} ===\n`);
  const r = spawnSync(node, args, { cwd: root, stdio: 'inherit', env: { ...env, ...extraEnv } });
  return finished(stage, r.status === 0, started);
}

function finished(stage, ok, started) {
  process.stdout.write(`=== ${stage}: ${ok ? 'ok' : 'FAILED'} (${((Date.now() - started) / 1000).toFixed(1)} s)\n`);
  if (!ok) failures.push(stage);
  return ok;
}

/**
 * Like {@link run}, but resolves when the stage ends, so another can run beside it. Its
 * output goes to a file in the results folder and is printed whole when it ends: two
 * stages' lines interleaved would be unreadable.
 */
function runBeside(stage, args, extraEnv = {}) {
  const started = Date.now();
  const logFile = path.join(results, `${stage.split(' ')[0].replace(/[^a-z]/gi, '')}-${started}.log`);
  process.stdout.write(`\n=== ${stage}: started, beside another stage (its output follows when it ends) ===\n`);
  return new Promise((resolve) => {
    const out = createWriteStream(logFile);
    const child = spawn(node, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env: { ...env, ...extraEnv } });
    child.stdout.pipe(out, { end: false });
    child.stderr.pipe(out, { end: false });
    child.on('close', (code) => {
      out.end(() => {
        process.stdout.write(`\n=== ${stage} ===\n${readFileSync(logFile, 'utf8')}`);
        resolve(finished(stage, code === 0, started));
      });
    });
  });
}

function countJest(file) {
  if (!existsSync(file)) return;
  const j = JSON.parse(readFileSync(file, 'utf8'));
  passed += j.numPassedTests;
  failed += j.numFailedTests + (j.numRuntimeErrorTestSuites ?? 0);
  for (const suite of j.testResults ?? []) {
    const where = path.relative(root, suite.name ?? '');
    const tests = (suite.assertionResults ?? []).filter((t) => t.status === 'failed');
    for (const t of tests) failedNames.push(`${where} › ${t.fullName ?? t.title}`);
    if (!tests.length && suite.status === 'failed') failedNames.push(`${where} (did not run)`);
  }
}

function countPlaywright(file) {
  if (!existsSync(file)) return;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  const s = report.stats ?? {};
  passed += (s.expected ?? 0) + (s.flaky ?? 0);
  failed += s.unexpected ?? 0;
  const walk = (suite, titles) => {
    // A file's suite is titled by its path, a describe block by its words.
    const here = suite.title && !suite.title.endsWith('.ts') ? [...titles, suite.title] : titles;
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) if (t.status === 'unexpected') failedNames.push(`[${t.projectName}] ${spec.file}:${spec.line} › ${[...here, spec.title].join(' › ')}`);
    }
    for (const child of suite.suites ?? []) walk(child, here);
  };
  for (const suite of report.suites ?? []) walk(suite, []);
}

/**
 * A script's JSON list of rows (fault scenarios, proof steps): one test per row, passed when
 * `passes(row)`. No file from a failed run counts as one failure.
 */
function countRows(file, ok, passes) {
  if (!existsSync(file)) {
    if (!ok) failed++;
    return;
  }
  const rows = JSON.parse(readFileSync(file, 'utf8'));
  passed += rows.filter(passes).length;
  failed += rows.filter((r) => !passes(r)).length;
  for (const r of rows.filter((row) => !passes(row))) failedNames.push(`${r.scenario ?? r.step ?? r.name ?? 'a row'}: ${JSON.stringify(r.detail ?? r).slice(0, 800)}`);
}

/** Whether a Docker engine answers. */
const engineAnswers = () => spawnSync('docker', ['info'], { stdio: 'ignore' }).status === 0;
const hasImage = (image) => spawnSync('docker', ['image', 'inspect', '--format', '{{.Id}}', image], { stdio: 'ignore' }).status === 0;
const deployJson = (file) => JSON.parse(readFileSync(path.join(root, 'deploy', file), 'utf8'));
const named = (o) => Object.entries(o).filter(([key]) => !key.startsWith('$'));

let choice;
/**
 * Which images the containers stage and the integration specs run: JALAJ_IMAGES when set;
 * else the official ones (deploy/backing-images.json, and the Node image deploy/Dockerfile
 * builds FROM) when the engine has them or can pull them, and otherwise, on a machine
 * without a registry like this project's, the local stand-ins (deploy/local-images.json),
 * which the containers stage builds.
 */
function imageChoice() {
  if (choice) return choice;
  const asked = process.env.JALAJ_IMAGES;
  if (asked === 'official' || asked === 'local') return (choice = asked);
  const official = [...named(deployJson('backing-images.json')).map(([, image]) => image), deployJson('local-images.json').node.official];
  const reachable = official.every((image) => hasImage(image) || spawnSync('docker', ['pull', '--quiet', image], { stdio: 'ignore' }).status === 0);
  return (choice = reachable ? 'official' : 'local');
}

/**
 * Where the integration specs' PostgreSQL, NATS, Redis and S3 run: as TEST_INFRA says when it
 * is set; else in containers (testcontainers) where an engine answers and has the chosen
 * backing images (the containers stage, which runs first, builds the local ones), and
 * otherwise as local processes, the way `npm start` runs them.
 */
function integrationInfra() {
  const asked = process.env.TEST_INFRA;
  if (asked) return { label: asked === 'containers' ? 'containers' : 'local processes', env: {} };
  if (engineAnswers()) {
    const images = imageChoice();
    const wanted = images === 'official' ? named(deployJson('backing-images.json')).map(([, image]) => image) : named(deployJson('local-images.json').backing).map(([, { image }]) => image);
    if (wanted.every(hasImage)) return { label: `containers, ${images} images`, env: { TEST_INFRA: 'containers', JALAJ_IMAGES: images } };
  }
  return { label: 'local processes', env: { TEST_INFRA: 'local' } };
}

const jest = path.join(root, 'node_modules/jest/bin/jest.js');

/** The integration specs, run by `runner` ({@link run} or {@link runBeside}). */
function intSpecs(runner) {
  const out = path.join(results, 'int.json');
  const infra = integrationInfra();
  const done = (ok) => (countJest(out), ok);
  // INT_LANES spec files side by side, each on a NATS and a Redis of its own
  // (libs/testing/src/lane.mjs). One by default: with two, the stage took 549 s instead of
  // 640, but the machine was saturated and the checkout spec's race failed (ADR 044).
  const lanes = Math.max(1, Number(process.env.INT_LANES ?? 1));
  const r = runner(
    `integration specs (backing services: ${infra.label}${lanes > 1 ? `; ${lanes} files side by side` : ''})`,
    [jest, '--selectProjects', 'int', ...(lanes > 1 ? [`--maxWorkers=${lanes}`] : ['--runInBand']), '--json', `--outputFile=${out}`],
    { ...infra.env, INT_LANES: String(lanes) },
  );
  return typeof r === 'boolean' ? done(r) : r.then(done);
}

function containersSkipped() {
  process.stdout.write('\n=== containers: skipped, no Docker engine answers (scripts/containers/engine.sh installs and starts one) ===\n');
  return true;
}

/**
 * scripts/containers/compose-proof.mjs with `flags` (--images-only, --skip-images), run by
 * `runner`; every step it reports counts as one test.
 */
function composeProof(runner, flags) {
  const part = flags.includes('--images-only') ? 'images' : flags.includes('--skip-images') ? 'compose' : 'all';
  const out = path.join(results, `containers-${part}.json`);
  const official = imageChoice() === 'official';
  const what = { images: 'images', compose: 'docker compose: up, buy, restart, heal, logs, down', all: 'images; docker compose: up, buy, restart, heal, logs, down' }[part];
  const args = [path.join(root, 'scripts/containers/compose-proof.mjs'), `--json=${out}`, ...flags, ...(official ? ['--official'] : [])];
  const done = (ok) => (countRows(out, ok, (step) => step.ok), ok);
  const r = runner(`containers (${official ? 'official' : 'local'} images, ${what})`, args);
  return typeof r === 'boolean' ? done(r) : r.then(done);
}
const stages = {
  static: () =>
    // The module-boundary rule reads Nx's project graph and silently skips itself when
    // none is cached (a fresh clone), so compute the graph first.
    run('project graph', [path.join(root, 'node_modules/nx/dist/bin/nx.js'), 'show', 'projects']) &&
    run('lint', [path.join(root, 'node_modules/eslint/bin/eslint.js'), '--max-warnings', '0', '.']) &&
    run('type check', [path.join(root, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.json', '--noEmit']),
  build: () => run('build', [path.join(root, 'scripts/build.mjs')]),
  unit: () => {
    const out = path.join(results, 'unit.json');
    const ok = run('unit specs', [jest, '--selectProjects', 'unit', '--json', `--outputFile=${out}`]);
    countJest(out);
    return ok;
  },
  int: () => intSpecs(run),
  chaos: () => {
    const out = path.join(results, 'chaos.json');
    const ok = run('fault suite, short (scripts/chaos.mjs --short)', [path.join(root, 'scripts/chaos.mjs'), '--short', `--json=${out}`]);
    countRows(out, ok, (r) => r.held);
    return ok;
  },
  containers: () => {
    // Runs where a Docker engine answers (.ci/run starts one); elsewhere it says so and passes.
    if (!engineAnswers()) return containersSkipped();
    return composeProof(run, []);
  },
  e2e: () => {
    // One Playwright run per project, one after the other: each run starts only its own
    // project's shop, where one run of both kept the other project's shop idling beside the
    // browser (its pollers took about a tenth of the 2 cores) for the whole stage.
    let ok = true;
    for (const project of ['desktop', 'phone']) {
      const out = path.join(results, `e2e-${project}.json`);
      env.PLAYWRIGHT_JSON_OUTPUT_NAME = out;
      ok =
        run(`browser specs, ${project} (Playwright, Chromium)`, [
          path.join(root, 'node_modules/@playwright/test/cli.js'),
          'test',
          '--config',
          'apps/e2e/playwright.config.ts',
          `--project=${project}`,
          '--reporter=list,json',
        ]) && ok;
      countPlaywright(out);
    }
    return ok;
  },
};

/**
 * The whole run. The compose proof and the integration specs can run side by side once
 * the images both need are built (`JALAJ_CONTAINERS_BESIDE_INT=true`): both mostly wait,
 * but in the CI run of 52eb750 the integration specs then took 775 s instead of 640 and the
 * proof 363 instead of about 170, 35 s saved in all, and more load on specs that are
 * sensitive to it; so by default they run one after the other.
 */
async function everything() {
  for (const stage of ['static', 'build']) if (!stages[stage]()) return;
  stages.unit();
  if (!engineAnswers()) {
    containersSkipped();
    stages.int();
  } else if (composeProof(run, ['--images-only'])) {
    if (process.env.JALAJ_CONTAINERS_BESIDE_INT === 'true') await Promise.all([composeProof(runBeside, ['--skip-images']), intSpecs(runBeside)]);
    else {
      composeProof(run, ['--skip-images']);
      stages.int();
    }
  } else {
    // No images: the integration specs run as local processes (integrationInfra).
    stages.int();
  }
  stages.chaos();
  stages.e2e();
}

if (only) {
  const order = ['int', 'chaos', 'e2e'].includes(only) ? ['build', only] : [only];
  for (const stage of order) {
    if (!stages[stage]) {
      process.stderr.write(`unknown stage ${stage}; use one of ${Object.keys(stages).join(', ')}\n`);
      process.exit(2);
    }
    if (!stages[stage]() && stage === 'build') break;
  }
} else {
  await everything();
}

process.stdout.write(`\n${failures.length ? `failed stages: ${failures.join(', ')}` : 'every stage passed'}\n`);
for (const name of failedNames) process.stdout.write(`failed: ${name}\n`);
process.stdout.write(`tests: ${passed} passed, ${failed} failed\n`);
process.exit(failures.length ? 1 : 0);
