#!/usr/bin/env node
/**
 * `npm run chaos`: the fault suite (issue #13). Starts a shop of its own — two replicas of
 * every app (the PhonePe sandbox aside), the BFF and media behind the local balancer, on
 * free ports with fresh data — and runs steady shopper traffic through each fault: people
 * browsing (the catalogue, a product, its picture) and people buying (add to cart, Pay,
 * PhonePe's hosted page, the return, the cart emptied). A request that fails on the way is
 * sent again with the same idempotency key, as the storefront does. After each fault it
 * checks the books: every payment the PhonePe sandbox completed is exactly one paid order,
 * stock fell by exactly what paid orders sold, no order is left pending, no reservation
 * held, every cart emptied. It prints a table and exits 1 on any failed request (beyond
 * the clean 503s an outage is allowed), 5xx other than those, or discrepancy.
 *
 * `--short` (the chaos stage of `npm test`): fewer shoppers, shorter runs. `--json=<file>`
 * also writes the rows there.
 * Env: CHAOS_SHOPPERS (default 12; short 6), CHAOS_SECONDS per scenario (default 30; short 12).
 */
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { APPS, freePort, phonePeSandboxEnv, root, startApps, startInfra } from '@jalaj/local-platform';
import { createShoppers } from './bench/shoppers.mjs';
import { books, databases, runLoops, shopClient, sleep } from './lib/shop-traffic.mjs';

const short = process.argv.includes('--short');
const SHOPPERS = Number(process.env.CHAOS_SHOPPERS ?? (short ? 6 : 12));
const SECONDS = Number(process.env.CHAOS_SECONDS ?? (short ? 12 : 30));
/** How often a request is sent again after failing on the way (with growing waits: 0.25 s, 0.5 s, … 2 s). */
const RETRIES = 8;
const say = (line) => process.stderr.write(`[chaos] ${line}\n`);

// Fresh every run (the embedded PostgreSQL must be able to reach it, so not a private temp dir).
const dataDir = path.join(root, '.data', 'chaos');
rmSync(dataDir, { recursive: true, force: true });
const ports = { postgres: await freePort(), nats: await freePort(), redis: await freePort(), s3: await freePort() };
const appPorts = Object.fromEntries(await Promise.all(APPS.map(async (a) => [a.name, await freePort()])));
const opsPorts = Object.fromEntries(await Promise.all(APPS.map(async (a) => [a.name, await freePort()])));
const base = `http://127.0.0.1:${appPorts.bff}`;
const sandboxBase = `http://127.0.0.1:${appPorts['phonepe-sandbox']}`;

let infra;
let stack;
let db;
async function teardown() {
  await db?.close().catch(() => undefined);
  await stack?.stop().catch(() => undefined);
  await infra?.stop().catch(() => undefined);
  rmSync(dataDir, { recursive: true, force: true });
}
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => void teardown().then(() => process.exit(130)));

/** The shop's env as `npm start` gives it, with sign-ups from one address allowed. */
function appEnv() {
  return {
    ...infra.env,
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    DEV_MAILBOX: 'true',
    SEED_DEMO_DATA: 'true',
    ADMIN_EMAIL: 'admin@jalaj.shop',
    ADMIN_PASSWORD: 'jalaj-admin-2026',
    PUBLIC_URL: base,
    MEDIA_URL: `http://127.0.0.1:${appPorts.media}`,
    RATE_LIMIT_FACTOR: '1000',
    ...phonePeSandboxEnv({ sandboxUrl: sandboxBase, sandboxPublicUrl: sandboxBase, shopUrl: base, control: true }),
  };
}

