import { MikroORM } from '@mikro-orm/core';
import { AppErrorException, newId } from '@jalaj/contracts';
import { eventually, testDatabaseUrl } from '@jalaj/testing';
import { ormOptions } from '../database/database.module.js';
import { runSql } from '../database/run-sql.js';
import { claimCommandWith } from './command-log-sql.js';
import { commandClaimParams, CommandLog } from './command-log.js';

/** The command log against a real PostgreSQL: one effect per command id, whatever the timing. */
describe('command log (real PostgreSQL)', () => {
  let orm: MikroORM;
  let commands: CommandLog;

  beforeAll(async () => {
    orm = await MikroORM.init(ormOptions({ service: 'kit', entities: [], migrations: [] }, testDatabaseUrl('kit')) as never);
    await orm.migrator.up();
    await orm.em.fork().getConnection().execute('create table if not exists spec_effect (id text primary key, command text not null)');
    commands = new CommandLog(orm);
  });

  afterAll(async () => {
    await orm.close(true);
  });

  const sql = (query: string, params: unknown[] = []) => orm.em.fork().getConnection().execute(query, params) as Promise<Record<string, unknown>[]>;
  const effects = async (command: string) => Number((await sql('select count(*)::int as n from spec_effect where command = ?', [command]))[0]!['n']);

  /** A handler that writes through the global EntityManager, as the services' handlers do. */
  const handler = (command: string, reply: unknown = { ok: true, data: { n: Math.random() } }) => async () => {
    const em = orm.em;
    await em.getConnection().execute('insert into spec_effect (id, command) values (?, ?)', [newId('eff'), command], 'run', em.getTransactionContext());
    return reply;
  };

  it('does the work once and answers a repeat with the first reply', async () => {
    const id = newId('cmd');
    const first = await commands.run({ subject: 'rpc.spec.add', id, request: { a: 1 } }, handler(id));
    const again = await commands.run({ subject: 'rpc.spec.add', id, request: { a: 1 } }, handler(id));
    expect(again).toEqual(first);
    expect(await effects(id)).toBe(1);
  });

  it('refuses the same id with a different request, and keeps ids of different subjects apart', async () => {
    const id = newId('cmd');
    await commands.run({ subject: 'rpc.spec.add', id, request: { a: 1 } }, handler(id));
    const conflict = await commands.run({ subject: 'rpc.spec.add', id, request: { a: 2 } }, handler(id)).catch((e: unknown) => e);
    expect(conflict).toBeInstanceOf(AppErrorException);
    expect((conflict as AppErrorException).error.code).toBe('IDEMPOTENCY_CONFLICT');
    await commands.run({ subject: 'rpc.spec.remove', id, request: { a: 2 } }, handler(id));
    expect(await effects(id)).toBe(2);
  });

  it('lets a concurrent duplicate wait for the first and return its reply', async () => {
    const id = newId('cmd');
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let started!: () => void;
    const inside = new Promise<void>((resolve) => (started = resolve));
    const slow = async () => {
      const reply = await handler(id, { ok: true, data: { first: true } })();
      started();
      await held;
      return reply;
    };
    const first = commands.run({ subject: 'rpc.spec.add', id, request: { a: 1 } }, slow);
    await inside;
    const second = commands.run({ subject: 'rpc.spec.add', id, request: { a: 1 } }, handler(id, { ok: true, data: { first: false } }));
    // The duplicate's claim is blocked on the first one's uncommitted row.
    await eventually(() => sql("select count(*)::int as n from pg_locks where not granted and locktype = 'transactionid'"), (rows) => Number(rows[0]!['n']) > 0);
    release();
    await expect(first).resolves.toEqual({ ok: true, data: { first: true } });
    await expect(second).resolves.toEqual({ ok: true, data: { first: true } });
    expect(await effects(id)).toBe(1);
  });

  it('records nothing when the handler throws, so a retry does the work', async () => {
    const id = newId('cmd');
    const failing = async () => {
      await handler(id)();
      throw new Error('lost the catalog');
    };
    await expect(commands.run({ subject: 'rpc.spec.add', id, request: {} }, failing)).rejects.toThrow('lost the catalog');
    expect(await effects(id)).toBe(0);
    await commands.run({ subject: 'rpc.spec.add', id, request: {} }, handler(id));
    expect(await effects(id)).toBe(1);
  });

  it('runs a command without an id in a transaction, every time', async () => {
    const tag = newId('cmd');
    await commands.run({ subject: 'rpc.spec.add', id: undefined, request: {} }, handler(tag));
    await commands.run({ subject: 'rpc.spec.add', id: undefined, request: {} }, handler(tag));
    await expect(
      commands.run({ subject: 'rpc.spec.add', id: undefined, request: {} }, async () => {
        await handler(tag)();
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await effects(tag)).toBe(2);
  });

  it("answers a subject's repeats with its answer, from the kept reply and the request", async () => {
    const log = new CommandLog(orm);
    const answered: unknown[] = [];
    log.answerRepeats('rpc.cart.items.clear', async (kept, request) => {
      answered.push(kept);
      return { ok: true, data: { cart: { lines: [], itemCount: 0, subtotalPaise: 0, savingsPaise: 0 }, notice: { code: 'CART_CLEARED', data: { for: request.actor.id } } } } as never;
    });
    const id = newId('cmd');
    const request = { actor: { id: newId('usr'), role: 'user' } };
    const first = await log.run({ subject: 'rpc.cart.items.clear', id, request }, handler(id, { ok: true, data: { first: true } }));
    expect(first).toEqual({ ok: true, data: { first: true } });
    expect(answered).toEqual([]);
    const again = await log.run({ subject: 'rpc.cart.items.clear', id, request }, handler(id));
    expect(answered).toEqual([{ ok: true, data: { first: true } }]);
    expect(again).toMatchObject({ ok: true, data: { notice: { data: { for: request.actor.id } } } });
    expect(await effects(id)).toBe(1);
    // Other subjects' repeats still get their kept reply as it is.
    const other = newId('cmd');
    const kept = await commands.run({ subject: 'rpc.spec.add', id: other, request: {} }, handler(other));
    expect(await commands.run({ subject: 'rpc.spec.add', id: other, request: {} }, handler(other))).toEqual(kept);
  });

  it('refuses an overlong command id', async () => {
    await expect(commands.run({ subject: 'rpc.spec.add', id: 'x'.repeat(300), request: {} }, handler('never'))).rejects.toMatchObject({ error: { code: 'VALIDATION_FAILED' } });
  });

  it('prunes rows older than the retention and keeps the rest', async () => {
    const old = newId('cmd');
    const recent = newId('cmd');
    await commands.run({ subject: 'rpc.spec.add', id: old, request: {} }, handler(old));
    await commands.run({ subject: 'rpc.spec.add', id: recent, request: {} }, handler(recent));
    await sql("update command_log set created_at = now() - interval '25 hours' where command_id = ?", [old]);
    expect(await commands.prune()).toBeGreaterThanOrEqual(1);
    const left = await sql('select command_id from command_log where command_id in (?, ?)', [old, recent]);
    expect(left.map((r) => r['command_id'])).toEqual([recent]);
  });

  describe('a command claimed by its own statement (ADR 088)', () => {
    /** The effect and the claim in one statement, the effect's id kept as the outcome; no transaction. */
    const CLAIMED = `with effect as (insert into spec_effect (id, command) values ($1, $2) returning id) ${claimCommandWith(`jsonb_build_object('effect', (select id from effect))`, 3)} returning reply`;
    const oneStatement = (command: string, effectId = newId('eff')) => async () => {
      const claim = commandClaimParams();
      const [row] = claim ? await runSql<{ reply: unknown }>(orm.em.fork(), CLAIMED, [effectId, command, ...claim]) : [{ reply: (await runSql(orm.em.fork(), 'insert into spec_effect (id, command) values ($1, $2)', [effectId, command]), { effect: effectId }) }];
      return row!.reply;
    };
    const run = (id: string | undefined, request: unknown, work: () => Promise<unknown>) => commands.runClaimedByStatement({ subject: 'rpc.spec.one', id, request }, work);

    it('makes the change once and answers a repeat with the kept outcome, leaving nothing of it', async () => {
      const id = newId('cmd');
      const first = await run(id, { a: 1 }, oneStatement(id));
      expect(first).toEqual({ effect: expect.any(String) });
      expect(await run(id, { a: 1 }, oneStatement(id))).toEqual(first);
      expect(await effects(id)).toBe(1);
      await expect(run(id, { a: 2 }, oneStatement(id))).rejects.toMatchObject({ error: { code: 'IDEMPOTENCY_CONFLICT' } });
      expect(await effects(id)).toBe(1);
    });

    it('lets duplicates race: one change, every one answered with its outcome', async () => {
      const id = newId('cmd');
      const replies = await Promise.all(Array.from({ length: 6 }, () => run(id, { a: 1 }, oneStatement(id))));
      expect(new Set(replies.map((r) => JSON.stringify(r))).size).toBe(1);
      expect(await effects(id)).toBe(1);
    });

    it('claims a command that changed nothing with its reply, and replaces an outcome decided again', async () => {
      const id = newId('cmd');
      const refusal = { ok: false, error: { code: 'OUT_OF_STOCK' } };
      expect(await run(id, {}, async () => refusal)).toEqual(refusal);
      // A repeat is answered from the log, not by the work.
      expect(await run(id, {}, oneStatement(id))).toEqual(refusal);
      expect(await effects(id)).toBe(0);
      const again = newId('cmd');
      await run(again, {}, async () => {
        await oneStatement(again)();
        await commands.keepOutcome({ decided: 'again' });
        return { decided: 'again' };
      });
      expect(await run(again, {}, oneStatement(again))).toEqual({ decided: 'again' });
    });

    it('makes the change every time without an id', async () => {
      const command = newId('cmd');
      await run(undefined, {}, oneStatement(command));
      await run(undefined, {}, oneStatement(command));
      expect(await effects(command)).toBe(2);
      expect(await sql('select 1 from command_log where command_id = ?', [command])).toHaveLength(0);
    });
  });
});
