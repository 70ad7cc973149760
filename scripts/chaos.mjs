#!/usr/bin/env node
/**
 * `npm run chaos`: the fault suite (issue #13). Starts a shop of its own — two replicas of
 * every app (the PhonePe sandbox aside), the BFF and media behind the local balancer, on
 * free ports with fresh data — and runs steady shopper traffic through each fault: people
 * browsing (the catalogue, a product, its picture) and people buying (add to cart, Pay,
 * PhonePe's hosted page, the return, the cart emptied). A request that fails on the way is
 * sent again with the same idempotency key, as the storefront does. The faults: NATS
 * killed and restarted, Redis down 10 s, the cart's database closed 10 s, PhonePe slow and
 * failing, its webhooks late and doubled, or never sent while shoppers close the tab after
 * paying, a crowd for the last units of a plant, kill -9 of one replica of each app, a rolling
 * restart of every replica of every app (the order service's next version, with a new
 * migration, scripts/lib/next-version.mjs); and partial refunds, 15 at once per paid order
 * (the refunds' books: never more than was paid, PhonePe holding the same, today's revenue
 * net of them). After each fault it
 * checks the books: every payment the PhonePe sandbox completed is exactly one paid order,
 * stock fell by exactly what paid orders sold, no order is left pending, no reservation
 * held, every cart emptied. It prints a table and exits 1 on any failed request (beyond
 * the clean 503s an outage is allowed), 5xx other than those, or discrepancy.
 *
 * `--soak` (`npm run soak`): only the soak, 10 minutes of steady traffic with the apps'
 * memory and a probe's p99 sampled (`--minutes=N` to change it). `--short` (the chaos stage
 * of `npm test`): fewer shoppers, shorter runs, and a one-minute soak. `--json=<file>` also
 * writes the rows there. `--only=<words>` runs only the scenarios whose name contains them
 * (e.g. `--only=rolling`).
 * Env: CHAOS_SHOPPERS (default 12; short 6), CHAOS_SECONDS per scenario (default 30; short 12).
 */
import { createWriteStream, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { root, superviseSelf } from '@jalaj/local-platform';
import { createShoppers } from './bench/shoppers.mjs';
import { nextVersionOf } from './lib/next-version.mjs';
import { OWN_SHOP_ADMIN, startOwnShop, stopOwnShops } from './lib/own-shop.mjs';
import { books, databases, runLoops, shopClient, sleep, SOLD_STATES } from './lib/shop-traffic.mjs';

// Its own process group: Ctrl-C stops the shop's apps first and its backing services last.
await superviseSelf(import.meta.url);

const short = process.argv.includes('--short');
const soakOnly = process.argv.includes('--soak');
/** The soak's length: `--minutes=N` with --soak (default 10), one minute in the short run. */
const SOAK_MINUTES = Number(process.argv.find((a) => a.startsWith('--minutes='))?.slice('--minutes='.length) ?? (short ? 1 : 10));
const SHOPPERS = Number(process.env.CHAOS_SHOPPERS ?? (short ? 6 : 12));
const SECONDS = Number(process.env.CHAOS_SECONDS ?? (short ? 12 : 30));
/** `--only=<words>`: only the scenarios whose name contains them. */
const ONLY = process.argv.find((a) => a.startsWith('--only='))?.slice('--only='.length);
/** How often a request is sent again after failing on the way (with growing waits: 0.25 s, 0.5 s, … 2 s). */
const RETRIES = 8;
const say = (line) => process.stderr.write(`[chaos] ${line}\n`);

// The apps' warnings and errors, kept after the run (the shop's data folder is not) to explain a failed scenario.
const logFile = path.join(root, '.data', 'chaos-apps.log');
mkdirSync(path.dirname(logFile), { recursive: true });
const appLog = createWriteStream(logFile);
let shop;
let base;
let sandboxBase;
let infra;
let stack;
let db;
let tornDown;
/** Stops the shop and closes the log, once (Ctrl-C and the run's own end may both ask). */
function teardown() {
  tornDown ??= (async () => {
    await db?.close().catch(() => undefined);
    await stopOwnShops();
    await new Promise((resolve) => appLog.end(resolve));
  })();
  return tornDown;
}
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => void teardown().then(() => process.exit(130)));