/** Browsing while the buyers buy: the catalogue, a product and its picture, in a loop. */
async function browse(seconds, products, retried) {
  const shop = shopClient(base, { retries: RETRIES, retried });
  const until = performance.now() + seconds * 1000;
  const counts = { requests: 0, failed: 0, errors: new Map() };
  await Promise.all(
    [0, 1].map(async (lane) => {
      for (let i = lane; performance.now() < until; i += 2) {
        const product = products[i % products.length];
        for (const [step, url] of [['catalogue', '/api/products'], ['product', `/api/products/${product.id}`], ['picture', product.imageUrls[0]]]) {
          counts.requests++;
          try {
            const r = await shop.call(step, 'GET', url);
            await r.arrayBuffer();
          } catch (e) {
            counts.failed++;
            const key = `browse ${e.step ?? step} ${e.status ?? e.cause?.code ?? e.message}`;
            counts.errors.set(key, (counts.errors.get(key) ?? 0) + 1);
          }
        }
      }
    }),
  );
  return counts;
}

/**
 * PhonePe's side against the shop's: of the orders placed since `since`, each the sandbox
 * completed must be paid in the shop, and each paid in the shop completed at the sandbox.
 */
async function unmatchedPayments(since) {
  const rows = await db.query('order', 'select merchant_order_id, state from orders where created_at >= $1', [since]);
  const { orders } = await (await fetch(`${sandboxBase}/_sandbox/orders`)).json();
  const completed = new Set(orders.filter((o) => o.status.state === 'COMPLETED').map((o) => o.merchantOrderId));
  const unmatched = rows.filter((r) => completed.has(r.merchant_order_id) !== (r.state === 'paid')).length;
  return { completed: rows.filter((r) => completed.has(r.merchant_order_id)).length, unmatched };
}

/**
 * One scenario: traffic for SECONDS, `fault` started a third of the way in (it returns
 * when the fault is over), then the books. `allow503` lets clean 503s through (an outage
 * the shop is meant to refuse clearly during).
 */
async function scenario(name, { fault, allow503 = false, shoppers, products, stockOf, productOf = (i, n) => products[(i + n) % products.length].id, stopWhenRefused = false, seconds = SECONDS }) {
  say(`${name}…`);
  const ids = products.map((p) => p.id);
  if (stockOf) for (const p of products) await db.query('catalog', 'update products set stock_quantity = $2 where id = $1', [p.id, stockOf(p)]);
  const stockBefore = new Map((await db.query('catalog', 'select id, stock_quantity from products where id = any($1)', [ids])).map((r) => [r.id, r.stock_quantity]));
  const since = new Date();
  const retried = { count: 0 };
  const ctx = { url: base, retries: RETRIES, retried };
  const faultDone = sleep((seconds * 1000) / 3).then(fault);
  const [buying, browsing] = await Promise.all([runLoops(ctx, shoppers, productOf, { seconds, stopWhenRefused }), stopWhenRefused ? { requests: 0, failed: 0, errors: new Map() } : browse(seconds, products, retried), faultDone]);
  const ledger = await books(db, shoppers, ids, stockBefore, since);
  const payments = await unmatchedPayments(since);
  const errors = { ...buying.errors, ...Object.fromEntries(browsing.errors) };
  const clean503 = allow503 ? Object.entries(errors).filter(([k]) => / 503\b/.test(k)).reduce((n, [, v]) => n + v, 0) : 0;
  const failed = buying.failed + browsing.failed - clean503;
  const discrepancies = ledger.oversold + ledger.mismatched + ledger.heldReservations + ledger.cartLines + ledger.pendingOrders + payments.unmatched;
  return {
    scenario: name,
    requests: browsing.requests + (buying.paid + buying.failed + buying.refused) * 5,
    retried: retried.count,
    refused503: clean503,
    failed,
    orders: ledger.orders,
    paid: ledger.paidOrders,
    discrepancies,
    detail: { errors, books: ledger, payments },
  };
}

/** Kills a backing server (SIGKILL, as a crash) and starts it again after `ms`. */
async function downFor(server, ms) {
  await server.kill();
  await sleep(ms);
  await server.start();
}

