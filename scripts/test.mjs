#!/usr/bin/env node
/**
 * `npm test`: every check, in the order a failure is cheapest to see —
 * lint, type check, build, unit specs, integration specs against real PostgreSQL, NATS,
 * Redis and S3, the short fault suite (a shop of its own with two replicas of every app,
 * through NATS and Redis outages, a database outage, a crowd for the last units and
 * killed replicas), the Playwright suite in Chromium against the running shop, and last,
 * where a Docker engine answers, the containers stage: every image built and checked, and
 * the shop under docker compose brought up, bought from, restarted, healed and torn down
 * (scripts/containers/compose-proof.mjs).
 * `npm test -- unit|int|chaos|e2e|containers|static` runs one stage. Ends with one line
 * `tests: N passed, N failed` counting every spec that ran.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
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

function run(stage, args) {
  const started = Date.now();
  process.stdout.write(`\n=== ${stage} ===\n`);
  const r = spawnSync(node, args, { cwd: root, stdio: 'inherit', env });
  const ok = r.status === 0;
  process.stdout.write(`=== ${stage}: ${ok ? 'ok' : 'FAILED'} (${((Date.now() - started) / 1000).toFixed(1)} s)\n`);
  if (!ok) failures.push(stage);
  return ok;
}

function countJest(file) {
  if (!existsSync(file)) return;
  const j = JSON.parse(readFileSync(file, 'utf8'));
  passed += j.numPassedTests;
  failed += j.numFailedTests + (j.numRuntimeErrorTestSuites ?? 0);
}

function countPlaywright(file) {
  if (!existsSync(file)) return;
  const s = JSON.parse(readFileSync(file, 'utf8')).stats ?? {};
  passed += (s.expected ?? 0) + (s.flaky ?? 0);
  failed += s.unexpected ?? 0;
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
}

const jest = path.join(root, 'node_modules/jest/bin/jest.js');
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
  int: () => {
    const out = path.join(results, 'int.json');
    const ok = run('integration specs', [jest, '--selectProjects', 'int', '--runInBand', '--json', `--outputFile=${out}`]);
    countJest(out);
    return ok;
  },
  chaos: () => {
    const out = path.join(results, 'chaos.json');
    const ok = run('fault suite, short (scripts/chaos.mjs --short)', [path.join(root, 'scripts/chaos.mjs'), '--short', `--json=${out}`]);
    countRows(out, ok, (r) => r.held);
    return ok;
  },
  containers: () => {
    // Runs where a Docker engine answers (.ci/run starts one); elsewhere it says so and passes.
    if (spawnSync('docker', ['info'], { stdio: 'ignore' }).status !== 0) {
      process.stdout.write('\n=== containers: skipped, no Docker engine answers (scripts/containers/engine.sh installs and starts one) ===\n');
      return true;
    }
    const out = path.join(results, 'containers.json');
    const ok = run('containers (images, docker compose: up, buy, restart, heal, logs, down)', [path.join(root, 'scripts/containers/compose-proof.mjs'), `--json=${out}`]);
    countRows(out, ok, (step) => step.ok);
    return ok;
  },
  e2e: () => {
    const out = path.join(results, 'e2e.json');
    env.PLAYWRIGHT_JSON_OUTPUT_NAME = out;
    const ok = run('browser specs (Playwright, Chromium)', [
      path.join(root, 'node_modules/@playwright/test/cli.js'),
      'test',
      '--config',
      'apps/e2e/playwright.config.ts',
      '--reporter=list,json',
    ]);
    countPlaywright(out);
    return ok;
  },
};

const order = only ? (['int', 'chaos', 'e2e'].includes(only) ? ['build', only] : [only]) : ['static', 'build', 'unit', 'int', 'chaos', 'e2e', 'containers'];
for (const stage of order) {
  if (!stages[stage]) {
    process.stderr.write(`unknown stage ${stage}; use one of ${Object.keys(stages).join(', ')}\n`);
    process.exit(2);
  }
  // Keep going after a failing spec stage so one run reports everything; a broken
  // static check or build makes the later stages meaningless.
  if (!stages[stage]() && (stage === 'static' || stage === 'build')) break;
}

process.stdout.write(`\n${failures.length ? `failed stages: ${failures.join(', ')}` : 'every stage passed'}\n`);
process.stdout.write(`tests: ${passed} passed, ${failed} failed\n`);
process.exit(failures.length ? 1 : 0);
