#!/usr/bin/env node
/**
 * Two work trees' checkouts in alternating pairs (docs/performance.md, "Two commits in
 * alternating pairs"): per pair, the shop of each tree on the bench's ports with fresh data
 * and this tree's checkout-cost.mjs against it; this tree first in odd pairs, the other
 * first in even ones. Prints each run's paid orders a second and the shop's CPU a paid
 * order as it goes, then a table of the pairs with this tree's rate over the other's.
 *
 *   node scripts/bench/pairs.mjs <other work tree> [pairs, 3]
 *
 * Build both trees first (`npm run build` in each); the other tree's shop runs its own
 * scripts/start.mjs. BENCH_CONNECTIONS, BENCH_SECONDS and BENCH_CHECKOUT_WARMUP_SECONDS go
 * to checkout-cost.mjs. Nothing else may run on the bench's ports. Linux only.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startStack } from './stack.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const [otherArg, pairsArg = '3'] = process.argv.slice(2);
const pairs = Number(pairsArg);
if (!otherArg || !Number.isInteger(pairs) || pairs < 1) {
  console.error('usage: node scripts/bench/pairs.mjs <other work tree> [pairs, 3]');
  process.exit(2);
}
const other = path.resolve(otherArg);
if (!existsSync(path.join(other, 'scripts/start.mjs'))) {
  console.error(`${other} is not a work tree of the shop (no scripts/start.mjs)`);
  process.exit(2);
}
const log = (line) => console.error(`[pairs] ${line}`);
/** Where each run of checkout-cost.mjs writes its figures (BENCH_JSON). */
const figuresDir = mkdtempSync(path.join(tmpdir(), 'jalaj-pairs-'));

/** The shop running now: stopped on Ctrl-C too, so no detached shop keeps the bench's ports. */
let running;
process.once('SIGINT', () => void (running?.stop() ?? Promise.resolve()).then(() => process.exit(130)));

/** One tree's run: its shop started, checkout-cost.mjs against it, the shop stopped. */
async function run(tree) {
  const stack = (running = await startStack(tree, { log, build: false }));
  try {
    const json = path.join(figuresDir, 'checkout-cost.json');
    rmSync(json, { force: true });
    const child = spawn(process.execPath, [path.join(here, 'checkout-cost.mjs')], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, BENCH_JSON: json } });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    const code = await new Promise((resolve) => child.once('exit', resolve));
    if (code !== 0 || !existsSync(json)) throw new Error(`checkout-cost.mjs failed on ${tree} (exit ${code}):\n${out}`);
    const figures = JSON.parse(readFileSync(json, 'utf8'));
    return { rate: figures.paidOrdersPerSecond, cpuMs: figures.cpuMs.shop };
  } finally {
    await stack.stop();
    running = undefined;
  }
}

const rows = [];
for (let pair = 1; pair <= pairs; pair++) {
  const order = pair % 2 ? [root, other] : [other, root];
  const result = new Map();
  for (const tree of order) {
    const figures = await run(tree);
    result.set(tree, figures);
    log(`pair ${pair}, ${path.basename(tree)}: ${figures.rate.toFixed(1)} paid orders a second, the shop ${figures.cpuMs.toFixed(1)} ms of CPU a paid order`);
  }
  rows.push({ pair, ours: result.get(root), theirs: result.get(other) });
}
rmSync(figuresDir, { recursive: true, force: true });

console.log(`| pair | ${path.basename(root)} | ${path.basename(other)} | ratio | shop CPU a paid order |`);
console.log('|---|---|---|---|---|');
for (const { pair, ours, theirs } of rows) {
  console.log(`| ${pair} | ${ours.rate.toFixed(1)} | ${theirs.rate.toFixed(1)} | ${Math.round((100 * ours.rate) / theirs.rate)}% | ${ours.cpuMs.toFixed(1)} / ${theirs.cpuMs.toFixed(1)} ms |`);
}