/** Browsing while the buyers buy: the catalogue, a product and its picture, in a loop. */
async function browse(seconds, products, retried, stop) {
  const shop = shopClient(base, { retries: RETRIES, retried });
  let until = performance.now() + seconds * 1000;
  void stop?.then(() => (until = Math.min(until, performance.now())));
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
  const unmatched = rows.filter((r) => completed.has(r.merchant_order_id) !== SOLD_STATES.includes(r.state)).length;
  return { completed: rows.filter((r) => completed.has(r.merchant_order_id)).length, unmatched };
}

/**
 * One scenario: traffic for SECONDS, `fault` started a third of the way in (it returns
 * when the fault is over), then the books. `allowed(errorKey)` names the answers that are
 * the shop refusing clearly (a 503 during an outage, "Failed to initiate payment" when
 * PhonePe fails): those are counted apart, not as failures. `sandbox` sets the PhonePe
 * sandbox's faults for the whole scenario (put back to normal after the books);
 * `leaveAfterPaying(shopper)` makes those shoppers close the tab on PhonePe's page.
 */
async function scenario(
  name,
  { fault = async () => {}, allowed = () => false, sandbox, leaveAfterPaying, shoppers, products, stockOf, productOf = (i, n) => products[(i + n) % products.length].id, stopWhenRefused = false, seconds = SECONDS, whileFault = false },
) {
  if (ONLY && !name.includes(ONLY)) return null;
  say(`${name}…`);
  const ids = products.map((p) => p.id);
  if (stockOf) for (const p of products) await db.query('catalog', 'update products set stock_quantity = $2 where id = $1', [p.id, stockOf(p)]);
  const stockBefore = new Map((await db.query('catalog', 'select id, stock_quantity from products where id = any($1)', [ids])).map((r) => [r.id, r.stock_quantity]));
  const since = new Date();
  const retried = { count: 0 };
  const ctx = { url: base, retries: RETRIES, retried, leaveAfterPaying, cartLinesOf };
  if (sandbox) await sandboxFaults(sandbox);
  const faultDone = sleep((seconds * 1000) / 3).then(fault);
  // `whileFault`: the traffic goes on until the fault is over and a third of `seconds` more.
  const stop = whileFault ? faultDone.then(() => sleep((seconds * 1000) / 3)) : undefined;
  const trafficSeconds = whileFault ? 3600 : seconds;
  const [buying, browsing] = await Promise.all([
    runLoops(ctx, shoppers, productOf, { seconds: trafficSeconds, stopWhenRefused, stop }),
    stopWhenRefused ? { requests: 0, failed: 0, errors: new Map() } : browse(trafficSeconds, products, retried, stop),
    faultDone,
  ]);
  const ledger = await books(db, shoppers, ids, stockBefore, since);
  const payments = await unmatchedPayments(since);
  if (sandbox) await sandboxFaults({});
  const errors = { ...buying.errors, ...Object.fromEntries(browsing.errors) };
  const refusedClearly = Object.entries(errors).filter(([k]) => allowed(k)).reduce((n, [, v]) => n + v, 0);
  const failed = buying.failed + browsing.failed - refusedClearly;
  const discrepancies = ledger.oversold + ledger.mismatched + ledger.heldReservations + ledger.strayReservations + ledger.cartLines + ledger.pendingOrders + payments.unmatched;
  return {
    scenario: name,
    requests: browsing.requests + (buying.paid + buying.failed + buying.refused) * 5 + buying.left * 3,
    retried: retried.count,
    refusedClearly,
    failed,
    orders: ledger.orders,
    paid: ledger.paidOrders,
    discrepancies,
    detail: { errors, books: ledger, payments, ...(buying.lateCarts.length ? { lateCarts: await Promise.all(buying.lateCarts.map(lateCartTrail)) } : {}) },
  };
}

/**
 * The trail of a paid order whose plants stayed in the cart past the shopper's wait: when it
 * was paid, when its paid event was queued and published (the order's outbox), and when the
 * cart handled it (the cart's inbox), so that a failed run says which step was late.
 */
