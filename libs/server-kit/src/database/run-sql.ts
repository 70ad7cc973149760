import type { EntityManager } from '@mikro-orm/core';
import type { SqlEntityManager } from '@mikro-orm/postgresql';
import { CompiledQuery } from 'kysely';
import type { Pool } from 'pg';
import { WITH_NEXT } from './preparing-client.js';

/**
 * Runs one SQL statement with `$1…$n` placeholders and `values` bound as parameters (never
 * written into its text); its rows as the pool's type parsers read them.
 *
 * Inside a transaction of `em` it runs on the transaction's connection, through MikroORM's
 * Kysely (`em.getKysely()`, MikroORM's documented way to run SQL of one's own in the unit
 * of work's transaction; `execute(sql, params)` of the ORM's connection would write the
 * values into the text as escaped literals). Outside one it is `pool.query` on the ORM's
 * own pool, which a read on every request pays less for than Kysely's connection
 * provider. Either way a text run often is a named prepared statement on its connection
 * (PreparingClient, ADR 071). An array is bound as a PostgreSQL array.
 */
export async function runSql<Row>(em: EntityManager, text: string, values: readonly unknown[] = []): Promise<Row[]> {
  if (em.getTransactionContext()) {
    const kysely = (em as SqlEntityManager).getKysely();
    return (await kysely.executeQuery<Row>(CompiledQuery.raw(text, [...values]))).rows;
  }
  const pool = await (em.getConnection() as unknown as { getNativeClient(): Promise<Pool> }).getNativeClient();
  return (await pool.query(text, [...values])).rows as Row[];
}

/**
 * Runs one statement whose answer nobody waits for (no rows, no count) in `em`'s
 * transaction, without a round trip of its own: the connection sends it with the
 * transaction's next statement or its commit (ADR 091), in order, and that statement fails
 * if this one failed; a rollback drops it unsent. For writes whose only failure is the
 * transaction's (the command's reply, the outbox's rows).
 *
 * @throws Error outside a transaction, where there may be no next statement.
 */
export async function runWithNext(em: EntityManager, text: string, values: readonly unknown[]): Promise<void> {
  if (!em.getTransactionContext()) throw new Error('runWithNext needs a transaction: its statement goes out with the next one');
  await runSql(em, WITH_NEXT + text, values);
}

/**
 * Whether `e` is PostgreSQL refusing a statement on the unique key `constraint`
 * (`unique_violation`, 23505): what the statement would write is there already. A statement
 * that claims a command or an event fails so when it was claimed before (ADR 088).
 */
export function failedOnKey(e: unknown, constraint: string): boolean {
  return (e as { code?: string } | null)?.code === '23505' && (e as { constraint?: string }).constraint === constraint;
}
