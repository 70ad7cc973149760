/**
 * The bench's Orders tab part (issue #12, docs/adr/021-orders-tab-at-scale.md): seeds
 * 100,000 orders of 20 shoppers into the bench stack's order database, then measures
 * `GET /api/admin/orders` as the admin at `ctx.connections` connections: the first page, a
 * search by customer email and by order number prefix, and a deep filtered page.
 *
 * Only for a stack of its own (`npm run bench`, or one you started): it writes straight
 * into that stack's order database (ids `ord_bench_…`, replaced on every run).
 */
import autocannon from 'autocannon';
import pg from 'pg';
import { pathToFileURL } from 'node:url';
import { measureHttp } from './http.mjs';

/** How many orders the Orders tab is measured over. */
const ORDERS = Number(process.env.BENCH_ORDERS ?? 100_000);
/** How many shopper accounts own them. */
const SHOPPERS = 20;
const SHOPPER_PASSWORD = 'bench-shopper-2026';
const shopperEmail = (n) => `bench-shopper-${String(n).padStart(2, '0')}@jalaj.shop`;

const GOALS = [
  { figure: 'p99Ms', max: 50 },
  { figure: 'errors', max: 0 },
];

/** India day (YYYY-MM-DD) of `ms`. */
const indiaDay = (ms) => new Date(ms + 5.5 * 3600_000).toISOString().slice(0, 10);

export async function withClient(url, fn) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** The bench's shopper accounts (signed up through the API once), by id. */
async function shoppers(ctx) {
  for (let n = 1; n <= SHOPPERS; n++) {
    const r = await fetch(`${ctx.url}/api/auth/sign-up`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: shopperEmail(n), password: SHOPPER_PASSWORD, fullName: `Bench Shopper ${n}` }),
    });
    // EMAIL_TAKEN: an earlier run on this stack made it.
    if (!r.ok && r.status !== 409) throw new Error(`sign-up of ${shopperEmail(n)} failed: ${r.status} ${await r.text()}`);
  }
  const emails = Array.from({ length: SHOPPERS }, (_, i) => shopperEmail(i + 1));
  const rows = await withClient(ctx.databaseUrl('identity'), async (c) => (await c.query('select id, email from users where lower(email) = any($1) order by email', [emails])).rows);
  if (rows.length !== SHOPPERS) throw new Error(`expected ${SHOPPERS} bench shoppers in identity, found ${rows.length}`);
  return rows.map((r) => r.id);
}

/**
 * `orders` orders over the last `days` days, newest `ord_bench_0000001`: 80% paid (their
 * fulfilment spread over not started, processing, packed, shipped, delivered, cancelled,
 * with the matching steps), 10% pending, 10% failed; 1–3 lines each; spread over the
 * shoppers `userIds`. With `plants`, the lines name the console's plants
 * (`prd_bench_c0001`…), spread over them unevenly so some sell more (the best sellers);
 * else three generic ones. Replaces the orders an earlier seeding made.
 */
