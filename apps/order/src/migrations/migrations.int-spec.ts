import pg from 'pg';
import { registeredEntities, schemaDrift } from '@jalaj/server-kit';
import { testDatabaseUrl } from '@jalaj/testing';
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

  // On the database the spec above migrated.
  describe('the Orders tab’s list version (ADR 058)', () => {
    let db: pg.Client;
    beforeAll(async () => {
      db = new pg.Client({ connectionString: url });
      await db.connect();
    });
    afterAll(() => db.end());
    const version = async () => (await db.query<{ v: string }>('select sum(version)::bigint::text as v from order_list_version')).rows[0]!.v;

    it('is bumped by an update of every column of orders but the reconciler’s bookkeeping', async () => {
      const { rows } = await db.query<{ listed: string[]; columns: string[] }>(
        `select array(select a.attname::text from pg_attribute a where a.attrelid = t.tgrelid and a.attnum = any(t.tgattr) order by a.attname) as listed,
                array(select column_name::text from information_schema.columns where table_name = 'orders' order by column_name) as columns
           from pg_trigger t where t.tgname = 'orders_list_updated'`,
      );
      expect(rows[0]!.listed).toEqual(rows[0]!.columns.filter((c) => !BOOKKEEPING.includes(c)));
    });

    it('moves once per transaction that changes what the tab shows, and not for the bookkeeping', async () => {
      await db.query(
        `insert into orders (id, merchant_order_id, order_number, user_id, state, subtotal_paise, shipping_paise, total_paise, shipping_address_id, shipping_address,
           billing_address_id, billing_address, checkout_hash, reservation_id, expires_at)
         values ('ord_v', 'MO_v', 'V1', 'usr_v', 'pending', 100, 0, 100, 'adr_v', '{}', 'adr_v', '{}', 'h', 'rsv_v', now() + interval '15 minutes')`,
      );
      const start = BigInt(await version());
      await db.query(`update orders set next_check_at = now(), check_count = check_count + 1, updated_at = now() where id = 'ord_v'`);
      expect(BigInt(await version())).toBe(start);
      await db.query('begin');
      await db.query(`update orders set state = 'paid', paid_at = now() where id = 'ord_v'`);
      await db.query(`update orders set bill_number = 'B1' where id = 'ord_v'`);
      await db.query('commit');
      expect(BigInt(await version())).toBe(start + 1n);
      await db.query(`update orders set archived_at = now() where id = 'ord_v'`);
      expect(BigInt(await version())).toBe(start + 2n);
    });
  });
});
