/**
 * Shoppers' traffic against a running shop, as the storefront and PhonePe's hosted page
 * make it, and the books afterwards: used by the bench (scripts/bench/checkout.mjs) and
 * the fault suite (scripts/chaos.mjs).
 */
import { randomUUID } from 'node:crypto';
import { refreshSession } from '../bench/shoppers.mjs';
import { leanFetch } from './lean-http.mjs';

/** How long the books may take to settle after a round (events to cart, last decisions). */
const SETTLE_TIMEOUT_MS = 60_000;
/** The pending page's first poll delay (libs/commerce PAYMENT_POLL_FIRST_DELAY_MS); it then slows. */
const POLL_DELAYS_MS = [3_000, 3_000, 3_000, 3_000, 3_000, 4_500, 6_750, 10_125];
/** A whole checkout taking longer than this counts as failed (the loop moves on). */
const CHECKOUT_TIMEOUT_MS = 60_000;
/** How often the bench looks at the cart after the payment (the success page: at once, 2 s and 6 s later). */
const CART_POLL_MS = 100;
/** A cart still holding what was paid for after this long is a failure. */
const CART_TIMEOUT_MS = 30_000;


export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** The order states that are a sale: paid, or partly refunded (`SOLD_STATES` of @jalaj/commerce, which scripts do not import). */
export const SOLD_STATES = ['paid', 'partly_refunded'];

