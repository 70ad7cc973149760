/**
 * The command log's statements and the rule that reads a claim's answer (ADR 012, 064),
 * without Nest or MikroORM: `CommandLog` runs them in the unit of work's transaction,
 * and the bench's floor of a cart write (scripts/bench/floor.mjs, plain Node) runs the same
 * texts in the same transaction shape.
 */

/** A `command_log` row as a repeat of its command finds it. */
export interface FirstHandling {
  request_hash: string;
  reply: unknown;
}

/**
 * What the command log's claim found of a command handled before: its kept outcome,
 * another request under the same id, or a row pruned between the claim and the read.
 */
export type CommandRepeat = { repeat: 'done'; outcome: unknown } | { repeat: 'conflict' | 'pruned' };

/** The command log's statements, `$n` parameters bound in order. */
export const COMMAND_LOG_SQL = {
  /**
   * Claims `(subject $1, command id $2)` with the request's hash $3: a row when claimed now,
   * none when the id was claimed before. A concurrent duplicate waits on the primary key
   * until the first handling commits (then nothing is inserted) or rolls back (then it claims).
   */
  claim: `insert into command_log (subject, command_id, request_hash, created_at) values ($1, $2, $3, now())
    on conflict do nothing returning command_id`,
  /** What the first handling of `(subject $1, command id $2)` left: no row once pruned. */
  firstHandling: 'select request_hash, reply from command_log where subject = $1 and command_id = $2',
  /** Keeps the reply $3 (JSON text) of `(subject $1, command id $2)`, in the transaction that claimed it. */
  keepReply: 'update command_log set reply = $3::jsonb where subject = $1 and command_id = $2',
  /**
   * Claims `(subject $1, command id $2)` with the request's hash $3 and its reply $4 (JSON
   * text) at once, for a command claimed by its statement that changed nothing (ADR 088). A
   * repeat fails on the log's key.
   */
  claimWithReply: 'insert into command_log (subject, command_id, request_hash, reply, created_at) values ($1, $2, $3, $4::jsonb, now())',
} as const;

/** The command log's key: a statement that claims a command claimed before fails on it. */
export const COMMAND_LOG_KEY = 'command_log_pkey';

/**
 * The end of a command's one statement (ADR 088): claims the command (its subject, id and
 * request hash as the parameters `$first` to `$first + 2`, {@link commandClaimParams}) and
 * keeps `outcome`, an SQL expression over the statement's own CTEs, as its reply; `returning`
 * may follow. A command claimed before makes the whole statement fail on
 * {@link COMMAND_LOG_KEY}, so nothing of its change stays; a concurrent one waits on the key
 * until the first statement has committed.
 */
export function claimCommandWith(outcome: string, first: number): string {
  return `insert into command_log (subject, command_id, request_hash, reply, created_at)
    select $${first}, $${first + 1}, $${first + 2}, ${outcome}, now()`;
}

/**
 * A repeat's answer from the first handling's row: its kept reply when the request is the
 * same (`requestHash`), a conflict when another request came under the id, pruned when the
 * row is gone.
 */
export function repeatOf(first: FirstHandling | undefined, requestHash: string): CommandRepeat {
  if (!first) return { repeat: 'pruned' };
  if (first.request_hash !== requestHash) return { repeat: 'conflict' };
  return { repeat: 'done', outcome: first.reply };
}
