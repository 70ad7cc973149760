/**
 * The bench's checkout module (issue #12): the whole checkout as shoppers do it in the
 * browser — add to cart, Pay with PhonePe, Pay on the PhonePe sandbox's hosted page,
 * PhonePe's redirect back to the shop (which asks Order Status and decides), the pending
 * page's polling when the order is not decided yet — reported as paid orders per second,
 * then the books: what paid orders sold against what catalog's stock lost, nothing sold
 * that was not there, carts emptied, no reservation left held.
 *
 * Two rounds: one with plenty of stock (throughput), one where one plant runs out mid-run
 * (every loop buys it until catalog refuses; nobody may be sold a plant that was not there).
 *
 * Module contract: scripts/bench.mjs calls `bench(ctx)`; `node scripts/bench/checkout.mjs`
 * runs it alone against a running shop (BENCH_URL, BENCH_OPS_URL, BENCH_DB_<SERVICE>, or
 * BENCH_PG_PORT for an `npm start` stack's databases).
 */
import { randomUUID } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { createShoppers as signUpShoppers } from './shoppers.mjs';

/** How long the books may take to settle after a round (events to cart, last decisions). */
const SETTLE_TIMEOUT_MS = 60_000;
/** The pending page's first poll delay (libs/commerce PAYMENT_POLL_FIRST_DELAY_MS); it then slows. */
const POLL_DELAYS_MS = [3_000, 3_000, 3_000, 3_000, 3_000, 4_500, 6_750, 10_125];
/** A whole checkout taking longer than this counts as failed (the loop moves on). */
const CHECKOUT_TIMEOUT_MS = 60_000;
/** How often the bench looks at the cart after the payment (the success page: at once, 2 s and 6 s later). */
const CART_POLL_MS = 100;
/** A cart still holding what was paid for after this long is a failure. */
const CART_TIMEOUT_MS = 15_000;


const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** A failed HTTP step, with the problem's code when the shop sent one. */
class StepError extends Error {
  constructor(step, status, code, detail) {
    super(`${step}: ${status}${code ? ` ${code}` : ''}${detail ? ` ${detail}` : ''}`);
    this.step = step;
    this.status = status;
    this.code = code;
  }
}

async function problem(step, r) {
  let code;
  let detail;
  try {
    const body = await r.json();
    code = body.code;
    detail = body.message ?? body.detail;
  } catch {
    // Not JSON.
  }
  return new StepError(step, r.status, code, detail);
}

