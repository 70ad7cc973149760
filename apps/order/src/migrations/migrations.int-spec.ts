import pg from 'pg';
import { registeredEntities, schemaDrift } from '@jalaj/server-kit';
import { testDatabaseUrl } from '@jalaj/testing';
import { migrations } from './index.js';

/** The reconciler's bookkeeping: the only columns of `orders` whose change the Orders tab does not show. */
const BOOKKEEPING = ['next_check_at', 'check_count', 'updated_at'];
/** Columns written with the order and never changed, which the tab does not show (ADR 086's cart lines). */
const WRITTEN_ONCE = ['cart_line_ids'];

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

    it('is bumped by an update of every column of orders but the reconciler’s bookkeeping (and the cart lines, never updated)', async () => {
      const { rows } = await db.query<{ listed: string[]; columns: string[] }>(
        `select array(select a.attname::text from pg_attribute a where a.attrelid = t.tgrelid and a.attnum = any(t.tgattr) order by a.attname) as listed,
                array(select column_name::text from information_schema.columns where table_name = 'orders' order by column_name) as columns
           from pg_trigger t where t.tgname = 'orders_list_updated'`,
      );
      expect(rows[0]!.listed).toEqual(rows[0]!.columns.filter((c) => !BOOKKEEPING.includes(c) && !WRITTEN_ONCE.includes(c)));
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

  describe('the rules stay in TypeScript (ADR 067)', () => {
    beforeAll(connect);

    it('leaves no stored function in the database but the list version’s trigger', async () => {
      const { rows } = await db.query<{ name: string }>(
        `select p.proname::text as name from pg_proc p join pg_namespace n on n.oid = p.pronamespace
          where n.nspname = 'public' and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e') order by 1`,
      );
      expect(rows.map((r) => r.name)).toEqual(['order_list_changed']);
    });
  });
});