async function lateCartTrail({ merchantOrderId, gaveUpAt, linesHeld }) {
  const [order] = await db.query(
    'order',
    `select o.id, o.paid_at as "paidAt", m.id as "eventId", m.created_at as "queuedAt", m.published_at as "publishedAt", m.attempts
       from orders o left join outbox_message m on m.subject = 'evt.order.order.paid.v1' and m.envelope->'data'->>'orderId' = o.id::text
      where o.merchant_order_id = $1`,
    [merchantOrderId],
  );
  const [handled] = order?.eventId ? await db.query('cart', "select processed_at as \"handledAt\" from inbox_message where consumer = 'cart-order-paid' and event_id = $1", [order.eventId]) : [];
  return { merchantOrderId, gaveUpAt, linesHeld, ...order, handledAt: handled?.handledAt ?? null };
}

/** The cart lines the cart service's database holds for a shopper now (a late cart's trail). */
function cartLinesOf(shopper) {
  return db.query('cart', 'select id, product_id as "productId", quantity, updated_at as "updatedAt" from cart_items where user_id = $1', [shopper.userId]);
}

/** How many refunds the admin sends at once for each order (an attacker's probe once sent 15). */
const CONCURRENT_REFUNDS = 15;
/** How long PhonePe and the reconciler get to complete the refunds. */
const REFUNDS_SETTLE_MS = 60_000;

/**
 * Partial refunds against the books (docs/adr/074-partial-refunds.md): up to `count` orders
 * the round sold each get {@link CONCURRENT_REFUNDS} refunds at once from the admin, each of
 * a bit more than a third of the payment, so exactly two fit. Then: exactly two accepted per
 * order and the others refused with a 4xx (never a 5xx); once PhonePe completed them, each
 * order's refunds add up to its `refunded_paise`, which never passes its total, the order is
 * partly refunded, and PhonePe holds exactly those refunds; today's revenue (the strip's
 * figure) is what today's sales were paid less what was refunded, as the rows add it up.
 * Adds its findings to `row`: refusals counted apart, failures and discrepancies.
 */
async function partialRefunds(row, since, count) {
  const admin = shopClient(base, { retries: RETRIES });
  const { accessToken: token } = await admin.json('admin sign-in', 'POST', '/api/auth/sign-in', { body: OWN_SHOP_ADMIN });
  const sold = await db.query('order', "select id, merchant_order_id, total_paise::int as total from orders where state = 'paid' and created_at >= $1 order by created_at limit $2", [since, count]);
  const findings = { orders: sold.length, accepted: 0, refused: 0, failed: 0, overRefunded: 0, wrongCount: 0, unsettled: 0, phonePeMismatch: 0, revenueMismatch: 0 };
  for (const order of sold) {
    const amount = Math.ceil(order.total / 3) + 100;
    const fits = Math.floor(order.total / amount);
    const replies = await Promise.all(
      Array.from({ length: CONCURRENT_REFUNDS }, (_, i) =>
        admin.call('partial refund', 'POST', `/api/admin/orders/${order.id}/refund`, { token, body: { amountPaise: amount, reason: `chaos probe ${i}` }, idempotent: true }).then(
          () => 'accepted',
          (e) => (e.status >= 400 && e.status < 500 ? 'refused' : 'failed'),
        ),
      ),
    );
    const accepted = replies.filter((r) => r === 'accepted').length;
    findings.accepted += accepted;
    findings.refused += replies.filter((r) => r === 'refused').length;
    findings.failed += replies.filter((r) => r === 'failed').length;
    if (accepted !== fits) findings.wrongCount++;
  }
  const ids = sold.map((o) => o.id);
  const until = Date.now() + REFUNDS_SETTLE_MS;
  const inFlight = async () => Number((await db.query('order', 'select count(*)::int as n from order_refunds where order_id = any($1) and refunded_at is null', [ids]))[0].n);
  let pending = await inFlight();
  while (pending && Date.now() < until) {
    await sleep(1000);
    pending = await inFlight();
  }
  findings.unsettled = pending;
  const refunded = await db.query(
    'order',
    `select o.id, o.merchant_order_id, o.state, o.total_paise::int as total, o.refunded_paise::int as refunded, coalesce(sum(r.amount_paise), 0)::int as summed
       from orders o left join order_refunds r on r.order_id = o.id where o.id = any($1) group by o.id`,
    [ids],
  );
  const { refunds } = await (await fetch(`${sandboxBase}/_sandbox/refunds`)).json();
  for (const o of refunded) {
    const atPhonePe = refunds.filter((r) => r.originalMerchantOrderId === o.merchant_order_id).reduce((sum, r) => sum + r.amount, 0);
    if (o.refunded > o.total || o.summed !== o.refunded || o.state !== 'partly_refunded') findings.overRefunded++;
    if (atPhonePe !== o.refunded) findings.phonePeMismatch++;
  }
  // Today's revenue as the strip shows it, against the rows: sales paid less refunded, archived ones aside.
  const figures = await admin.json('figures', 'GET', '/api/admin/figures', { token });
  const dayStart = new Date(`${figures.day}T00:00:00+05:30`);
  const [{ revenue }] = await db.query(
    'order',
    `select coalesce(sum(total_paise - refunded_paise), 0)::bigint::text as revenue from orders
      where archived_at is null and state = any($1) and created_at >= $2 and created_at < $3`,
    [SOLD_STATES, dayStart, new Date(dayStart.getTime() + 86_400_000)],
  );
  if (Number(revenue) !== figures.revenuePaise) findings.revenueMismatch++;
  row.refusedClearly += findings.refused;
  row.failed += findings.failed;
  row.discrepancies += findings.wrongCount + findings.unsettled + findings.overRefunded + findings.phonePeMismatch + findings.revenueMismatch;
  row.requests += sold.length * CONCURRENT_REFUNDS;
  row.detail = { ...row.detail, refunds: findings };
  row.scenario = `${row.scenario}: ${findings.accepted} of ${sold.length * CONCURRENT_REFUNDS} refunds accepted on ${sold.length} orders`;
  return row;
}

