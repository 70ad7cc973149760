import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import type { EventEnvelope } from '@jalaj/contracts';

/**
 * An event written in the same transaction as the change it reports; the relay
 * publishes it to JetStream after commit and stamps `publishedAt`.
 */
@Entity({ tableName: 'outbox_message' })
// The relay's queue: unpublished events by age (a partial index, as the kit migration made it).
@Index({ name: 'outbox_message_unpublished_idx', expression: 'create index outbox_message_unpublished_idx on outbox_message (created_at) where published_at is null' })
export class OutboxMessage {
  @PrimaryKey({ type: 'text' })
  id!: string;

  @Property({ type: 'text' })
  subject!: string;

  @Property({ type: 'json' })
  envelope!: EventEnvelope;

  @Property({ type: 'json', nullable: true })
  headers?: Record<string, string> | null;

  @Property({ type: 'datetime', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Property({ type: 'datetime', nullable: true })
  publishedAt?: Date | null = null;

  @Property({ type: 'integer', default: 0 })
  attempts: number = 0;
}

/** Marks an event as handled by one consumer; its key makes a second handling impossible. */
@Entity({ tableName: 'inbox_message' })
export class InboxMessage {
  @PrimaryKey({ type: 'text' })
  consumer!: string;

  @PrimaryKey({ type: 'text' })
  eventId!: string;

  @Property({ type: 'text' })
  subject!: string;

  @Property({ type: 'datetime', defaultRaw: 'now()' })
  processedAt: Date = new Date();
}
