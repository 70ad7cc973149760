import pg from 'pg';
import type { OrderExportRow, Result } from '@jalaj/contracts';
import { RpcClient } from '@jalaj/server-kit';
import { httpClient, startTestShop, testDatabaseUrl, TEST_ADMIN, type TestShop } from '@jalaj/testing';
import { encodeCursor } from './order-export.js';

type Batch = Result<{ rows: OrderExportRow[]; next: string | null }>;

/**
 * Generated orders: enough for batches deep in the list and for ties at every offset.
 * Speed over 100,000 orders is the bench's to measure (docs/performance.md), not this spec's.
 */
const ORDERS = 20_000;
/**
 * The CSV export's batches over 20,000 generated orders (two lines each) in the order
 * service's real database, asked over NATS as the BFF asks them: a batch deep in the list
 * is as full as the first (keyset, not offset), and orders created in the same
 * microsecond are neither lost nor repeated across batches.
 */
describe('order export over 20,000 orders (real processes)', () => {
  let shop: TestShop;
  let orderDb: pg.Pool;
  let rpc: RpcClient;
  let actor: { id: string; role: 'admin' };
  const orderDatabaseUrl = testDatabaseUrl('order');

  beforeAll(async () => {
    shop = await startTestShop({ services: ['identity', 'order'], serviceEnv: { order: { DATABASE_URL: orderDatabaseUrl } } });
    orderDb = new pg.Pool({ connectionString: orderDatabaseUrl, max: 2 });
    rpc = RpcClient.standalone({ url: process.env.NATS_URL!, name: 'order-export-spec' });
    const call = httpClient(shop.base);
    const token = (await call('POST', '/api/auth/sign-in', { body: TEST_ADMIN })).body.accessToken as string;
    actor = { id: (await call('GET', '/api/me', { token })).body.id as string, role: 'admin' };
    // Three orders share each creation time, so the keyset's tie-break on the id is exercised.
    // Every 7th sale is partly refunded (₹100 back), so the refund and revenue columns are not the totals.
    await orderDb.query(
      `insert into orders (id, merchant_order_id, order_number, user_id, state, subtotal_paise, shipping_paise, total_paise, refunded_paise,
                           shipping_address_id, shipping_address, billing_address_id, billing_address, checkout_hash, reservation_id,
                           expires_at, created_at, updated_at, paid_at, fulfilment_status)
       select 'ord_gen_' || lpad(i::text, 6, '0'), 'MO' || (1763800000000 + i) || lpad(i::text, 8, '0') || '_gen0', lpad(i::text, 8, '0'),
              'usr_gen_' || (i % 40), case when i % 10 = 0 then 'failed' when i % 7 = 0 then 'partly_refunded' else 'paid' end, 49800, 7500, 57300,
              case when i % 10 <> 0 and i % 7 = 0 then 10000 else 0 end,
              'adr_1', $1::jsonb, 'adr_1', $1::jsonb, 'hash', 'ord_gen_' || i,
              now(), timestamptz '2026-11-22 10:00:00.123456+00' - make_interval(secs => (i / 3) * 60), now(), null,
              case when i % 4 = 0 then 'shipped' end
         from generate_series(1, $2::int) as i`,
      [JSON.stringify({ id: 'adr_1', nickname: 'Home', fullName: 'Ananya Sen', phone: '9830012345', addressLine1: '12 Park Street', addressLine2: null, city: 'Kolkata', state: 'West Bengal', postalCode: '700016', country: 'India' }), ORDERS],
    );
    await orderDb.query(
      `insert into order_lines (order_id, product_id, position, product_name, quantity, unit_price_paise, discount_percent, discounted_unit_price_paise, line_total_paise)
       select o.id, 'prd_' || p, p, 'Plant ' || p, 1, 24900, 0, 24900, 24900 from orders o cross join generate_series(0, 1) as p where o.id like 'ord_gen_%'`,
    );
    await orderDb.query('analyze orders; analyze order_lines');
  }, 180000);

  afterAll(async () => {
    await rpc?.close();
    await orderDb?.end();
    await shop?.stop();
  });

  const batch = (after: string | null, limit: number, filter: Record<string, unknown> = {}): Promise<Batch> => rpc.request('rpc.order.admin.export', { actor, filter, after, limit });
  async function rows(after: string | null, limit: number, filter: Record<string, unknown> = {}) {
    const reply = await batch(after, limit, filter);
    if (!reply.ok) throw new Error(JSON.stringify(reply.error));
    return reply.data;
  }
  /** The cursor right after the `n`-th newest order (1-based), read from the database. */
  async function afterOrder(n: number) {
    const [row] = (
      await orderDb.query<{ id: string; created_key: string }>(
        `select id, to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as created_key from orders order by created_at desc, id desc offset $1 limit 1`,
        [n - 1],
      )
    ).rows;
    return encodeCursor({ createdAt: row!.created_key, orderId: row!.id, position: 1 });
  }

  // Speed is `npm run bench`'s to check (docs/performance.md); this checks what the batches hold.
  it('answers full batches at the start and near the end, and filtered ones', async () => {
    const first = await rows(null, 1000);
    const deep = await rows(await afterOrder(ORDERS - 1000), 1000);
    expect(first.rows).toHaveLength(1000);
    expect(deep.rows).toHaveLength(1000);
    // Filtered to a rarer set (paid, shipped, three India days) deep in the list.
    const filtered = await rows(null, 1000, { state: 'paid', fulfilment: 'shipped', from: '2026-11-18', to: '2026-11-20' });
    expect(filtered.rows.length).toBeGreaterThan(0);
    // `paid` lists the sales: partly refunded ones too (ADR 074).
    expect(filtered.rows.every((r) => (r.state === 'paid' || r.state === 'partly_refunded') && r.fulfilmentStatus === 'shipped')).toBe(true);
  }, 60000);

  it('gives each order’s amounts once, so every amount column of a day sums to the orders’ own sums', async () => {
    const filter = { from: '2026-11-20', to: '2026-11-20' };
    const all: OrderExportRow[] = [];
    let after: string | null = null;
    do {
      const b: { rows: OrderExportRow[]; next: string | null } = await rows(after, 333, filter);
      all.push(...b.rows);
      after = b.next;
    } while (after);
    const [db] = (
      await orderDb.query<{ orders: number; subtotal: string; shipping: string; total: string; refunded: string; revenue: string }>(
        `select count(*)::int as orders, sum(subtotal_paise) as subtotal, sum(shipping_paise) as shipping, sum(total_paise) as total, sum(refunded_paise) as refunded,
                sum(case when state in ('paid', 'partly_refunded') then total_paise - refunded_paise else 0 end) as revenue
           from orders where created_at >= timestamptz '2026-11-20 00:00+05:30' and created_at < timestamptz '2026-11-21 00:00+05:30' and archived_at is null`,
      )
    ).rows;
    expect(db!.orders).toBeGreaterThan(100);
    expect(Number(db!.refunded)).toBeGreaterThan(0);
    const sum = (pick: (r: OrderExportRow) => number | null) => all.reduce((t, r) => t + (pick(r) ?? 0), 0);
    expect(all.filter((r) => r.orderTotalPaise !== null)).toHaveLength(db!.orders);
    expect(sum((r) => r.lineTotalPaise)).toBe(Number(db!.subtotal));
    expect(sum((r) => r.shippingPaise)).toBe(Number(db!.shipping));
    expect(sum((r) => r.orderTotalPaise)).toBe(Number(db!.total));
    expect(sum((r) => r.lineTotalPaise) + sum((r) => r.shippingPaise) + sum((r) => r.roundingPaise)).toBe(Number(db!.total));
    expect(sum((r) => r.refundPaise)).toBe(Number(db!.refunded));
    expect(sum((r) => r.revenuePaise)).toBe(Number(db!.revenue));
  }, 60000);

  it('walks across orders that share a creation time without losing or repeating a line', async () => {
    const start = await afterOrder(5000);
    const big = await rows(start, 600);
    const walked: OrderExportRow[] = [];
    let after: string | null = start;
    // Batches of 7 lines split orders (2 lines each) and ties (3 orders per time) at every offset.
    while (walked.length < big.rows.length) {
      const b = await rows(after, 7);
      walked.push(...b.rows);
      after = b.next;
    }
    expect(walked.slice(0, big.rows.length)).toEqual(big.rows);
    const keys = big.rows.map((r) => `${r.merchantOrderId}/${r.productName}`);
    expect(new Set(keys).size).toBe(keys.length);
  }, 60000);
});
