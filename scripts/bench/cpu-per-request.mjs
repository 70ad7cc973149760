#!/usr/bin/env node
/**
 * Where a request's CPU goes: CPU per request of every process of a running shop, one HTTP
 * path at a time (docs/performance.md, "Finding where the time goes").
 *
 *   node scripts/bench/cpu-per-request.mjs landing,script,products,me,addresses,orders,cart,writes,floor
 *
 * Against BENCH_URL (default http://127.0.0.1:8580, the bench's port: start the shop as
 * scripts/bench/stack.mjs does, with RATE_LIMIT_FACTOR=1000). Signs up 50 shoppers with an
 * address and two plants in the cart, then runs each path for BENCH_SECONDS (10) at 50
 * connections against the bare route and the shop (scripts/bench/http.mjs) and reads the
 * CPU ticks (utime + stime) of the shop's processes from /proc before and after (every
 * process of an app summed; `start.mjs` is the script that started the shop and relays its
 * log lines), and of the bare route (per request it answered) and of this process (the load
 * generator, per request sent to either). `floor` is the floor of a cart write (floor.mjs,
 * ADR 062) instead of the shop: its two processes are reported as `floor`. Linux only.
 */
import { randomUUID } from 'node:crypto';
import { startFloor } from './floor.mjs';
import { measureHttp, startBare } from './http.mjs';
import { cartWriteSteps } from './paths.mjs';
import { createShoppers } from './shoppers.mjs';
import { BENCH_NATS_URL, benchDatabaseUrl, cpuTicks, shopTicks } from './stack.mjs';

const url = (process.env.BENCH_URL ?? 'http://127.0.0.1:8580').replace(/\/$/, '');
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const CLOCK_TICK_US = 10_000;

const which = (process.argv[2] ?? 'products,me,cart').split(',');
const shoppers = await createShoppers(url, 50, { withAddress: true, label: `cpu${Date.now()}` });
const { items: products } = await (await fetch(`${url}/api/products`)).json();
for (const s of shoppers) {
  for (const p of products.slice(0, 2)) {
    await fetch(`${url}/api/cart/items`, { method: 'POST', headers: { authorization: `Bearer ${s.token}`, 'content-type': 'application/json' }, body: JSON.stringify({ productId: p.id, quantity: 1 }) });
  }
}
if (which.includes('floor') && !which.includes('writes')) {
  // The floor reads the cart's copy of the plant, which only the shop's own add fills: one add and its removal.
  const headers = { authorization: `Bearer ${shoppers[0].token}`, 'content-type': 'application/json', 'idempotency-key': randomUUID() };
  const added = await (await fetch(`${url}/api/cart/items`, { method: 'POST', headers, body: JSON.stringify({ productId: products[2].id, quantity: 1 }) })).json();
  const line = added.cart.lines.find((l) => l.productId === products[2].id);
  await fetch(`${url}/api/cart/items/${line.id}`, { method: 'DELETE', headers: { authorization: headers.authorization, 'idempotency-key': randomUUID() } });
}
const perConnection = (i) => ({ token: shoppers[i % shoppers.length].token });
const signedIn = (path) => ({ perConnection, steps: [{ build: (c) => ({ path, headers: { authorization: `Bearer ${c.token}` } }) }] });
const web = { 'accept-encoding': 'br, gzip, deflate' };
const html = await (await fetch(`${url}/`)).text();
const script = html.match(/<script data-modules="([^" ]+\.js)/)?.[1] ?? html.match(/<script[^>]*\ssrc="([^"]+\.js)"/)?.[1];
const specs = {
  landing: { steps: [{ build: () => ({ path: '/', headers: web }) }] },
  script: { steps: [{ build: () => ({ path: script, headers: web }) }] },
  products: { steps: [{ build: () => ({ path: '/api/products' }) }] },
  me: signedIn('/api/me'),
  addresses: signedIn('/api/me/addresses'),
  orders: signedIn('/api/orders'),
  cart: signedIn('/api/cart'),
  writes: { perConnection, steps: cartWriteSteps(products[2]) },
  floor: { perConnection, steps: cartWriteSteps(products[2]) },
};
const floor = which.includes('floor') ? await startFloor({ natsUrl: BENCH_NATS_URL, databaseUrl: benchDatabaseUrl('cart') }) : null;
/** The shop's processes by app, and the floor's as `floor`. */
const ticks = () => {
  const byApp = shopTicks();
  if (floor) byApp.set('floor', floor.pids.reduce((sum, pid) => sum + cpuTicks(pid), 0));
  return byApp;
};
const bare = await startBare();
const usOf = (tickCount, requests) => Math.round((tickCount * CLOCK_TICK_US) / requests);
for (const name of which) {
  if (!specs[name]) throw new Error(`unknown path ${name}; one of ${Object.keys(specs).join(', ')}`);
  const before = ticks();
  const [bareBefore, selfBefore] = [cpuTicks(bare.pid), cpuTicks(process.pid)];
  const { figures } = await measureHttp({ url: name === 'floor' ? floor.url : url, bare, rounds: 1, seconds, connections: 50 }, { name, ...specs[name] });
  const after = ticks();
  const [bareAfter, selfAfter] = [cpuTicks(bare.pid), cpuTicks(process.pid)];
  const requests = figures.rps * seconds;
  const bareRequests = figures.bareRps * seconds;
  const cpu = [...after].map(([app, t]) => [app, usOf(t - (before.get(app) ?? 0), requests)]).filter(([, us]) => us > 0);
  console.log(`${name}: ${Math.round(figures.rps)} req/s, p99 ${figures.p99Ms} ms, ratio ${figures.ratio.toFixed(2)}, errors ${figures.errors}`);
  console.log(`  µs of CPU per request: ${cpu.map(([app, us]) => `${app} ${us}`).join(', ')}`);
  console.log(`  the bare route ${usOf(bareAfter - bareBefore, bareRequests)} per request it answered (${Math.round(figures.bareRps)} req/s); the load generator ${usOf(selfAfter - selfBefore, requests + bareRequests)} per request sent`);
}
await bare.stop();
await floor?.stop();
process.exit(0);
