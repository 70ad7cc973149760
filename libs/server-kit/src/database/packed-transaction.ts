import type { EntityManager } from '@mikro-orm/core';
import { escapeLiteral, type Pool, type PoolClient, type QueryResult } from 'pg';

/** A value {@link inlineValues} can write into SQL text. Objects and arrays are written as JSON text (cast them, `::jsonb`). */
export type SqlValue = string | number | bigint | boolean | Date | null | undefined | object;

/** `value` as a PostgreSQL literal: a quoted string (JSON for objects and arrays), a number, a boolean or NULL. */
export function sqlLiteral(value: SqlValue): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new TypeError(`not a finite number: ${value}`);
    return String(value);
  }
  const text = typeof value === 'string' ? value : value instanceof Date ? value.toISOString() : JSON.stringify(value);
  // The simple query protocol ends a query at its first NUL; PostgreSQL's text never holds one.
  if (text.includes('\0')) throw new TypeError('a NUL character cannot be sent in SQL text');
  return escapeLiteral(text);
}

/** `text` with each `$n` replaced by the literal of `values[n - 1]` (`$n` inside a literal or an identifier of `text` is not looked at). */
export function inlineValues(text: string, values: readonly SqlValue[]): string {
  return text.replace(/'(?:[^']|'')*'|"(?:[^"]|"")*"|\$(\d+)/g, (whole, n: string | undefined) => {
    if (n === undefined) return whole;
    const i = Number(n) - 1;
    if (i < 0 || i >= values.length) throw new RangeError(`no value for $${n}`);
    return sqlLiteral(values[i]);
  });
}

/** The statements of a {@link packedTransaction}. */
export interface PackedTransaction {
  /** The transaction's first statement, sent with its `BEGIN` in one message; its rows. */
  begin<Row>(text: string, values?: readonly SqlValue[]): Promise<Row[]>;
  /** A statement between the first and the last (parameters bound, not inlined); its rows. */
  query<Row>(text: string, values?: readonly unknown[]): Promise<Row[]>;
  /** The transaction's last statement, sent with its `COMMIT` in one message; its rows once committed. */
  commit<Row>(text: string, values?: readonly SqlValue[]): Promise<Row[]>;
}

const rowsOf = <Row>(result: QueryResult | QueryResult[], index: number) => ((Array.isArray(result) ? result[index]! : result).rows ?? []) as Row[];

/**
 * Runs `work` as one transaction on a connection of the ORM's pool, outside the ORM's unit
 * of work, in as few round trips as possible (docs/adr/060-a-decision-in-two-round-trips.md):
 * the first statement travels with `BEGIN` and the last with `COMMIT`, in the simple query
 * protocol, their values written into the text as literals ({@link sqlLiteral}). A lock the
 * last statement takes is so held inside PostgreSQL alone, never across a round trip to
 * this process. If `work` throws, or returns without committing, the transaction is rolled
 * back; a connection that failed is not given back to the pool.
 */
export async function packedTransaction<T>(em: EntityManager, work: (tx: PackedTransaction) => Promise<T>): Promise<T> {
  const pool = await (em.getConnection() as unknown as { getNativeClient(): Promise<Pool> }).getNativeClient();
  const client: PoolClient = await pool.connect();
  let state = 'idle' as 'idle' | 'open' | 'committed';
  let broken: Error | undefined;
  const run = async (text: string, values?: readonly unknown[]) => {
    try {
      return await client.query(text, values as unknown[] | undefined);
    } catch (e) {
      // An error PostgreSQL answered leaves the connection usable; any other (lost, timed out) does not.
      if (!(e instanceof Error && 'severity' in e)) broken = e as Error;
      throw e;
    }
  };
  const tx: PackedTransaction = {
    async begin<Row>(text: string, values: readonly SqlValue[] = []) {
      if (state !== 'idle') throw new Error('the transaction has begun already');
      state = 'open';
      return rowsOf<Row>(await run(`begin; ${inlineValues(text, values)}`), 1);
    },
    async query<Row>(text: string, values: readonly unknown[] = []) {
      if (state !== 'open') throw new Error('no transaction is open');
      return rowsOf<Row>(await run(text, values), 0);
    },
    async commit<Row>(text: string, values: readonly SqlValue[] = []) {
      if (state !== 'open') throw new Error('no transaction is open');
      const result = await run(`${inlineValues(text, values)}; commit`);
      state = 'committed';
      return rowsOf<Row>(result, 0);
    },
  };
  try {
    const result = await work(tx);
    if (state === 'open') await run('rollback');
    return result;
  } catch (e) {
    if (state === 'open' && !broken) await run('rollback').catch(() => undefined);
    throw e;
  } finally {
    client.release(broken);
  }
}