/** A failed HTTP step, with the problem's code when the shop sent one. */
export class StepError extends Error {
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

/** Codes of a 5xx that mean "not done, or not known to be done": the same request may be sent again. */
const RETRYABLE_CODES = new Set([undefined, 'UNAVAILABLE', 'OUTCOME_UNKNOWN', 'INTERNAL']);

/** Answers that mean "try again": the request may not have been handled, and repeating it is safe. */
const TRANSIENT = new Set([502, 503, 504]);

/**
 * The shop's HTTP API as one shopper's browser calls it. With `retries`, a request that
 * fails on the way (connection refused or reset, 502/503/504) is sent again, with the
 * same idempotency key, as the storefront's retry does; `retried` counts those.
 */
export function shopClient(base, { retries = 0, retried = { count: 0 } } = {}) {
  /**
   * One request. `as`: the shopper it is sent for (their access token); when that token has
   * expired (401), the session is refreshed as the storefront does and the request sent once
   * more with the same idempotency key. `token`: a bare token, never refreshed.
   */
  const call = async (step, method, path, { token, as, body, idempotent } = {}) => {
    const headers = {};
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (idempotent) headers['idempotency-key'] = typeof idempotent === 'string' ? idempotent : randomUUID();
    const bearer = as ? () => as.token : () => token;
    try {
      return await send(step, method, path, headers, body, bearer);
    } catch (e) {
      if (!(as && e instanceof StepError && e.status === 401)) throw e;
      await refreshSession(base, as);
      return send(step, method, path, headers, body, bearer);
    }
  };
  const send = async (step, method, path, headers, body, bearer) => {
    if (bearer()) headers.authorization = `Bearer ${bearer()}`;
    for (let attempt = 0; ; attempt++) {
      let r;
      try {
        r = await leanFetch(base + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
      } catch (e) {
        if (attempt >= retries) throw e;
      }
      if (r && !(TRANSIENT.has(r.status) && attempt < retries)) {
        if (r.status >= 400) throw await problem(step, r);
        return r;
      }
      if (r) {
        // A 502 the shop decided (PAYMENT_INIT_FAILED: PhonePe refused to start the payment) is an answer, not a failure on the way.
        const answer = await problem(step, r);
        if (!RETRYABLE_CODES.has(answer.code)) throw answer;
      }
      retried.count++;
      await sleep(250 * (attempt + 1));
    }
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
 * One whole checkout of one shopper, as the storefront and PhonePe's hosted page do it:
 * `POST /api/cart/items`, `POST /api/checkout/pay`, the sandbox's `POST /pay/{orderId}`
 * (outcome COMPLETED, answered with a 303 to the shop), the shop's return URL (303 to
 * `/payment-success`, `/payment-failed` or `/payment-pending`), on pending the pending
 * page's polls of `GET /api/payments/{merchantOrderId}`, then the success page's
 * `GET /api/cart` until the bought plant has left the cart (issue #12: "paid order, stock
 * and cart updated"). 'paid' or 'failed' with the merchant order id ('left' when
 * `ctx.leaveAfterPaying(shopper)` says this shopper closes the tab after paying, which ends
 * that shopper's loop in {@link runLoops}); `steps` adds up the
 * milliseconds per step.
 */
export async function checkout(ctx, shopper, productId, steps = new Map()) {
  const shop = shopClient(ctx.url, { retries: ctx.retries ?? 0, retried: ctx.retried });
  let mark = performance.now();
  const step = (name) => {
    const now = performance.now();
    steps.set(name, (steps.get(name) ?? 0) + (now - mark));
    mark = now;
  };
  const { addressId } = shopper;
  const as = shopper;
  await shop.json('add to cart', 'POST', '/api/cart/items', { as, body: { productId, quantity: 1 }, idempotent: true });
  step('add');
  const started = await shop.json('pay', 'POST', '/api/checkout/pay', { as, body: { shippingAddressId: addressId, billingAddressId: addressId }, idempotent: true });
  step('pay');
  // The hosted page's Pay button: a form post; the sandbox answers 303 to the shop's return URL.
  const page = reachable(started.redirectUrl, ctx.url);
  const paid = await leanFetch(page, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'outcome=COMPLETED' });
  await paid.arrayBuffer();
  if (paid.status !== 303) throw new StepError('hosted page', paid.status);
  step('hosted');
  // A shopper who closes the tab on PhonePe's page after paying: the shop learns of it by webhook or by asking PhonePe.
  if (ctx.leaveAfterPaying?.(shopper)) return { outcome: 'left', merchantOrderId: started.merchantOrderId };
  const back = reachable(paid.headers.get('location'), ctx.url);
  const returned = await shop.call('return', 'GET', back.pathname + back.search);
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
      status = await shop.json('status', 'GET', `/api/payments/${encodeURIComponent(merchantOrderId)}`, { as });
      if (status.outcome !== 'pending') break;
    }
    if (status?.outcome !== 'paid') return { outcome: 'failed', merchantOrderId, reason: status?.outcome === 'failed' ? status.errorCode : 'STILL_PENDING' };
    step('pending');
  }
  // The success page reloads the cart: the checkout is over when the bought plant has left it
  // (the cart service hears of the payment through evt.order.order.paid.v1).
  const cartUntil = performance.now() + CART_TIMEOUT_MS;
  for (;;) {
    const cart = await shop.json('cart', 'GET', '/api/cart', { as });
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
 * (OUT_OF_STOCK, INSUFFICIENT_STOCK) empties its cart and stops when `stopWhenRefused`;
 * every loop ends when `stop` (a promise) settles.
 */
export async function runLoops(ctx, shoppers, productOf, { seconds, stopWhenRefused, stop }) {
  const latencies = [];
  const errors = new Map();
  let paidInTime = 0;
  let failed = 0;
  let refused = 0;
  let polled = 0;
  let left = 0;
  /** Paid orders whose plants were still in the cart when the shopper stopped waiting. */
  const lateCarts = [];
  const steps = new Map();
  const started = performance.now();
  let until = started + seconds * 1000;
  // `stop` (a promise) ends the loops when it settles, whatever `seconds` says.
  void stop?.then(() => (until = Math.min(until, performance.now())));
  await Promise.all(
    shoppers.map(async (shopper, i) => {
      // The shopper gives up on what is in the cart: it is emptied, as the storefront's Clear Cart does.
      const giveUp = () =>
        shopClient(ctx.url, { retries: ctx.retries ?? 0, retried: ctx.retried })
          .call('clear cart', 'DELETE', '/api/cart', { as: shopper, idempotent: true })
          .catch(() => undefined);
      for (let n = 0; performance.now() < until; n++) {
        const t = performance.now();
        try {
          const r = await Promise.race([checkout(ctx, shopper, productOf(i, n), steps), sleep(CHECKOUT_TIMEOUT_MS).then(() => ({ outcome: 'failed', reason: 'TIMEOUT' }))]);
          const done = performance.now();
          if (r.outcome === 'left') {
            left++;
            return;
          }
          if (r.outcome === 'paid') {
            latencies.push(done - t);
            if (done <= until) paidInTime++;
            if (r.polled) polled++;
          } else {
            failed++;
            errors.set(r.reason ?? 'failed', (errors.get(r.reason ?? 'failed') ?? 0) + 1);
            // What the cart service holds as the shopper gives up: the lines still there (the paid
            // event not handled) or none (the BFF kept showing an old cart).
            if (r.reason === 'CART_NOT_EMPTIED') lateCarts.push({ merchantOrderId: r.merchantOrderId, gaveUpAt: new Date().toISOString(), linesHeld: await ctx.cartLinesOf?.(shopper) });
            await giveUp();
          }
        } catch (e) {
          if (e instanceof StepError && ['OUT_OF_STOCK', 'INSUFFICIENT_STOCK'].includes(e.code)) {
            refused++;
            await giveUp();
            if (stopWhenRefused) return;
            continue;
          }
          failed++;
          const key = e instanceof StepError ? `${e.step} ${e.status}${e.code ? ` ${e.code}` : ''}` : String(e?.cause?.code ?? e?.message ?? e);
          errors.set(key, (errors.get(key) ?? 0) + 1);
          await giveUp();
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
    left,
    errors: Object.fromEntries(errors),
    lateCarts,
    // Mean milliseconds per step of the checkouts that got that far.
    stepsMs: Object.fromEntries([...steps].map(([k, v]) => [k, Math.round(v / Math.max(1, latencies.length + failed))])),
  };
}

/** The PostgreSQL databases of the stack, opened lazily. */
export async function databases(ctx) {
  const { default: pg } = await import('pg');
  const open = new Map();
  return {
    async query(service, sql, params = []) {
      if (!open.has(service)) {
        const client = new pg.Client({ connectionString: ctx.databaseUrl(service) });
        // A connection the server ended (the fault suite takes a database away) is opened again when next needed.
        client.on('error', () => open.get(service) === client && open.delete(service));
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
 * zero, no more sold than there was, no reservation of these orders still held (nor one
 * taken since `since` for no order), no order
 * still pending, every cart empty.
 */
export async function books(db, shoppers, products, stockBefore, since) {
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
  // Sold: paid, or paid and partly refunded since (the refund suite's orders; docs/adr/074-partial-refunds.md).
  const paidIds = orders.filter((o) => SOLD_STATES.includes(o.state)).map((o) => o.id);
  const sold = await db.query(
    'order',
    'select product_id, sum(quantity)::int as quantity, count(distinct order_id)::int as orders from order_lines where order_id = any($1) group by product_id',
    [paidIds],
  );
  const soldOf = new Map(sold.map((r) => [r.product_id, r.quantity]));
  const reservationIds = orders.map((o) => o.reservation_id).concat(orders.map((o) => `${o.id}_late`));
  const held = Number((await db.query('catalog', "select count(*)::int as n from stock_reservations where id = any($1) and status = 'held'", [reservationIds]))[0].n);
  // Held since the round began by no order of it: an attempt that rolled back and was not found again by its retry.
  const stray = Number(
    (await db.query('catalog', "select count(*)::int as n from stock_reservations where status = 'held' and created_at >= $1 and not (id = any($2))", [since, reservationIds]))[0].n,
  );
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
    failedOrders: orders.filter((o) => !SOLD_STATES.includes(o.state) && o.state !== 'pending').length,
    sold: [...soldOf.values()].reduce((a, b) => a + b, 0),
    oversold,
    mismatched,
    heldReservations: held,
    strayReservations: stray,
    cartLines,
  };
}

