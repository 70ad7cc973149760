import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';

/**
 * One handled command: written in the same transaction as the change the command made,
 * so the row exists if and only if the change committed. A repeat of the command (same
 * subject and id) is answered with `reply` instead of being handled again. Written and
 * read by {@link CommandLog} with SQL; the entity documents the table and lets the ORM
 * know it.
 */
@Entity({ tableName: 'command_log' })
export class CommandLogEntry {
  /** The RPC subject the command was sent on; a key is scoped to it. */
  @PrimaryKey({ type: 'text' })
  subject!: string;

  /** The caller's command id (the BFF's actor-scoped `Idempotency-Key`). */
  @PrimaryKey({ type: 'text' })
  commandId!: string;

  /** SHA-256 of the request's canonical JSON; a different request under the same id is a conflict. */
  @Property({ type: 'text' })
  requestHash!: string;

  /** The reply the handler gave, returned again to every repeat. */
  @Property({ type: 'json', nullable: true })
  reply?: unknown;

  @Index({ name: 'command_log_created_at_idx' })
  @Property({ type: 'datetime', defaultRaw: 'now()' })
  createdAt: Date = new Date();
}
