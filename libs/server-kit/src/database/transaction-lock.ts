import type { EntityManager } from '@mikro-orm/core';
import { runSql } from './run-sql.js';

/**
 * Takes the PostgreSQL advisory lock named `name` for the rest of `tx`'s transaction: the
 * transactions of every replica that take the same name run one after another, and the
 * lock goes with the commit or the rollback. `tx` must be inside a transaction.
 */
export async function takeTransactionLock(tx: EntityManager, name: string): Promise<void> {
  await runSql(tx, 'select pg_advisory_xact_lock(hashtext($1))', [name]);
}
