import { MikroORM } from '@mikro-orm/core';
import { testDatabaseUrl } from '@jalaj/testing';
import { ormOptions } from './database.module.js';
import { prepared, runPrepared, runSql } from './prepared-statements.js';

/** Hot statements run as named, prepared statements on the ORM's own pool. */
describe('prepared statements (real PostgreSQL)', () => {
  let orm: MikroORM;
  const statement = prepared('spec_sum', `select $1::int + $2::int as n, $3::text as label, timestamptz '2026-11-23 10:00:00+05:30' as at, 12345678901::bigint as big`);

  beforeAll(async () => {
    orm = await MikroORM.init(ormOptions({ service: 'kit', entities: [], migrations: [] }, testDatabaseUrl('kit')) as never);
  });

  afterAll(async () => {
    await orm.close(true);
  });

  const preparedOnThePoolsConnection = async () => {
    const pool = await (orm.em.getConnection() as unknown as { getNativeClient(): Promise<import('pg').Pool> }).getNativeClient();
    const client = await pool.connect();
    try {
      return (await client.query(`select statement from pg_prepared_statements where name = $1`, [statement.name])).rows;
    } finally {
      client.release();
    }
  };

  it('answers with the ORM’s type parsing, from a statement prepared on the connection', async () => {
    for (let i = 0; i < 3; i++) {
      const [row] = await runPrepared(orm.em.fork(), statement, [i, 2, `it's ${i}`]);
      const [viaOrm] = await orm.em.fork().getConnection().execute(statement.text.replace(/\$\d/g, '?'), [i, 2, `it's ${i}`]);
      expect(row).toEqual(viaOrm);
      expect(row).toMatchObject({ n: i + 2, label: `it's ${i}` });
    }
    expect(await preparedOnThePoolsConnection()).toEqual([{ statement: statement.text }]);
  });

  it('runs inside the caller’s transaction when there is one', async () => {
    await orm.em.fork().transactional(async (em) => {
      await runSql(em, 'create temporary table spec_seen (v int) on commit drop');
      await runSql(em, 'insert into spec_seen values ($1)', [7]);
      const seen = prepared('spec_seen', 'select v, $2::text as label from spec_seen where v = $1');
      expect(await runPrepared(em, seen, [7, 'in the transaction'])).toEqual([{ v: 7, label: 'in the transaction' }]);
    });
  });

  it('reads an array parameter the same inside a transaction as on the pool', async () => {
    const pair = prepared('spec_arrays', 'select array_length($1::text[], 1) as n, $1::text[] as texts, $2::integer[] as counts');
    const values = [['a', `it's "quoted"`, 'back\\slash'], [3, 4]];
    const expected = { n: 3, texts: values[0], counts: [3, 4] };
    expect(await runPrepared(orm.em.fork(), pair, values)).toEqual([expected]);
    const empty = { n: null, texts: [], counts: [] };
    expect(await runPrepared(orm.em.fork(), pair, [[], []])).toEqual([empty]);
    await orm.em.fork().transactional(async (em) => {
      expect(await runPrepared(em, pair, values)).toEqual([expected]);
      expect(await runPrepared(em, pair, [[], []])).toEqual([empty]);
    });
  });

  it('binds values as parameters, never as text: quotes, placeholders and comment marks stay values', async () => {
    const tricky = `it's $1 -- not a comment; ' or 1=1 --`;
    const [row] = await runSql<{ v: string; n: number; same: boolean }>(orm.em.fork(), 'select $1::text as v, $2::int as n, $1::text = $3::text as same', [tricky, 5, tricky]);
    expect(row).toEqual({ v: tricky, n: 5, same: true });
  });

  it('runs on the transaction of the entity manager it is given, and its writes go with a rollback', async () => {
    await runSql(orm.em.fork(), 'create table if not exists spec_bound (v text)');
    await runSql(orm.em.fork(), 'truncate spec_bound');
    await expect(
      orm.em.fork().transactional(async (em) => {
        await runSql(em, 'insert into spec_bound values ($1)', ['rolled back']);
        expect(await runSql(em, 'select v from spec_bound')).toEqual([{ v: 'rolled back' }]);
        // Another connection does not see it before the commit.
        expect(await runSql(orm.em.fork(), 'select v from spec_bound')).toEqual([]);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await runSql(orm.em.fork(), 'select v from spec_bound')).toEqual([]);
  });
});