const rows = [];
try {
  say(`starting a shop with two replicas of every app (data in ${dataDir})…`);
  infra = await startInfra({ dataDir, ports, ephemeral: true, log: say });
  stack = await startApps({ env: appEnv(), ports: appPorts, opsPorts, replicas: 2, onLine: () => {} });
  db = await databases({ databaseUrl: (service) => `${infra.env.POSTGRES_URL}/jalaj_${service}` });
  const { items } = await shopClient(base).json('products', 'GET', '/api/products');
  const products = items.slice(0, 4);
  say(`signing up ${SHOPPERS} shoppers…`);
  const shoppers = (await createShoppers(base, SHOPPERS, { label: 'chaos', withAddress: true })).map((s) => ({ ...s, userId: s.id }));
  const plenty = () => 100000;

  rows.push(await scenario('steady traffic, no fault (baseline)', { fault: async () => {}, shoppers, products, stockOf: plenty }));

  rows.push(
    await scenario('NATS restarted mid-checkout', {
      shoppers,
      products,
      fault: () => downFor(infra.servers.nats, 2000),
    }),
  );

  rows.push(
    await scenario('Redis unavailable for 10 s', {
      shoppers,
      products,
      fault: () => downFor(infra.servers.redis, 10000),
    }),
  );

  rows.push(
    await scenario("cart's database unavailable for 10 s", {
      shoppers,
      products,
      allow503: true,
      fault: async () => {
        await db.query('catalog', 'alter database jalaj_cart with allow_connections false');
        await db.query('catalog', "select pg_terminate_backend(pid) from pg_stat_activity where datname = 'jalaj_cart'");
        await sleep(10000);
        await db.query('catalog', 'alter database jalaj_cart with allow_connections true');
      },
    }),
  );

  const units = short ? 5 : 10;
  const crowd = (await createShoppers(base, short ? 30 : 200, { label: 'crowd', withAddress: true })).map((s) => ({ ...s, userId: s.id }));
  const [scarce] = products;
  const crowdRow = await scenario(`${crowd.length} shoppers at once for the last ${units} of a plant`, {
    shoppers: crowd,
    products: [scarce],
    stockOf: () => units,
    productOf: () => scarce.id,
    stopWhenRefused: true,
    fault: async () => {},
    seconds: 60,
  });
  const [{ stock_quantity: left }] = await db.query('catalog', 'select stock_quantity from products where id = $1', [scarce.id]);
  if (crowdRow.paid > units || left !== units - crowdRow.paid) crowdRow.discrepancies++;
  rows.push({ ...crowdRow, scenario: `${crowdRow.scenario}: ${crowdRow.paid} sold, ${left} left` });

  rows.push(
    await scenario('kill -9 one replica of each app, one at a time', {
      shoppers,
      products,
      stockOf: plenty,
      fault: async () => {
        for (const app of ['identity', 'catalog', 'cart', 'order', 'media', 'bff']) {
          const [victim] = stack.apps[app].replicas;
          await new Promise((resolve) => victim.child.once('exit', resolve).kill('SIGKILL'));
          say(`  killed ${app}-1 (pid ${victim.child.pid})`);
          await sleep(1500);
        }
      },
    }),
  );
} catch (e) {
  say(`could not run: ${e.stack ?? e}`);
  rows.push({ scenario: 'the suite itself', requests: 0, retried: 0, refused503: 0, failed: 1, orders: 0, paid: 0, discrepancies: 1, detail: { error: String(e) } });
} finally {
  await teardown();
}

console.log('\nscenario | requests | retried | clean 503s | failed | orders | paid | discrepancies');
console.log('--- | ---: | ---: | ---: | ---: | ---: | ---: | ---:');
for (const r of rows) console.log(`${r.scenario} | ${r.requests} | ${r.retried} | ${r.refused503} | ${r.failed} | ${r.orders} | ${r.paid} | ${r.discrepancies}`);
const bad = rows.filter((r) => r.failed > 0 || r.discrepancies > 0);
const json = process.argv.find((a) => a.startsWith('--json='))?.slice('--json='.length);
if (json) writeFileSync(json, JSON.stringify(rows.map((r) => ({ ...r, held: !bad.includes(r) })), null, 2));
for (const r of bad) console.log(`\n${r.scenario}: ${JSON.stringify(r.detail)}`);
console.log(bad.length ? `\n${bad.length} scenario(s) failed` : '\nevery scenario held');
process.exit(bad.length ? 1 : 0);