/** Resident memory of a process in bytes (Linux), 0 when it is gone. */
function rssOf(pid) {
  try {
    const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return Number(kb ?? 0) * 1024;
  } catch {
    return 0;
  }
}

/**
 * The soak: steady mixed traffic (buying and browsing) for `minutes`, and meanwhile a probe
 * (a signed-in shopper reading the catalogue and the cart, five times a second) whose
 * latencies and the apps' summed resident memory are sampled per window. After a warm-up
 * (the first fifth), the last third of the windows is compared with the first third:
 * memory may grow by at most 10 % + 25 MB (flat: no leak; 25 % + 50 MB in a soak shorter
 * than 5 minutes, still warming up) and the median p99 by at most
 * 2× + 50 ms (steady). Then the books, as after every scenario.
 */
async function soak(minutes, { shoppers, products, stockOf }) {
  const seconds = Math.round(minutes * 60);
  const windowSeconds = seconds >= 300 ? 30 : 5;
  const pids = () => Object.values(stack.apps).flatMap((a) => a.replicas.map((r) => r.child)).filter((c) => c.exitCode === null && c.signalCode === null).map((c) => c.pid);
  const windows = [];
  const [prober] = shoppers;
  const probe = shopClient(base, { retries: RETRIES });
  const until = performance.now() + seconds * 1000;
  let current = [];
  let probeFailures = 0;
  const probing = (async () => {
    while (performance.now() < until) {
      for (const [step, url] of [['catalogue', '/api/products'], ['cart', '/api/cart']]) {
        const t = performance.now();
        try {
          const r = await probe.call(step, 'GET', url, { as: prober });
          await r.arrayBuffer();
          current.push(performance.now() - t);
        } catch {
          probeFailures++;
        }
      }
      await sleep(200);
    }
  })();
  const sampling = (async () => {
    const start = performance.now();
    while (performance.now() < until) {
      await sleep(Math.min(windowSeconds * 1000, Math.max(0, until - performance.now())));
      const sorted = current.sort((a, b) => a - b);
      current = [];
      windows.push({
        atSeconds: Math.round((performance.now() - start) / 1000),
        rssMb: Math.round(pids().reduce((sum, pid) => sum + rssOf(pid), 0) / 2 ** 20),
        p99Ms: Math.round(sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))] ?? 0),
        probes: sorted.length,
      });
      say(`  soak ${windows.at(-1).atSeconds} s: ${windows.at(-1).rssMb} MB, probe p99 ${windows.at(-1).p99Ms} ms`);
    }
  })();
  const row = await scenario(`soak: ${minutes} min of steady traffic, memory and p99 sampled`, { shoppers, products, stockOf, seconds, fault: () => Promise.all([probing, sampling]) });
  const judged = windows.slice(Math.ceil(windows.length / 5));
  const third = Math.max(1, Math.floor(judged.length / 3));
  const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const first = judged.slice(0, third);
  const last = judged.slice(-third);
  const memoryBefore = mean(first.map((w) => w.rssMb));
  const memoryAfter = mean(last.map((w) => w.rssMb));
  const p99Before = median(first.map((w) => w.p99Ms));
  const p99After = median(last.map((w) => w.p99Ms));
  // A one-minute soak is still warming up (caches filling, code being optimised): it only catches a gross leak.
  const memoryFlat = minutes >= 5 ? memoryAfter <= memoryBefore * 1.1 + 25 : memoryAfter <= memoryBefore * 1.25 + 50;
  const p99Steady = p99After <= p99Before * 2 + 50;
  if (!memoryFlat) row.discrepancies++;
  if (!p99Steady) row.discrepancies++;
  row.failed += probeFailures;
  row.detail = { ...row.detail, windows, memoryMb: { before: Math.round(memoryBefore), after: Math.round(memoryAfter), flat: memoryFlat }, p99Ms: { before: p99Before, after: p99After, steady: p99Steady }, probeFailures };
  row.scenario = `${row.scenario}: ${Math.round(memoryBefore)} → ${Math.round(memoryAfter)} MB, p99 ${p99Before} → ${p99After} ms`;
  return row;
}

