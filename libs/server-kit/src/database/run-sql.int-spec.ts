import { MikroORM } from '@mikro-orm/core';
import pg, { type Pool } from 'pg';
import { testDatabaseUrl } from '@jalaj/testing';
import { ormOptions } from './database.module.js';
import { PREPARE_THRESHOLD } from './preparing-client.js';
import { runSql, runWithNext } from './run-sql.js';

/** SQL of one's own on the ORM's pool; a text run often is prepared on its connection (ADR 071). */
describe('runSql and the preparing client (real PostgreSQL)', () => {
  let orm: MikroORM;
  const url = testDatabaseUrl('kit');
  const sum = `select $1::int + $2::int as n, $3::text as label, timestamptz '2026-11-23 10:00:00+05:30' as at, 12345678901::bigint as big`;

  beforeAll(async () => {
    // One connection: what a text ran on is the connection the spec looks at.
    orm = await MikroORM.init({ ...ormOptions({ service: 'kit', entities: [], migrations: [] }, url), pool: { min: 0, max: 1 } } as never);
  });

  afterAll(async () => {
    await orm.close(true);
  });

  const pool = () => (orm.em.getConnection() as unknown as { getNativeClient(): Promise<Pool> }).getNativeClient();
  /** The statements prepared on the pool's one connection: their texts. */
  const preparedTexts = async () => (await (await pool()).query(`select statement from pg_prepared_statements`)).rows.map((r: { statement: string }) => r.statement);
  /** Counts the writes the pool's one connection makes to its socket while `work` runs. */
  async function socketWrites(work: () => Promise<unknown>): Promise<number> {
    const client = await (await pool()).connect();
    const socket = (client as unknown as { connection: { stream: { _write: (...a: unknown[]) => void; _writev?: (...a: unknown[]) => void } } }).connection.stream;
    client.release();
    const [write, writev] = [socket._write, socket._writev];
    let writes = 0;
    socket._write = function (...a: unknown[]) {
      writes++;
      return write.apply(this, a);
    };
    if (writev) {
      socket._writev = function (...a: unknown[]) {
        writes++;
        return writev.apply(this, a);
      };
    }
    try {
      await work();
    } finally {
      socket._write = write;
      socket._writev = writev;
    }
    return writes;
  }

  it('answers with the ORM’s type parsing, unnamed at first and prepared on the connection from its fifth run', async () => {
    for (let i = 0; i < PREPARE_THRESHOLD + 2; i++) {
      if (i === PREPARE_THRESHOLD - 1) expect(await preparedTexts()).not.toContain(sum);
      const [row] = await runSql(orm.em.fork(), sum, [i, 2, `it's ${i}`]);
      const [viaOrm] = await orm.em.fork().getConnection().execute(sum.replace(/\$\d/g, '?'), [i, 2, `it's ${i}`]);
      expect(row).toEqual(viaOrm);
      expect(row).toMatchObject({ n: i + 2, label: `it's ${i}` });
    }
    expect(await preparedTexts()).toContain(sum);
  });

  it('prepares the ORM’s own statements and those in a transaction the same way, and never a text without parameters', async () => {
    const seen = 'select v, $2::text as label from spec_seen where v = $1';
    await orm.em.fork().transactional(async (em) => {
      await runSql(em, 'create temporary table spec_seen (v int) on commit drop');
      await runSql(em, 'insert into spec_seen values ($1)', [7]);
      for (let i = 0; i < PREPARE_THRESHOLD; i++) expect(await runSql(em, seen, [7, 'in the transaction'])).toEqual([{ v: 7, label: 'in the transaction' }]);
    });
    for (let i = 0; i < PREPARE_THRESHOLD; i++) await runSql(orm.em.fork(), 'select 41 + 1 as n');
    expect(await preparedTexts()).toContain(seen);
    expect(await preparedTexts()).not.toContain('select 41 + 1 as n');
  });

  it('prepares a statement afresh once a schema change altered its result', async () => {
    await runSql(orm.em.fork(), 'create table if not exists spec_changing (id int primary key, a text)');
    await runSql(orm.em.fork(), `insert into spec_changing values (1, 'one') on conflict do nothing`);
    const all = 'select * from spec_changing where id = $1';
    // In transactions: a connection the pool gives back after an error keeps its statements (pool.query's are closed).
    const inTransaction = () => orm.em.fork().transactional((em) => runSql(em, all, [1]));
    for (let i = 0; i < PREPARE_THRESHOLD + 1; i++) expect(await inTransaction()).toEqual([{ id: 1, a: 'one' }]);
    await runSql(orm.em.fork(), 'alter table spec_changing add column b text');
    // PostgreSQL refuses the prepared plan (every time); the next run is prepared under a new name.
    await expect(inTransaction()).rejects.toMatchObject({ code: '0A000' });
    expect(await inTransaction()).toEqual([{ id: 1, a: 'one', b: null }]);
  });

  it('reads an array parameter the same inside a transaction as on the pool', async () => {
    const pair = 'select array_length($1::text[], 1) as n, $1::text[] as texts, $2::integer[] as counts';
    const values = [['a', `it's "quoted"`, 'back\\slash'], [3, 4]];
    const expected = { n: 3, texts: values[0], counts: [3, 4] };
    const empty = { n: null, texts: [], counts: [] };
    for (let i = 0; i < PREPARE_THRESHOLD; i++) {
      expect(await runSql(orm.em.fork(), pair, values)).toEqual([expected]);
      expect(await runSql(orm.em.fork(), pair, [[], []])).toEqual([empty]);
      await orm.em.fork().transactional(async (em) => {
        expect(await runSql(em, pair, values)).toEqual([expected]);
        expect(await runSql(em, pair, [[], []])).toEqual([empty]);
      });
    }
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
        const other = new pg.Client({ connectionString: url });
        await other.connect();
        expect((await other.query('select v from spec_bound')).rows).toEqual([]);
        await other.end();
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await runSql(orm.em.fork(), 'select v from spec_bound')).toEqual([]);
  });

  describe('a transaction’s begin (ADR 087)', () => {
    it('goes out with the transaction’s first statement, which runs inside it', async () => {
      const writes = await socketWrites(() =>
        orm.em.fork().transactional(async (em) => {
          const [first] = await runSql<{ at: Date }>(em, 'select now() as at');
          await runSql(em, 'select pg_sleep(0.02)');
          const [later] = await runSql<{ at: Date }>(em, 'select now() as at');
          // now() is the transaction's start: the first statement was in the transaction.
          expect(later!.at).toEqual(first!.at);
        }),
      );
      // begin with the first statement, the second, the third, commit.
      expect(writes).toBe(4);
    });

    it('costs nothing for a transaction without statements, and a rollback still undoes the first statement', async () => {
      expect(await socketWrites(() => orm.em.fork().transactional(async () => undefined))).toBe(0);
      await runSql(orm.em.fork(), 'create table if not exists spec_first (v text)');
      await runSql(orm.em.fork(), 'truncate spec_first');
      await expect(
        orm.em.fork().transactional(async (em) => {
          await runSql(em, 'insert into spec_first values ($1)', ['first']);
          throw new Error('roll back');
        }),
      ).rejects.toThrow('roll back');
      expect(await runSql(orm.em.fork(), 'select v from spec_first')).toEqual([]);
    });

    it('fails the first statement when it fails, and the connection serves the next transaction', async () => {
      await expect(orm.em.fork().transactional((em) => runSql(em, 'select * from spec_no_such_table'))).rejects.toMatchObject({ code: '42P01' });
      expect(await orm.em.fork().transactional((em) => runSql(em, 'select 1 as n'))).toEqual([{ n: 1 }]);
    });
  });

  describe('a statement whose answer nobody waits for (ADR 091)', () => {
    const rows = async () => (await runSql<{ v: string }>(orm.em.fork(), 'select v from spec_next order by v')).map((r) => r.v);

    beforeAll(async () => {
      await runSql(orm.em.fork(), 'create table if not exists spec_next (v text primary key)');
    });

    beforeEach(async () => {
      await runSql(orm.em.fork(), 'truncate spec_next');
    });

    it('goes out with the next statement, which sees it, in one write', async () => {
      const writes = await socketWrites(() =>
        orm.em.fork().transactional(async (em) => {
          await runWithNext(em, 'insert into spec_next values ($1)', ['a']);
          expect(await runSql(em, 'select v from spec_next where v = $1', ['a'])).toEqual([{ v: 'a' }]);
        }),
      );
      // begin, the insert and the select; commit.
      expect(writes).toBe(2);
      expect(await rows()).toEqual(['a']);
    });

    it('goes out with the commit, in order', async () => {
      const writes = await socketWrites(() =>
        orm.em.fork().transactional(async (em) => {
          await runSql(em, 'insert into spec_next values ($1)', ['a']);
          await runWithNext(em, 'update spec_next set v = $1 where v = $2', ['b', 'a']);
          await runWithNext(em, 'insert into spec_next values ($1)', ['c']);
        }),
      );
      // begin and the first insert; the update, the second insert and commit.
      expect(writes).toBe(2);
      expect(await rows()).toEqual(['b', 'c']);
    });

    it('fails the commit when it fails, and nothing of the transaction stays', async () => {
      await expect(
        orm.em.fork().transactional(async (em) => {
          await runSql(em, 'insert into spec_next values ($1)', ['a']);
          await runWithNext(em, 'insert into spec_next values ($1)', ['a']);
        }),
      ).rejects.toMatchObject({ code: '23505' });
      expect(await rows()).toEqual([]);
      expect(await orm.em.fork().transactional((em) => runSql(em, 'select 1 as n'))).toEqual([{ n: 1 }]);
    });

    it('is dropped unsent by a rollback', async () => {
      const writes = await socketWrites(() =>
        expect(
          orm.em.fork().transactional(async (em) => {
            await runWithNext(em, 'insert into spec_next values ($1)', ['a']);
            throw new Error('roll back');
          }),
        ).rejects.toThrow('roll back'),
      );
      expect(writes).toBe(0);
      expect(await rows()).toEqual([]);
    });

    it('is refused outside a transaction, where no statement may follow', async () => {
      await expect(runWithNext(orm.em.fork(), 'insert into spec_next values ($1)', ['a'])).rejects.toThrow(/needs a transaction/);
      expect(await rows()).toEqual([]);
    });
  });
});