/** The shop's HTTP API as one shopper's browser calls it. */
function shopClient(base) {
  const call = async (step, method, path, { token, body, idempotent } = {}) => {
    const headers = {};
    if (token) headers.authorization = `Bearer ${token}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (idempotent) headers['idempotency-key'] = typeof idempotent === 'string' ? idempotent : randomUUID();
    const r = await fetch(base + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), redirect: 'manual' });
    if (r.status >= 400) throw await problem(step, r);
    return r;
  };
  return {
    call,
    json: async (step, method, path, options) => {
      const r = await call(step, method, path, options);
      return r.status === 204 ? null : r.json();
    },
  };
}

/** Same host, reachable: `localhost` in redirects becomes 127.0.0.1 (the stack listens there). */
function reachable(url, shopBase) {
  const u = new URL(url, shopBase);
  if (u.hostname === 'localhost') u.hostname = '127.0.0.1';
  return u;
}

/**
 * Signs up `n` shoppers through the BFF, confirms each from the development mailbox
 * (`/dev/mailbox.json`, as the e2e helper does) and gives each a Kolkata address for
 * shipping and billing. Their tokens and address ids.
 */
/** Shoppers of this module's own (carts of the other parts' shoppers hold other plants), each with a Kolkata address. */
async function createShoppers(ctx, n) {
  return (await signUpShoppers(ctx.url, n, { label: 'checkout', withAddress: true })).map((s) => ({ ...s, userId: s.id }));
}

/**
 * One whole checkout of one shopper, as the storefront and PhonePe's hosted page do it:
 * `POST /api/cart/items`, `POST /api/checkout/pay`, the sandbox's `POST /pay/{orderId}`
 * (outcome COMPLETED, answered with a 303 to the shop), the shop's return URL (303 to
 * `/payment-success`, `/payment-failed` or `/payment-pending`), on pending the pending
 * page's polls of `GET /api/payments/{merchantOrderId}`, then the success page's
 * `GET /api/cart` until the bought plant has left the cart (issue #12: "paid order, stock
 * and cart updated"). 'paid' or 'failed' with the merchant order id; `steps` adds up the
 * milliseconds per step.
 */
async function checkout(ctx, shopper, productId, steps = new Map()) {
  const shop = shopClient(ctx.url);
  let mark = performance.now();
  const step = (name) => {
    const now = performance.now();
    steps.set(name, (steps.get(name) ?? 0) + (now - mark));
    mark = now;
  };
  const { token, addressId } = shopper;
  await shop.json('add to cart', 'POST', '/api/cart/items', { token, body: { productId, quantity: 1 }, idempotent: true });
  step('add');
  const started = await shop.json('pay', 'POST', '/api/checkout/pay', { token, body: { shippingAddressId: addressId, billingAddressId: addressId }, idempotent: true });
  step('pay');
  // The hosted page's Pay button: a form post; the sandbox answers 303 to the shop's return URL.
  const page = reachable(started.redirectUrl, ctx.url);
  const paid = await fetch(page, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'outcome=COMPLETED', redirect: 'manual' });
  await paid.arrayBuffer();
  if (paid.status !== 303) throw new StepError('hosted page', paid.status);
  step('hosted');
  const back = reachable(paid.headers.get('location'), ctx.url);
  const returned = await fetch(back, { redirect: 'manual' });
  await returned.arrayBuffer();
  if (returned.status !== 303) throw new StepError('return', returned.status);
  step('return');
  const landing = new URL(returned.headers.get('location'), ctx.url);
  const merchantOrderId = started.merchantOrderId;
  let polled = false;
  if (landing.pathname === '/payment-failed') return { outcome: 'failed', merchantOrderId, reason: landing.searchParams.get('code') };
  if (landing.pathname !== '/payment-success') {
    // The pending page: polls until the payment is decided.
    polled = true;
    let status = null;
    for (const delay of POLL_DELAYS_MS) {
      await sleep(delay);
      status = await shop.json('status', 'GET', `/api/payments/${encodeURIComponent(merchantOrderId)}`, { token });
      if (status.outcome !== 'pending') break;
    }
    if (status?.outcome !== 'paid') return { outcome: 'failed', merchantOrderId, reason: status?.outcome === 'failed' ? status.errorCode : 'STILL_PENDING' };
    step('pending');
  }
  // The success page reloads the cart: the checkout is over when the bought plant has left it
  // (the cart service hears of the payment through evt.order.order.paid.v1).
  const cartUntil = performance.now() + CART_TIMEOUT_MS;
  for (;;) {
    const cart = await shop.json('cart', 'GET', '/api/cart', { token });
    if (!cart.lines.length) break;
    if (performance.now() > cartUntil) return { outcome: 'failed', merchantOrderId, reason: 'CART_NOT_EMPTIED' };
    await sleep(CART_POLL_MS);
  }
  step('cart');
  return { outcome: 'paid', merchantOrderId, polled };
}

const quantile = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] : 0);

/**
 * `connections` loops for `seconds`, each one shopper checking out again and again (each
 * loop buys `productOf(i, n)`). A loop whose checkout catalog refuses for want of stock
 * (OUT_OF_STOCK, INSUFFICIENT_STOCK) empties its cart and stops when `stopWhenRefused`.
 */
async function runLoops(ctx, shoppers, productOf, { seconds, stopWhenRefused }) {
  const latencies = [];
  const errors = new Map();
  let paidInTime = 0;
  let failed = 0;
  let refused = 0;
  let polled = 0;
  const steps = new Map();
  const started = performance.now();
  const until = started + seconds * 1000;
  await Promise.all(
    shoppers.map(async (shopper, i) => {
      for (let n = 0; performance.now() < until; n++) {
        const t = performance.now();
        try {
          const r = await Promise.race([checkout(ctx, shopper, productOf(i, n), steps), sleep(CHECKOUT_TIMEOUT_MS).then(() => ({ outcome: 'failed', reason: 'TIMEOUT' }))]);
          const done = performance.now();
          if (r.outcome === 'paid') {
            latencies.push(done - t);
            if (done <= until) paidInTime++;
            if (r.polled) polled++;
          } else {
            failed++;
            errors.set(r.reason ?? 'failed', (errors.get(r.reason ?? 'failed') ?? 0) + 1);
          }
        } catch (e) {
          if (e instanceof StepError && ['OUT_OF_STOCK', 'INSUFFICIENT_STOCK'].includes(e.code)) {
            refused++;
            // The shopper gives up on that plant: the cart is emptied, as the storefront's Remove does.
            await shopClient(ctx.url)
              .call('clear cart', 'DELETE', '/api/cart', { token: shopper.token, idempotent: true })
              .catch(() => undefined);
            if (stopWhenRefused) return;
            continue;
          }
          failed++;
          const key = e instanceof StepError ? `${e.step} ${e.status}${e.code ? ` ${e.code}` : ''}` : String(e?.cause?.code ?? e?.message ?? e);
          errors.set(key, (errors.get(key) ?? 0) + 1);
        }
      }
    }),
  );
  const elapsed = (Math.min(performance.now(), until) - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    paid: latencies.length,
    paidInTime,
    paidOrdersPerSecond: paidInTime / elapsed,
    p50Ms: quantile(latencies, 0.5),
    p99Ms: quantile(latencies, 0.99),
    failed,
    refused,
    polled,
    errors: Object.fromEntries(errors),
    // Mean milliseconds per step of the checkouts that got that far.
    stepsMs: Object.fromEntries([...steps].map(([k, v]) => [k, Math.round(v / Math.max(1, latencies.length + failed))])),
  };
}

/** The PostgreSQL databases of the stack, opened lazily. */
async function databases(ctx) {
  const { default: pg } = await import('pg');
  const open = new Map();
  return {
    async query(service, sql, params = []) {
      if (!open.has(service)) {
        const client = new pg.Client({ connectionString: ctx.databaseUrl(service) });
        await client.connect();
        open.set(service, client);
      }
      return (await open.get(service).query(sql, params)).rows;
    },
    async close() {
      await Promise.all([...open.values()].map((c) => c.end()));
    },
  };
}

/**
 * The books after a round, once every order of the bench shoppers is settled and every
 * paid event has reached the carts: per product, the stock at the start less the stock
 * now must equal what the paid orders sold (committed reservations), the stock never below
 * zero, no more sold than there was, no reservation of these orders still held, no order
 * still pending, every cart empty.
 */
async function books(db, shoppers, products, stockBefore, since) {
  const userIds = shoppers.map((s) => s.userId);
  const until = Date.now() + SETTLE_TIMEOUT_MS;
  let orders;
  let cartLines;
  for (;;) {
    orders = await db.query('order', "select id, state, reservation_id from orders where user_id = any($1) and created_at >= $2", [userIds, since]);
    cartLines = Number((await db.query('cart', 'select count(*)::int as n from cart_items where user_id = any($1)', [userIds]))[0].n);
    const pending = orders.filter((o) => o.state === 'pending').length;
    if ((pending === 0 && cartLines === 0) || Date.now() > until) break;
    await sleep(500);
  }
  const paidIds = orders.filter((o) => o.state === 'paid').map((o) => o.id);
  const sold = await db.query(
    'order',
    'select product_id, sum(quantity)::int as quantity, count(distinct order_id)::int as orders from order_lines where order_id = any($1) group by product_id',
    [paidIds],
  );
  const soldOf = new Map(sold.map((r) => [r.product_id, r.quantity]));
  const reservationIds = orders.map((o) => o.reservation_id).concat(orders.map((o) => `${o.id}_late`));
  const held = Number((await db.query('catalog', "select count(*)::int as n from stock_reservations where id = any($1) and status = 'held'", [reservationIds]))[0].n);
  const committed = await db.query(
    'catalog',
    "select l.product_id, sum(l.quantity)::int as quantity from stock_reservations r join stock_reservation_lines l on l.reservation_id = r.id where r.id = any($1) and r.status = 'committed' group by l.product_id",
    [reservationIds],
  );
  const committedOf = new Map(committed.map((r) => [r.product_id, r.quantity]));
  const stockNow = new Map((await db.query('catalog', 'select id, stock_quantity from products where id = any($1)', [products])).map((r) => [r.id, r.stock_quantity]));
  let oversold = 0;
  let mismatched = 0;
  for (const id of products) {
    const before = stockBefore.get(id);
    const after = stockNow.get(id);
    const soldQty = soldOf.get(id) ?? 0;
    // Sold beyond what there was, or stock below zero: plants sold that were not there.
    oversold += Math.max(0, soldQty - before) + Math.max(0, -after);
    // Stock lost must be exactly what paid orders sold, and catalog must have committed that.
    if (before - after !== soldQty || (committedOf.get(id) ?? 0) !== soldQty) mismatched++;
  }
  return {
    orders: orders.length,
    paidOrders: paidIds.length,
    pendingOrders: orders.filter((o) => o.state === 'pending').length,
    failedOrders: orders.filter((o) => o.state !== 'paid' && o.state !== 'pending').length,
    sold: [...soldOf.values()].reduce((a, b) => a + b, 0),
    oversold,
    mismatched,
    heldReservations: held,
    cartLines,
  };
}

/**
 * @param ctx - See scripts/bench.mjs (url, opsUrl, databaseUrl, connections, seconds, signIn, log).
 * @returns Two rows: plenty of stock, and one plant running out mid-run.
 */
/** What a round is judged by besides its speed: nothing oversold, failed, unbalanced or left behind. */
const BOOKS_GOALS = ['oversold', 'failed', 'mismatched', 'heldReservations', 'cartLinesLeft', 'pendingOrders'].map((figure) => ({ figure, max: 0 }));

/** A round's figures: its speed and its books. */
function roundFigures(run, books) {
  return {
    paidOrdersPerSecond: round(run.paidOrdersPerSecond),
    p50Ms: round(run.p50Ms),
    p99Ms: round(run.p99Ms),
    oversold: books.oversold,
    failed: run.failed,
    mismatched: books.mismatched,
    heldReservations: books.heldReservations,
    cartLinesLeft: books.cartLines,
    pendingOrders: books.pendingOrders,
  };
}

export async function bench(ctx) {
  const db = await databases(ctx);
  try {
    const { items } = await shopClient(ctx.url).json('products', 'GET', '/api/products');
    const products = items.slice(0, Math.min(5, items.length)).map((p) => p.id);
    if (!products.length) throw new Error('the catalogue has no products');
    ctx.log(`checkout: creating ${ctx.connections} shoppers…`);
    const shoppers = await createShoppers(ctx, ctx.connections);
    const rows = [];
    const snapshot = async () => new Map((await db.query('catalog', 'select id, stock_quantity from products where id = any($1)', [products])).map((r) => [r.id, r.stock_quantity]));

    // Round 1: plenty of stock, the loops spread over the products.
    await db.query('catalog', 'update products set stock_quantity = 1000000 where id = any($1)', [products]);
    let before = await snapshot();
    let since = new Date();
    ctx.log(`checkout: ${ctx.connections} shoppers checking out for ${ctx.seconds} s…`);
    ctx.log(`checkout: round 1 starts at ${Date.now() / 1000}`);
    const r1 = await runLoops(ctx, shoppers, (i, n) => products[(i + n) % products.length], { seconds: ctx.seconds, stopWhenRefused: false });
    ctx.log(`checkout: round 1 ends at ${Date.now() / 1000}`);
    const b1 = await books(db, shoppers, products, before, since);
    ctx.log(`checkout: ${JSON.stringify({ ...r1, books: b1 })}`);
    rows.push({
      name: `checkout: pay → sandbox → paid (${ctx.connections} shoppers)`,
      figures: roundFigures(r1, b1),
      goals: [{ figure: 'paidOrdersPerSecond', min: 100 }, ...BOOKS_GOALS],
      note: `${r1.paid} paid (${r1.polled} decided by the pending page's polling)${r1.failed ? `; failures: ${JSON.stringify(r1.errors)}` : ''}`,
    });

    if (ctx.checkoutRounds === 1) return rows;
    // Round 2: one plant, less stock than the loops would buy: it runs out mid-run.
    const scarce = products[0];
    const stock = Math.max(20, Math.round(r1.paidOrdersPerSecond * ctx.seconds * 0.4));
    await db.query('catalog', 'update products set stock_quantity = $2 where id = $1', [scarce, stock]);
    before = await snapshot();
    since = new Date();
    ctx.log(`checkout: ${ctx.connections} shoppers buying the last ${stock} of one plant…`);
    const r2 = await runLoops(ctx, shoppers, () => scarce, { seconds: ctx.seconds * 3, stopWhenRefused: true });
    const b2 = await books(db, shoppers, products, before, since);
    ctx.log(`checkout: ${JSON.stringify({ ...r2, books: b2 })}`);
    rows.push({
      name: `checkout: the last ${stock} of a plant (${ctx.connections} shoppers)`,
      figures: { ...roundFigures(r2, b2), sold: b2.sold, stock, refused: r2.refused },
      goals: BOOKS_GOALS,
      note: `sold ${b2.sold} of ${stock}; ${r2.refused} checkouts refused for want of stock${r2.failed ? `; failures: ${JSON.stringify(r2.errors)}` : ''}`,
    });
    return rows;
  } finally {
    await db.close();
  }
}