/** Sets the PhonePe sandbox's faults (`{}`: none). */
async function sandboxFaults(faults) {
  const r = await fetch(`${sandboxBase}/_sandbox/faults`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify(faults) });
  if (!r.ok) throw new Error(`the sandbox refused the faults ${JSON.stringify(faults)}: ${r.status} ${await r.text()}`);
}

/** Kills a backing server (SIGKILL, as a crash) and starts it again after `ms`. */
async function downFor(server, ms) {
  await server.kill();
  await sleep(ms);
  await server.start();
}

const rows = [];
try {
  say('starting a shop with two replicas of every app…');
  shop = await startOwnShop({ name: 'chaos', replicas: 2, env: { LOG_FORMAT: 'json' }, log: say, onLine: (app, line) => appLog.write(`${app} ${line}\n`) });
  ({ base, sandboxBase, infra, stack } = shop);
  db = await databases({ databaseUrl: (service) => `${infra.env.POSTGRES_URL}/jalaj_${service}` });
  const { items } = await shopClient(base).json('products', 'GET', '/api/products');
  const products = items.slice(0, 4);
  say(`signing up ${SHOPPERS} shoppers…`);
  const shoppers = (await createShoppers(base, SHOPPERS, { label: 'chaos', withAddress: true })).map((s) => ({ ...s, userId: s.id }));
  const plenty = () => 100000;

  if (!soakOnly) {
    rows.push(await scenario('steady traffic, no fault (baseline)', { fault: async () => {}, shoppers, products, stockOf: plenty }));

    {
      const since = new Date();
      const row = await scenario(`partial refunds: ${CONCURRENT_REFUNDS} at once per paid order`, { fault: async () => {}, shoppers, products, stockOf: plenty });
      if (row) rows.push(await partialRefunds(row, since, short ? 3 : 10));
    }

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
        allowed: (key) => / 503\b/.test(key),
        fault: async () => {
          await db.query('catalog', 'alter database jalaj_cart with allow_connections false');
          await db.query('catalog', "select pg_terminate_backend(pid) from pg_stat_activity where datname = 'jalaj_cart'");
          await sleep(10000);
          await db.query('catalog', 'alter database jalaj_cart with allow_connections true');
        },
      }),
    );

    rows.push(
      await scenario('PhonePe slow (2 s a call) and failing every 4th call', {
        shoppers,
        products,
        sandbox: { latencyMs: 2000, failEvery: 4 },
        // "Payment Error" when PhonePe would not start the payment; the pending page when it could not say yet.
        allowed: (key) => /^pay 502 PAYMENT_INIT_FAILED$|^STILL_PENDING$/.test(key),
      }),
    );

    rows.push(
      await scenario("PhonePe's webhooks 15 s late and sent twice", {
        shoppers,
        products,
        sandbox: { webhook: { delayMs: 15000 }, duplicates: 2 },
      }),
    );

    rows.push(
      await scenario("PhonePe's webhooks never sent, and half the shoppers close the tab after paying", {
        shoppers,
        products,
        sandbox: { webhook: 'drop' },
        leaveAfterPaying: (shopper) => shoppers.indexOf(shopper) % 2 === 0,
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
    if (crowdRow) {
      const [{ stock_quantity: left }] = await db.query('catalog', 'select stock_quantity from products where id = $1', [scarce.id]);
      if (crowdRow.paid > units || left !== units - crowdRow.paid) crowdRow.discrepancies++;
      rows.push({ ...crowdRow, scenario: `${crowdRow.scenario}: ${crowdRow.paid} sold, ${left} left` });
    }

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

    // The order service's next version brings a migration on its busiest table, as a
    // release does: its first new replica applies it while the old one goes on selling.
    const migration = { name: 'Migration20991231000000RolloutNote', statements: ['alter table orders add column rollout_note text'] };
    const nextOrder = await nextVersionOf('order', migration);
    const rolling = await scenario('rolling restart: every replica of every app, one at a time, the order service with a new migration', {
      shoppers,
      products,
      stockOf: plenty,
      whileFault: true,
      // A request that met no ready service is a clear 503 (Retry-After), which the client retries.
      allowed: (key) => / 503\b/.test(key),
      fault: async () => {
        for (const app of ['identity', 'catalog', 'cart', 'order', 'media', 'bff']) {
          for (let i = 0; i < stack.apps[app].replicas.length; i++) {
            await stack.apps[app].restart(i, { entry: app === 'order' ? nextOrder : undefined });
            say(`  restarted ${app}-${i + 1}${app === 'order' ? ' (next version)' : ''}`);
          }
        }
      },
    });
    // Applied exactly once, by the first new replica.
    if (rolling) {
      const [{ applied }] = await db.query('order', 'select count(*)::int as applied from mikro_orm_migrations where name = $1', [migration.name]);
      const [{ columns }] = await db.query('order', "select count(*)::int as columns from information_schema.columns where table_name = 'orders' and column_name = 'rollout_note'");
      if (applied !== 1 || columns !== 1) rolling.discrepancies++;
      rows.push({ ...rolling, detail: { ...rolling.detail, migration: { applied, columns } } });
    }
  }

  if ((soakOnly || short) && !ONLY) rows.push(await soak(SOAK_MINUTES, { shoppers, products, stockOf: plenty }));
} catch (e) {
  say(`could not run: ${e.stack ?? e}`);
  rows.push({ scenario: 'the suite itself', requests: 0, retried: 0, refusedClearly: 0, failed: 1, orders: 0, paid: 0, discrepancies: 1, detail: { error: String(e) } });
} finally {
  await teardown();
}

rows.splice(0, rows.length, ...rows.filter(Boolean));
console.log('\nscenario | requests | retried | refused clearly | failed | orders | paid | discrepancies');
console.log('--- | ---: | ---: | ---: | ---: | ---: | ---: | ---:');
for (const r of rows) console.log(`${r.scenario} | ${r.requests} | ${r.retried} | ${r.refusedClearly} | ${r.failed} | ${r.orders} | ${r.paid} | ${r.discrepancies}`);
const bad = rows.filter((r) => r.failed > 0 || r.discrepancies > 0);
const json = process.argv.find((a) => a.startsWith('--json='))?.slice('--json='.length);
if (json) writeFileSync(json, JSON.stringify(rows.map((r) => ({ ...r, held: !bad.includes(r) })), null, 2));
for (const r of bad) console.log(`\n${r.scenario}: ${JSON.stringify(r.detail)}`);
if (bad.length) {
  // The apps' errors (pino level 50 and up) explain most failures; the whole log stays in .data.
  const errors = readFileSync(logFile, 'utf8').split('\n').filter((l) => /"level":(5|6)0/.test(l));
  console.log(`\nthe apps logged ${errors.length} error(s) (all their warnings and errors: ${path.relative(root, logFile)})`);
  for (const l of errors.slice(0, 30)) console.log(l.slice(0, 1500));
}
console.log(bad.length ? `\n${bad.length} scenario(s) failed` : '\nevery scenario held');
process.exit(bad.length ? 1 : 0);
