#!/usr/bin/env node
/**
 * `npm run bench`: measures the shop's hot read paths on this machine and checks them
 * against the goals in docs/performance.md. Starts its own stack (fresh data, own ports)
 * unless BENCH_URL points at a running shop. Traffic goes only to that address, for a
 * bounded time per path.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 32);

/** Goals: p99 latency (ms) and throughput (requests/s) at the concurrency above. */
const GOALS = {
  'GET / (landing page)': { p99: 50, rps: 1000 },
  'GET /api/products': { p99: 100, rps: 500 },
  'GET /api/products/:id': { p99: 100, rps: 500 },
  'GET /media/…/card.webp': { p99: 100, rps: 300 },
  // Health really checks every service's database and NATS: it is for probes, not traffic.
  // It is on the BFF's ops port (BENCH_OPS_URL with BENCH_URL), not the shop's.
  'GET /health (ops port)': { p99: 1500, rps: 20 },
  // The Orders tab over 100,000 orders: the admin re-check and the customers are NATS
  // requests to identity, the page and its count are SQL on the order database.
  'GET /api/admin/orders': { p99: 500, rps: 100 },
  'GET /api/admin/orders?filters': { p99: 500, rps: 100 },
};

/** How many orders the Orders tab's paths are measured over. */
const ORDERS = Number(process.env.BENCH_ORDERS ?? 100_000);

async function startStack() {
  const port = 8580;
  const child = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      JALAJ_DATA_DIR: '.data/bench',
      JALAJ_FRESH: 'true',
      JALAJ_PORT_OFFSET: '600',
      JALAJ_POSTGRES_PORT: '5944',
      JALAJ_NATS_PORT: '4644',
      JALAJ_REDIS_PORT: '6799',
      JALAJ_S3_PORT: '4969',
      LOG_FORMAT: 'json',
      LOG_LEVEL: 'warn',
    },
  });
  await new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      if (out.includes('every service is ready')) resolve();
    });
    child.on('exit', (code) => reject(new Error(`the shop did not start (exit ${code})`)));
  });
  return { url: `http://127.0.0.1:${port}`, opsUrl: `http://127.0.0.1:${9080 + 600}`, orderDatabaseUrl: 'postgres://postgres:postgres@127.0.0.1:5944/jalaj_order', stop: () => new Promise((r) => (child.once('exit', r), child.kill('SIGTERM'))) };
}

/**
 * Fills the order database with `ORDERS` generated paid orders of one shopper, spread over
 * the last 60 days, a quarter of them shipped (one SQL statement; only for the bench's own
 * stack, or BENCH_ORDER_DATABASE_URL).
 */
async function seedOrders(databaseUrl, userId) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const address = JSON.stringify({ id: 'adr_bench', nickname: 'Home', fullName: 'Bench Shopper', phone: '9830012345', addressLine1: '12 Park Street', addressLine2: null, city: 'Kolkata', state: 'West Bengal', postalCode: '700016', country: 'India' });
    await client.query(
      `insert into orders (id, merchant_order_id, order_number, user_id, state, subtotal_paise, shipping_paise, total_paise,
                           shipping_address_id, shipping_address, billing_address_id, billing_address, checkout_hash, reservation_id,
                           expires_at, created_at, updated_at, paid_at, fulfilment_status)
       select 'ord_bench_' || lpad(i::text, 7, '0'), 'MO' || (1760000000000 + i) || lpad(i::text, 8, '0') || '_bnch', lpad(i::text, 8, '0'),
              $2, 'paid', 49800, 7500, 57300, 'adr_bench', $1::jsonb, 'adr_bench', $1::jsonb, 'bench', 'ord_bench_' || i,
              now(), now() - make_interval(secs => i * 51.84), now(), now() - make_interval(secs => i * 51.84),
              case when i % 4 = 0 then 'shipped' end
         from generate_series(1, $3::int) as i`,
      [address, userId, ORDERS],
    );
    await client.query(
      `insert into order_lines (order_id, product_id, position, product_name, quantity, unit_price_paise, discount_percent, discounted_unit_price_paise, line_total_paise)
       select o.id, 'prd_bench_' || p, p, 'Plant ' || p, 1, 24900, 0, 24900, 24900 from orders o cross join generate_series(0, 1) as p where o.id like 'ord_bench_%'`,
    );
    await client.query('analyze orders; analyze order_lines');
  } finally {
    await client.end();
  }
}

