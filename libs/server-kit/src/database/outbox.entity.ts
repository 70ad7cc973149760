import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import type { EventEnvelope } from '@jalaj/contracts';

/**
 * An event written in the same transaction as the change it reports; the relay
 * publishes it to JetStream after commit and stamps `publishedAt`.
 */
@Entity({ tableName: 'outbox_message' })
export class OutboxMessage {
  @PrimaryKey({ type: 'string' })
  id!: string;

  @Property({ type: 'string' })
  subject!: string;

  @Property({ type: 'json' })
  envelope!: EventEnvelope;

  @Property({ type: 'json', nullable: true })
  headers?: Record<string, string> | null;

  @Property({ type: 'datetime' })
  createdAt: Date = new Date();

  @Property({ type: 'datetime', nullable: true })
  publishedAt?: Date | null = null;

  @Property({ type: 'integer' })
  attempts: number = 0;
}

/** Marks an event as handled by one consumer; its key makes a second handling impossible. */
@Entity({ tableName: 'inbox_message' })
export class InboxMessage {
  @PrimaryKey({ type: 'string' })
  consumer!: string;

  @PrimaryKey({ type: 'string' })
  eventId!: string;

  @Property({ type: 'string' })
  subject!: string;

  @Property({ type: 'datetime' })
  processedAt: Date = new Date();
}