export async function seedOrders(ctx, userIds, { orders = ORDERS, days = 60, plants = 0 } = {}) {
  const address = JSON.stringify({ id: 'adr_bench', nickname: 'Home', fullName: 'Bench Shopper', phone: '9830012345', addressLine1: '12 Park Street', addressLine2: null, city: 'Kolkata', state: 'West Bengal', postalCode: '700016', country: 'India' });
  await withClient(ctx.databaseUrl('order'), async (c) => {
    await c.query(`delete from orders where id like 'ord_bench_%'`);
    await c.query(
      `insert into orders (id, merchant_order_id, order_number, user_id, state, subtotal_paise, shipping_paise, total_paise,
                           shipping_address_id, shipping_address, billing_address_id, billing_address, checkout_hash, reservation_id,
                           transaction_id, payment_mode, error_code, bill_number,
                           expires_at, created_at, updated_at, paid_at, fulfilment_status)
       select 'ord_bench_' || lpad(i::text, 7, '0'), 'MO' || (1760000000000 + i) || n || '_bnch', n,
              ($2::text[])[1 + i % array_length($2::text[], 1)], s, 24900 * (1 + i % 3), 7500, 24900 * (1 + i % 3) + 7500,
              'adr_bench', $1::jsonb, 'adr_bench', $1::jsonb, 'bench', 'ord_bench_' || i,
              case when s = 'paid' then 'OM' || n || 'T' || i end, case when s = 'paid' then 'UPI_QR' end,
              case when s = 'failed' then 'PAYMENT_DECLINED' end, case when s = 'paid' then 'BEN/25-26/' || lpad(i::text, 6, '0') end,
              t + interval '15 minutes', t, t, case when s = 'paid' then t + interval '1 minute' end,
              case when s = 'paid' then (array[null, 'processing', 'packed', 'shipped', 'shipped', 'delivered', 'delivered', 'cancelled'])[1 + (i / 10) % 8] end
         from generate_series(1, $3::int) as i,
              lateral (select substr(md5('bench' || i), 1, 8) as n,
                              case i % 10 when 3 then 'pending' when 7 then 'failed' else 'paid' end as s,
                              now() - make_interval(secs => (i * ($4::float8 * 86400 / $3::int) + (i * 7919) % 40)::float8) as t) as x`,
      [address, userIds, orders, days],
    );
    // A line's plant: the p-th of the order's, squared into the low numbers so a few plants sell most; distinct within an order.
    await c.query(
      `insert into order_lines (order_id, product_id, position, product_name, quantity, unit_price_paise, discount_percent, discounted_unit_price_paise, line_total_paise)
       select o.id, case when $1::int > 0 then 'prd_bench_c' || lpad(k::text, 4, '0') else 'prd_bench_' || p end, p,
              case when $1::int > 0 then 'Bench plant ' || k else 'Rotala Bench ' || p end, 1, 24900, 0, 24900, 24900
         from orders o cross join lateral generate_series(0, (o.subtotal_paise / 24900)::int - 1) as p,
              lateral (select 1 + (((('x' || substr(md5(o.id), 1, 8))::bit(32)::bigint % 1000) ^ 2 / 1000)::int * 3 + p) % greatest($1::int, 1) as k) as x
        where o.id like 'ord_bench_%'`,
      [plants],
    );
    await c.query(
      `insert into order_fulfilment_events (id, order_id, status, courier, tracking_number, created_by, created_at)
       select 'ful_' || substr(o.id, 5) || '_' || k, o.id, step,
              case when step = 'shipped' then 'India Post' end, case when step = 'shipped' then 'EK' || substr(o.id, 11) || 'IN' end,
              'usr_bench_admin', o.created_at + make_interval(hours => k::int)
         from orders o
         cross join lateral unnest(case o.fulfilment_status
                 when 'processing' then array['processing']
                 when 'packed' then array['processing', 'packed']
                 when 'shipped' then array['processing', 'packed', 'shipped']
                 when 'delivered' then array['processing', 'packed', 'shipped', 'delivered']
                 when 'cancelled' then array['processing', 'cancelled'] end) with ordinality as s(step, k)
        where o.id like 'ord_bench_%' and o.fulfilment_status is not null`,
    );
    // A long-lived database is vacuumed by autovacuum: its visibility map lets counts read the index only.
    await c.query('vacuum analyze orders');
    await c.query('vacuum analyze order_lines');
    await c.query('vacuum analyze order_fulfilment_events');
  });
}

