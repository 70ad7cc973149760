import { MikroORM } from '@mikro-orm/core';
import { testDatabaseUrl } from '@jalaj/testing';
import { ormOptions } from './database.module.js';
import { packedTransaction } from './packed-transaction.js';

/** A transaction in two round trips on the ORM's pool (ADR 060). */
describe('packedTransaction (real PostgreSQL)', () => {
  let orm: MikroORM;
  const sql = (text: string, values: unknown[] = []) => orm.em.fork().getConnection().execute(text, values, 'all') as Promise<Record<string, unknown>[]>;

  beforeAll(async () => {
    orm = await MikroORM.init(ormOptions({ service: 'kit', entities: [], migrations: [] }, testDatabaseUrl('kit')) as never);
    await sql('create table if not exists spec_packed (id text primary key, note text, doc jsonb, at timestamptz)');
  });

  beforeEach(() => sql('delete from spec_packed'));

  afterAll(async () => {
    await sql('drop table if exists spec_packed');
    await orm.close(true);
  });

  it('sends the first statement with BEGIN and the last with COMMIT, values as literals, rows parsed as the ORM parses them', async () => {
    const note = `O'Brien \\ "quoted"; drop table spec_packed; --`;
    const committed = await packedTransaction(orm.em, async (tx) => {
      const [first] = await tx.begin<{ id: string; xid: string }>(`insert into spec_packed (id, note) values ($1, $2) returning id, txid_current()::text as xid`, ['a', note]);
      // One transaction: statements outside one would each have their own.
      const [middle] = await tx.query<{ n: number; xid: string }>('select count(*)::int as n, txid_current()::text as xid from spec_packed where note = $1', [note]);
      expect(middle).toEqual({ n: 1, xid: first!.xid });
      return tx.commit<{ doc: unknown; at: string }>(`update spec_packed set doc = $2::jsonb, at = $3 where id = $1 returning doc, at`, ['a', { lines: [1, 2], who: "it's" }, new Date('2026-11-28T10:00:00Z')]);
    });
    expect(committed).toEqual(await sql(`select doc, at from spec_packed where id = 'a'`));
    expect(committed[0]!.doc).toEqual({ lines: [1, 2], who: "it's" });
    expect(new Date(committed[0]!.at)).toEqual(new Date('2026-11-28T10:00:00Z'));
    expect(await sql('select id, note from spec_packed')).toEqual([{ id: 'a', note }]);
  });

  it('rolls back when the work throws, when the last statement fails, and when it never commits', async () => {
    await expect(
      packedTransaction(orm.em, async (tx) => {
        await tx.begin(`insert into spec_packed (id) values ($1)`, ['thrown']);
        throw new Error('catalog did not answer');
      }),
    ).rejects.toThrow('catalog did not answer');
    await expect(
      packedTransaction(orm.em, async (tx) => {
        await tx.begin(`insert into spec_packed (id) values ($1)`, ['failed']);
        await tx.commit(`insert into spec_packed (id) values ($1)`, ['failed']);
      }),
    ).rejects.toThrow(/duplicate key/);
    await packedTransaction(orm.em, (tx) => tx.begin(`insert into spec_packed (id) values ($1)`, ['left']));
    expect(await sql('select id from spec_packed')).toEqual([]);
  });

  it('holds a row lock from its first statement to its commit', async () => {
    await sql(`insert into spec_packed (id, note) values ('locked', 'before')`);
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let locked!: () => void;
    const isLocked = new Promise<void>((r) => (locked = r));
    const first = packedTransaction(orm.em, async (tx) => {
      await tx.begin(`select id from spec_packed where id = $1 for update`, ['locked']);
      locked();
      await held;
      await tx.commit(`update spec_packed set note = note || ' first' where id = $1`, ['locked']);
    });
    await isLocked;
    const second = packedTransaction(orm.em, async (tx) => {
      await tx.begin(`select id from spec_packed where id = $1 for update`, ['locked']);
      await tx.commit(`update spec_packed set note = note || ' second' where id = $1`, ['locked']);
    });
    // The second waits for the first's commit: were it not, its note would come first.
    await new Promise((r) => setTimeout(r, 100));
    release();
    await Promise.all([first, second]);
    expect(await sql(`select note from spec_packed where id = 'locked'`)).toEqual([{ note: 'before first second' }]);
  });

  it('gives its connection back: more transactions than the pool has connections run one after another', async () => {
    for (let i = 0; i < 25; i++) await packedTransaction(orm.em, (tx) => tx.begin('select 1').then(() => tx.commit(`insert into spec_packed (id) values ($1)`, [`n${i}`])));
    expect(await sql('select count(*)::int as n from spec_packed')).toEqual([{ n: 25 }]);
  });
});
