import type { EntityManager } from '@mikro-orm/core';
import { runSql, runWithNext } from './run-sql.js';

const TAKE_LOCK = 'select pg_advisory_xact_lock(hashtext($1))';

/**
 * Takes the PostgreSQL advisory lock named `name` for the rest of `tx`'s transaction: the
 * transactions of every replica that take the same name run one after another, and the
 * lock goes with the commit or the rollback. `tx` must be inside a transaction.
 *
 * With `beforeNextStatement`, the lock costs no round trip of its own: it goes out with the
 * transaction's next statement (ADR 091), which PostgreSQL runs once the lock is held, with a
 * snapshot taken after it; for a caller whose next step is a statement that reads or writes
 * what the lock guards, not work outside the database.
 */
export async function takeTransactionLock(tx: EntityManager, name: string, { beforeNextStatement = false } = {}): Promise<void> {
  await (beforeNextStatement ? runWithNext(tx, TAKE_LOCK, [name]) : runSql(tx, TAKE_LOCK, [name]));
}