/** One autocannon run; errors count failed connections, timeouts and every non-2xx answer. */
async function measure(ctx, path, headers) {
  const url = ctx.url + path;
  // Warm-up: the first answers pay for connections, JIT and caches, not the steady state.
  await autocannon({ url, headers, connections: Math.min(4, ctx.connections), amount: 40 });
  const r = await autocannon({ url, headers, connections: ctx.connections, duration: ctx.seconds });
  return {
    rps: Math.round(r.requests.average),
    p50Ms: r.latency.p50,
    p99Ms: r.latency.p99,
    errors: r.errors + r.timeouts + r.non2xx,
  };
}

/** @param ctx see scripts/bench (the lead's runner) */
export async function bench(ctx) {
  ctx.log(`orders: seeding ${ORDERS.toLocaleString('en-IN')} orders of ${SHOPPERS} shoppers`);
  const userIds = await shoppers(ctx);
  const started = Date.now();
  await seedOrders(ctx, userIds);
  ctx.log(`orders: seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  const headers = { authorization: `Bearer ${await ctx.signIn('admin@jalaj.shop', 'jalaj-admin-2026')}` };
  const prefix = await withClient(ctx.databaseUrl('order'), async (c) => (await c.query(`select substr(order_number, 1, 3) as p from orders where id = 'ord_bench_0004242'`)).rows[0].p);
  const now = Date.now();
  const targets = [
    ['GET /api/admin/orders (first page)', '/api/admin/orders?page=1&pageSize=20'],
    ['GET /api/admin/orders?q=<customer email>', `/api/admin/orders?q=${encodeURIComponent(shopperEmail(7))}&page=1&pageSize=20`],
    ['GET /api/admin/orders?q=<order number prefix>', `/api/admin/orders?q=%23${prefix}&page=1&pageSize=20`],
    [
      'GET /api/admin/orders?state&fulfilment&from&to, page 100',
      `/api/admin/orders?state=paid&fulfilment=shipped&from=${indiaDay(now - 50 * 86_400_000)}&to=${indiaDay(now)}&page=100&pageSize=20`,
    ],
  ];
  const rows = [];
  for (const [name, path] of targets) {
    // Under the runner: against the bare route, as every path; alone: autocannon only.
    const measured = ctx.bare ? await measureHttp(ctx, { name, steps: [{ build: () => ({ path, headers }) }] }) : { figures: await measure(ctx, path, headers) };
    ctx.log(`${name}: ${JSON.stringify(measured.figures)}`);
    rows.push({ name, figures: measured.figures, goals: GOALS, note: measured.note ?? `over ${ORDERS.toLocaleString('en-IN')} orders` });
  }
  return rows;
}

/** A context for running one bench part alone against a stack you started (BENCH_URL, BENCH_DB_<SERVICE>). */
export function standaloneContext() {
  const url = (process.env.BENCH_URL ?? 'http://127.0.0.1:8580').replace(/\/$/, '');
  return {
    url,
    opsUrl: process.env.BENCH_OPS_URL,
    databaseUrl: (service) => {
      const v = process.env[`BENCH_DB_${service.toUpperCase()}`];
      if (!v) throw new Error(`set BENCH_DB_${service.toUpperCase()} to the stack's ${service} database URL`);
      return v;
    },
    connections: Number(process.env.BENCH_CONNECTIONS ?? 50),
    seconds: Number(process.env.BENCH_SECONDS ?? 10),
    signIn: async (email, password) => {
      const r = await fetch(`${url}/api/auth/sign-in`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
      if (!r.ok) throw new Error(`sign-in as ${email} failed: ${r.status}`);
      return (await r.json()).accessToken;
    },
    log: (line) => console.error(line),
  };
}

/** Runs one bench part alone and prints its rows. */
export async function runAlone(part) {
  for (const row of await part(standaloneContext())) {
    const missed = row.goals.filter((g) => (g.max !== undefined && row.figures[g.figure] > g.max) || (g.min !== undefined && row.figures[g.figure] < g.min));
    console.log(`${row.name.padEnd(64)} ${JSON.stringify(row.figures)} ${missed.length ? 'MISSED' : 'met'}`);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) await runAlone(bench);