/** An access token of the demo account (`npm start` creates it). */
async function signIn(base, email, password) {
  const r = await fetch(`${base}/api/auth/sign-in`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
  if (!r.ok) throw new Error(`sign-in as ${email} failed: ${r.status}`);
  return (await r.json()).accessToken;
}

async function load(url, headers = {}) {
  const latencies = [];
  let errors = 0;
  const until = Date.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (Date.now() < until) {
        const t = performance.now();
        try {
          const r = await fetch(url, { headers });
          await r.arrayBuffer();
          if (!r.ok) errors++;
        } catch {
          errors++;
        }
        latencies.push(performance.now() - t);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const q = (p) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))];
  return { requests: latencies.length, rps: latencies.length / seconds, p50: q(0.5), p99: q(0.99), errors };
}

const stack = process.env.BENCH_URL
  ? { url: process.env.BENCH_URL.replace(/\/$/, ''), opsUrl: process.env.BENCH_OPS_URL?.replace(/\/$/, ''), stop: async () => {} }
  : await startStack();
let failed = 0;
try {
  const { items } = await (await fetch(`${stack.url}/api/products`)).json();
  const product = items[0];
  const image = product.imageUrls[0]?.replace(/large\.webp$/, 'card.webp');
  const orderDatabaseUrl = process.env.BENCH_ORDER_DATABASE_URL ?? stack.orderDatabaseUrl;
  let admin = null;
  if (orderDatabaseUrl) {
    const shopperToken = await signIn(stack.url, 'shopper@jalaj.shop', 'jalaj-shopper-2026');
    const shopper = await (await fetch(`${stack.url}/api/me`, { headers: { authorization: `Bearer ${shopperToken}` } })).json();
    await seedOrders(orderDatabaseUrl, shopper.id);
    admin = { authorization: `Bearer ${await signIn(stack.url, 'admin@jalaj.shop', 'jalaj-admin-2026')}` };
  }
  const targets = {
    'GET / (landing page)': '/',
    'GET /api/products': '/api/products',
    'GET /api/products/:id': `/api/products/${product.id}`,
    'GET /media/…/card.webp': image,
    'GET /health (ops port)': stack.opsUrl && `${stack.opsUrl}/health`,
    'GET /api/admin/orders': admin && '/api/admin/orders?page=1&pageSize=20',
    'GET /api/admin/orders?filters': admin && '/api/admin/orders?state=paid&fulfilment=shipped&from=2026-01-01&to=2099-12-31&page=200&pageSize=20',
  };
  console.log(`${seconds} s per path, ${concurrency} concurrent requests, against ${stack.url}${admin ? `; the Orders tab over ${ORDERS.toLocaleString('en-IN')} orders` : ''}\n`);
  console.log('path'.padEnd(32), 'req/s'.padStart(8), 'p50 ms'.padStart(8), 'p99 ms'.padStart(8), 'errors'.padStart(7), '  goal');
  for (const [name, p] of Object.entries(targets)) {
    if (!p) continue;
    const r = await load(p.startsWith('http') ? p : stack.url + p, name.includes('/api/admin/') ? admin : {});
    const goal = GOALS[name];
    const ok = r.errors === 0 && r.p99 <= goal.p99 && r.rps >= goal.rps;
    if (!ok) failed++;
    console.log(name.padEnd(32), r.rps.toFixed(0).padStart(8), r.p50.toFixed(1).padStart(8), r.p99.toFixed(1).padStart(8), String(r.errors).padStart(7), `  ${ok ? 'met' : 'MISSED'} (p99 ≤ ${goal.p99} ms, ≥ ${goal.rps} req/s)`);
  }
} finally {
  await stack.stop();
}
process.exit(failed ? 1 : 0);
