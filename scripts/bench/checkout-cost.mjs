#!/usr/bin/env node
/**
 * What a paid order costs the shop (docs/performance.md, "What a paid order costs"): the
 * bench's checkout (scripts/lib/shop-traffic.mjs) run by BENCH_CONNECTIONS shoppers (50)
 * for BENCH_SECONDS (15), after BENCH_CHECKOUT_WARMUP_SECONDS (30) of the same that are not
 * counted, against a running shop, and per paid order:
 * - the CPU of every process of the shop (from /proc, as cpu-per-request.mjs reads it) and
 *   of this process, the load generator;
 * - the work it made: HTTP requests and NATS requests by route and subject, and events
 *   handled by consumer (each app's own metrics on its ops port), and PostgreSQL
 *   transactions and rows written per database (pg_stat_database, pg_stat_user_tables).
 *
 *   node scripts/bench/checkout-cost.mjs
 *
 * BENCH_JSON names a file for the same figures as JSON (`paidOrdersPerSecond`, `paid`,
 * `failed`, `cpuMs`: the CPU a paid order by app, `shop` for their sum and `loadGenerator`),
 * which pairs.mjs reads.
 *
 * Start the shop on the bench's ports first, with RATE_LIMIT_FACTOR=1000 and nothing else
 * running (PORT=8580 JALAJ_PORT_OFFSET=600 JALAJ_POSTGRES_PORT=5944 …, see stack.mjs's
 * PORTS). Linux only.
 */
import { writeFileSync } from 'node:fs';
import { APPS } from '@jalaj/local-platform';
import { databases, runLoops, shopClient } from '../lib/shop-traffic.mjs';
import { warmUp } from './checkout.mjs';
import { createShoppers } from './shoppers.mjs';
import { benchDatabaseUrl, cpuTicks, PORTS, shopTicks } from './stack.mjs';

const url = (process.env.BENCH_URL ?? `http://127.0.0.1:${PORTS.shop}`).replace(/\/$/, '');
const ctx = {
  url,
  connections: Number(process.env.BENCH_CONNECTIONS ?? 50),
  seconds: Number(process.env.BENCH_SECONDS ?? 15),
  checkoutWarmupSeconds: Number(process.env.BENCH_CHECKOUT_WARMUP_SECONDS ?? 30),
  databaseUrl: benchDatabaseUrl,
  log: (line) => console.error(line),
};
const SERVICES = ['identity', 'catalog', 'cart', 'order'];

/** Requests and events each app has counted so far, by app and route, subject or consumer. */
async function workCounted() {
  const counted = new Map();
  const add = (key, n) => counted.set(key, (counted.get(key) ?? 0) + n);
  for (const app of APPS) {
    const text = await fetch(`http://127.0.0.1:${app.opsPort + PORTS.offset}/metrics`).then((r) => r.text(), () => '');
    for (const line of text.split('\n')) {
      const request = line.match(/^jalaj_(?:rpc_handler|http_request)_seconds_count\{(.*)\} (\d+)$/);
      if (request) add(`${app.name} ${request[1].replace(/,?(outcome="ok"|status="2\d\d")/g, '')}`, Number(request[2]));
      const event = line.match(/^jalaj_events_handled_total\{consumer="([^"]+)".*\} (\d+)$/);
      if (event) add(`${app.name} event ${event[1]}`, Number(event[2]));
    }
  }
  return counted;
}

/** Transactions committed and rows written so far, per service database. */
async function databaseWork(db) {
  const work = new Map();
  for (const service of SERVICES) {
    const [row] = await db.query(
      service,
      `select (select xact_commit from pg_stat_database where datname = current_database())::bigint as transactions,
              coalesce(sum(n_tup_ins + n_tup_upd + n_tup_del), 0)::bigint as rows_written
         from pg_stat_user_tables`,
    );
    work.set(service, { transactions: Number(row.transactions), rowsWritten: Number(row.rows_written) });
  }
  return work;
}

const db = await databases(ctx);
const { items } = await shopClient(url).json('products', 'GET', '/api/products');
const products = items.slice(0, 5).map((p) => p.id);
await db.query('catalog', 'update products set stock_quantity = 1000000 where id = any($1)', [products]);
ctx.log(`creating ${ctx.connections} shoppers…`);
const shoppers = (await createShoppers(url, ctx.connections, { label: `cost${Date.now()}`, withAddress: true })).map((s) => ({ ...s, userId: s.id }));

await warmUp(ctx, shoppers, products);
const [work0, db0, ticks0, self0] = [await workCounted(), await databaseWork(db), shopTicks(), cpuTicks(process.pid)];
const run = await runLoops(ctx, shoppers, (i, n) => products[(i + n) % products.length], { seconds: ctx.seconds, stopWhenRefused: false });
const [ticks1, self1] = [shopTicks(), cpuTicks(process.pid)];
// The last orders' events and hints settle.
await new Promise((r) => setTimeout(r, 2000));
const [work1, db1] = [await workCounted(), await databaseWork(db)];
await db.close();

const per = (n) => (n / Math.max(1, run.paid)).toFixed(2);
/** CPU ms a paid order of so many clock ticks (1/100 s). */
const msPerPaid = (ticks) => (ticks * 10) / Math.max(1, run.paid);
const ms = (ticks) => msPerPaid(ticks).toFixed(1);
console.log(`${run.paid} paid (${run.paidOrdersPerSecond.toFixed(1)} a second), ${run.failed} failed; mean ms per step: ${JSON.stringify(run.stepsMs)}`);
console.log('\nCPU per paid order (ms):');
let shop = 0;
const cpuMs = {};
for (const [app, t] of [...ticks1].map(([app, t]) => [app, t - (ticks0.get(app) ?? 0)]).sort((a, b) => b[1] - a[1])) {
  shop += t;
  cpuMs[app] = msPerPaid(t);
  console.log(`  ${app.padEnd(16)} ${ms(t)}`);
}
console.log(`  ${'the shop'.padEnd(16)} ${ms(shop)}\n  ${'load generator'.padEnd(16)} ${ms(self1 - self0)}`);
if (process.env.BENCH_JSON) {
  const figures = { paidOrdersPerSecond: run.paidOrdersPerSecond, paid: run.paid, failed: run.failed, cpuMs: { ...cpuMs, shop: msPerPaid(shop), loadGenerator: msPerPaid(self1 - self0) } };
  writeFileSync(process.env.BENCH_JSON, `${JSON.stringify(figures, null, 2)}\n`);
}
console.log('\nRequests and events per paid order:');
for (const [key, n] of [...work1].sort()) {
  const d = n - (work0.get(key) ?? 0);
  if (d / Math.max(1, run.paid) >= 0.05) console.log(`  ${per(d).padStart(6)}  ${key}`);
}
console.log('\nPostgreSQL per paid order:');
for (const service of SERVICES) {
  const [a, b] = [db0.get(service), db1.get(service)];
  console.log(`  ${service.padEnd(9)} ${per(b.transactions - a.transactions)} transactions, ${per(b.rowsWritten - a.rowsWritten)} rows written`);
}
process.exit(0);
