#!/usr/bin/env node
/**
 * `npm run bench`: the shop's performance against the goals of docs/performance.md.
 *
 * Starts its own shop (build and start timed, fresh data, own ports) unless BENCH_URL
 * points at a running one, and a bare Fastify route (scripts/bench/bare.mjs) that serves
 * the same bytes as each path from memory. Every HTTP path is measured with autocannon
 * alternately with the bare route, for BENCH_ROUNDS rounds, and reported with its ratio to
 * it: the goals are ratios, because this machine is shared and noisy. Then the checkout
 * end to end, the Orders tab over 100,000 orders, Lighthouse, and the stack's footprint.
 * Prints a table, writes the figures as JSON (BENCH_JSON), exits 1 when a goal is missed.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { fetchEveryPicture, startBare } from './bench/http.mjs';
import { createShoppers, signIn } from './bench/shoppers.mjs';
import { hypervisor, startStack } from './bench/stack.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const settings = {
  seconds: Number(process.env.BENCH_SECONDS ?? 10),
  connections: Number(process.env.BENCH_CONNECTIONS ?? 50),
  rounds: Number(process.env.BENCH_ROUNDS ?? 2),
  // Seconds of load at the bare route and at the shop before each path's rounds, not counted.
  warmupSeconds: Number(process.env.BENCH_WARMUP_SECONDS ?? 2),
  // Seconds of checkouts before the checkout's measured round, not counted: a shop's first
  // half-minute of checkouts runs code V8 has not optimised yet (ADR 057).
  checkoutWarmupSeconds: Number(process.env.BENCH_CHECKOUT_WARMUP_SECONDS ?? 30),
};
/** The parts of the bench, in the order they run (page speed first, on a shop nothing has loaded yet); BENCH_ONLY=paths,orders runs a subset. */
const PARTS = ['lighthouse', 'paths', 'checkout', 'orders', 'console'];
const only = process.env.BENCH_ONLY?.split(',').map((s) => s.trim());
const jsonPath = path.resolve(root, process.env.BENCH_JSON ?? '.data/bench-results.json');
const log = (line) => process.stderr.write(`[bench] ${line}\n`);

const GB = 1024 ** 3;
const fmt = (v) => (Number.isInteger(v) ? String(v) : Math.abs(v) >= 100 ? v.toFixed(0) : Math.abs(v) >= 1 ? v.toFixed(1) : v.toFixed(2));
const goalText = (g) => `${g.figure} ${g.min !== undefined ? `≥ ${g.min}` : `≤ ${g.max}`}`;
const meets = (row, g) => {
  const v = row.figures[g.figure];
  return typeof v === 'number' && (g.min === undefined || v >= g.min) && (g.max === undefined || v <= g.max);
};

const rows = [];
const printed = new Set();
function report(row) {
  if (printed.has(row)) return;
  printed.add(row);
  if (!rows.includes(row)) rows.push(row);
  row.met = row.goals.every((g) => meets(row, g));
  const figures = Object.entries(row.figures).map(([k, v]) => `${k} ${fmt(v)}`).join(' · ');
  const goals = row.goals.map((g) => `${meets(row, g) ? '✓' : '✗'} ${goalText(g)}`).join(', ');
  console.log(`${row.met ? 'met   ' : 'MISSED'}  ${row.name}\n        ${figures}\n        goals: ${goals}${row.note ? `\n        ${row.note}` : ''}`);
}

/** The shop's CPU use (in cores) under which it counts as at rest. */
const AT_REST_CORES = 0.15;

/**
 * Brings the shop to rest before anything is measured: every product picture fetched once
 * (media draws the demo plants' pictures in the background after start, ADR 024, or when
 * first asked for), then, for the bench's own shop, a wait until its processes together use
 * less than {@link AT_REST_CORES} of a core over a second (at most 90 s). Otherwise the
 * first part measured shares the cores with that drawing.
 */
async function settle() {
  await fetchEveryPicture(stack.url);
  if (!stack.cpuSeconds) return;
  const until = Date.now() + 90_000;
  for (;;) {
    const before = stack.cpuSeconds();
    await new Promise((r) => setTimeout(r, 1000));
    const cores = Math.max(0, stack.cpuSeconds() - before);
    if (cores < AT_REST_CORES) return log(`the shop is at rest (${cores.toFixed(2)} of a core); measuring`);
    if (Date.now() > until) return log(`the shop still uses ${cores.toFixed(2)} of a core after 90 s; measuring anyway`);
  }
}

const external = process.env.BENCH_URL?.replace(/\/$/, '');
const stack = external
  ? { url: external, opsUrl: process.env.BENCH_OPS_URL?.replace(/\/$/, ''), natsUrl: process.env.BENCH_NATS_URL, databaseUrl: (s) => process.env[`BENCH_DB_${s.toUpperCase()}`], stop: async () => {} }
  : await startStack(root, { log });
const bare = await startBare();
const idleRss = stack.rssBytes?.();
let shoppers;
const ctx = {
  ...settings,
  url: stack.url,
  opsUrl: stack.opsUrl,
  natsUrl: stack.natsUrl,
  databaseUrl: stack.databaseUrl,
  bare,
  log,
  report,
  signIn: (email, password) => signIn(stack.url, email, password),
  /** Shoppers with an address, one per connection; made once, shared by the parts. */
  shoppers: async (n) => {
    shoppers ??= await createShoppers(stack.url, Math.max(n, settings.connections), { withAddress: true });
    return shoppers.slice(0, n);
  },
};
const started = new Date();
const underHypervisor = hypervisor();
console.log(`Jalaj bench, ${started.toISOString()}: ${settings.connections} connections, ${settings.rounds} rounds of ${settings.seconds} s against the bare route after ${settings.warmupSeconds} s of warm-up each, on ${os.cpus().length} × ${os.cpus()[0]?.model.trim()}, ${(os.totalmem() / GB).toFixed(0)} GB${underHypervisor ? `, under ${underHypervisor}` : ''}\n`);
try {
  await settle();
  for (const part of PARTS) {
    if (only && !only.includes(part)) continue;
    const file = path.join(root, 'scripts/bench', `${part}.mjs`);
    if (!existsSync(file)) continue;
    const { bench } = await import(file);
    for (const row of await bench(ctx)) report(row);
  }
  if (!external && (!only || only.includes('footprint'))) {
    report({
      name: 'footprint: npm start to healthy, memory of the whole stack',
      figures: { buildSeconds: stack.buildSeconds, startSeconds: stack.startSeconds, totalSeconds: stack.buildSeconds + stack.startSeconds, idleGB: idleRss / GB, afterLoadGB: stack.rssBytes() / GB },
      goals: [
        { figure: 'totalSeconds', max: 20 },
        { figure: 'idleGB', max: 1.0 },
      ],
    });
  }
} finally {
  await bare.stop();
  await stack.stop();
}
const missed = rows.filter((r) => !r.met);
mkdirSync(path.dirname(jsonPath), { recursive: true });
writeFileSync(jsonPath, `${JSON.stringify({ date: started.toISOString(), machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model.trim(), memoryGB: Math.round(os.totalmem() / GB), hypervisor: underHypervisor, node: process.version }, settings, rows }, null, 2)}\n`);
console.log(`\n${rows.length - missed.length} of ${rows.length} met${missed.length ? `; missed: ${missed.map((r) => r.name).join('; ')}` : ''}. Figures: ${path.relative(root, jsonPath)}`);
process.exit(missed.length ? 1 : 0);
