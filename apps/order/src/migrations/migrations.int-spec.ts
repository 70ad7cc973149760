import pg from 'pg';
import { registeredEntities, schemaDrift } from '@jalaj/server-kit';
import { testDatabaseUrl } from '@jalaj/testing';
import { DECIDED_COLUMNS } from '../checkout/checkout.repository.js';
import { migrations } from './index.js';

/** The reconciler's bookkeeping: the only columns of `orders` whose change the Orders tab does not show. */
const BOOKKEEPING = ['next_check_at', 'check_count', 'updated_at'];

/** The order service's migrations and entities describe the same schema (ADR 014). */
describe('order migrations', () => {
  const url = testDatabaseUrl('order_drift');

  it('match the entities its feature modules register', async () => {
    // Importing the app module declares every feature module, which registers its entities.
    await import('../app.module.js');
    expect(await schemaDrift({ service: 'order', entities: registeredEntities(), migrations }, url)).toBe('');
  });

  // The specs below use the database the spec above migrated: connected once it exists.
  const db = new pg.Client({ connectionString: url });
  let connected = false;
  const connect = async () => {
    if (!connected) await db.connect();
    connected = true;
  };
  afterAll(async () => {
    if (connected) await db.end();
  });
  const version = async () => BigInt((await db.query<{ v: string }>('select sum(version)::bigint::text as v from order_list_version')).rows[0]!.v);
  /** A pending order of 100 paise whose id, merchant order id and order number derive from `id`. */
  const newOrder = async (id: string) => {
    await db.query(
      `insert into orders (id, merchant_order_id, order_number, user_id, state, subtotal_paise, shipping_paise, total_paise, shipping_address_id, shipping_address,
         billing_address_id, billing_address, checkout_hash, reservation_id, expires_at)
       values ($1, 'MO_' || $1, $1, 'usr_d', 'pending', 100, 0, 100, 'adr_d', '{}', 'adr_d', '{}', 'h', 'rsv_' || $1, now() + interval '15 minutes')`,
      [id],
    );
  };

  describe('the Orders tab’s list version (ADR 058)', () => {
    beforeAll(connect);

    it('is bumped by an update of every column of orders but the reconciler’s bookkeeping', async () => {
      const { rows } = await db.query<{ listed: string[]; columns: string[] }>(
        `select array(select a.attname::text from pg_attribute a where a.attrelid = t.tgrelid and a.attnum = any(t.tgattr) order by a.attname) as listed,
                array(select column_name::text from information_schema.columns where table_name = 'orders' order by column_name) as columns
           from pg_trigger t where t.tgname = 'orders_list_updated'`,
      );
      expect(rows[0]!.listed).toEqual(rows[0]!.columns.filter((c) => !BOOKKEEPING.includes(c)));
    });

    it('moves once per transaction that changes what the tab shows, and not for the bookkeeping', async () => {
      await newOrder('ord_v');
      const start = await version();
      await db.query(`update orders set next_check_at = now(), check_count = check_count + 1, updated_at = now() where id = 'ord_v'`);
      expect(await version()).toBe(start);
      await db.query('begin');
      await db.query(`update orders set state = 'paid', paid_at = now() where id = 'ord_v'`);
      await db.query(`update orders set bill_number = 'B1' where id = 'ord_v'`);
      await db.query('commit');
      expect(await version()).toBe(start + 1n);
      await db.query(`update orders set archived_at = now() where id = 'ord_v'`);
      expect(await version()).toBe(start + 2n);
    });
  });

  describe('payment_decided, a decision’s writes in one statement (ADR 060)', () => {
    beforeAll(connect);
    const decided = async (id: string, changes: object, events: object[] = [], bill: object | null = null) =>
      (await db.query<{ d: { bill_number: string | null } | null }>('select payment_decided($1, $2::jsonb, $3::jsonb, $4::jsonb) as d', [id, changes, JSON.stringify(events), bill])).rows[0]!.d;
    const row = async (id: string) => (await db.query<Record<string, unknown>>('select * from orders where id = $1', [id])).rows[0]!;

    it('writes every column a decision may change', async () => {
      await newOrder('ord_all');
      const values: Record<string, unknown> = {
        state: 'refund_pending',
        reservation_id: 'rsv_late',
        transaction_id: 'T9',
        payment_mode: 'UPI_QR',
        error_code: 'STOCK_GONE',
        error_message: 'gone',
        reported_amount_paise: 99,
        paid_at: '2026-11-28T10:00:00.000Z',
        merchant_refund_id: 'MR_all',
        refund_paise: 100,
        refund_state: 'PENDING',
        refund_requested_at: '2026-11-28T10:01:00.000Z',
        refunded_at: '2026-11-28T10:02:00.000Z',
        next_check_at: '2026-11-28T10:03:00.000Z',
        check_count: 4,
      };
      expect(Object.values(DECIDED_COLUMNS).sort()).toEqual(Object.keys(values).sort());
      expect(await decided('ord_all', values)).toEqual({ bill_number: null });
      const after = await row('ord_all');
      const read = (v: unknown, like: unknown) => (v instanceof Date ? v.toISOString() : typeof like === 'number' ? Number(v) : v);
      for (const [column, value] of Object.entries(values)) expect([column, read(after[column], value)]).toEqual([column, value]);
    });

    it('a paid decision: the order updated once with its bill number, its event written, the list version moved once', async () => {
      await newOrder('ord_paid');
      const [serial] = (await db.query<{ n: number }>(`select coalesce((select last_serial from bill_serials where financial_year = '90-91'), 0) as n`)).rows;
      const start = await version();
      const event = { id: 'evt_paid_1', subject: 'evt.order.order.paid.v1', envelope: { id: 'evt_paid_1', data: { orderId: 'ord_paid' } }, headers: { 'x-correlation-id': 'c1' } };
      // Updates of orders this session has counted and not yet reported (they may include earlier transactions').
      const updated = async () => (await db.query<{ n: number }>(`select coalesce((select n_tup_upd::int from pg_stat_xact_user_tables where relname = 'orders'), 0) as n`)).rows[0]!.n;
      await db.query('begin');
      const before = await updated();
      const answer = await decided('ord_paid', { state: 'paid', paid_at: new Date().toISOString(), next_check_at: new Date(Date.now() + 15_000).toISOString() }, [event], {
        year: '90-91',
        head: 'JLJ/90-91/',
        digits: 6,
        limit: 1_000_000,
      });
      const updates = (await updated()) - before;
      await db.query('commit');
      const expected = `JLJ/90-91/${String(serial!.n + 1).padStart(6, '0')}`;
      expect(answer).toEqual({ bill_number: expected });
      expect(updates).toBe(1);
      expect(await row('ord_paid')).toMatchObject({ state: 'paid', bill_number: expected, next_check_at: null });
      expect((await db.query(`select subject, envelope, headers, published_at from outbox_message where id = 'evt_paid_1'`)).rows).toEqual([
        { subject: event.subject, envelope: event.envelope, headers: event.headers, published_at: null },
      ]);
      expect(await version()).toBe(start + 1n);
      // Decided again (the reconciler's look): the number stays, the serial is not used.
      expect(await decided('ord_paid', {}, [], { year: '90-91', head: 'JLJ/90-91/', digits: 6, limit: 1_000_000 })).toEqual({ bill_number: expected });
      expect((await db.query(`select last_serial from bill_serials where financial_year = '90-91'`)).rows).toEqual([{ last_serial: serial!.n + 1 }]);
    });

    it('a serial that no longer fits leaves the paid order without a number and due; bookkeeping alone does not move the list version', async () => {
      await newOrder('ord_full');
      await db.query(`insert into bill_serials (financial_year, last_serial) values ('91-92', 9) on conflict (financial_year) do update set last_serial = 9`);
      const due = new Date(Date.now() + 15_000).toISOString();
      expect(await decided('ord_full', { state: 'paid', paid_at: new Date().toISOString(), next_check_at: due }, [], { year: '91-92', head: 'X/91-92/', digits: 1, limit: 10 })).toEqual({
        bill_number: null,
      });
      expect(await row('ord_full')).toMatchObject({ state: 'paid', bill_number: null, next_check_at: new Date(due) });
      const start = await version();
      await decided('ord_full', { next_check_at: null, check_count: 2 });
      expect(await row('ord_full')).toMatchObject({ next_check_at: null, check_count: 2 });
      expect(await version()).toBe(start);
      expect(await decided('ord_none', { state: 'paid' })).toBeNull();
    });
  });
});