const round = (x) => Math.round(x * 10) / 10;

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const url = (process.env.BENCH_URL ?? 'http://127.0.0.1:8080').replace(/\/$/, '');
  const pgPort = process.env.BENCH_PG_PORT ?? '5544';
  const ctx = {
    url,
    opsUrl: process.env.BENCH_OPS_URL?.replace(/\/$/, ''),
    databaseUrl: (service) => process.env[`BENCH_DB_${service.toUpperCase()}`] ?? `postgres://postgres:postgres@127.0.0.1:${pgPort}/jalaj_${service}`,
    connections: Number(process.env.BENCH_CONNECTIONS ?? 50),
    seconds: Number(process.env.BENCH_SECONDS ?? 10),
    signIn: async (email, password) => (await shopClient(url).json('sign-in', 'POST', '/api/auth/sign-in', { body: { email, password } })).accessToken,
    log: (line) => console.error(line),
    // BENCH_CHECKOUT_ROUNDS=1: the throughput round only (for profiling).
    checkoutRounds: Number(process.env.BENCH_CHECKOUT_ROUNDS ?? 2),
  };
  const rows = await bench(ctx);
  let missed = 0;
  for (const row of rows) {
    const misses = row.goals.filter((g) => (g.min !== undefined && row.figures[g.figure] < g.min) || (g.max !== undefined && row.figures[g.figure] > g.max));
    missed += misses.length;
    console.log(`${row.name}\n  ${JSON.stringify(row.figures)}\n  ${misses.length ? `MISSED: ${misses.map((g) => g.figure).join(', ')}` : 'met'}${row.note ? `\n  ${row.note}` : ''}`);
  }
  process.exit(missed ? 1 : 0);
}
