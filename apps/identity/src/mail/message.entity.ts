import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';

/**
 * A mail or SMS to send: written in the transaction that needs it (the outbox pattern
 * for messages to people), then sent — or kept for the development mailbox — by the sender.
 */
@Entity({ tableName: 'messages' })
export class Message {
  @PrimaryKey({ type: 'string' })
  id!: string;

  @Property({ type: 'string' })
  kind!: 'mail' | 'sms';

  @Property({ type: 'string', fieldName: 'recipient' })
  to!: string;

  @Property({ type: 'string' })
  subject!: string;

  @Property({ type: 'text' })
  text!: string;

  @Property({ type: 'json' })
  links!: string[];

  /** pending → sent | kept (no transport configured) | failed (gave up). */
  @Property({ type: 'string' })
  status!: 'pending' | 'sent' | 'kept' | 'failed';

  @Property({ type: 'integer' })
  attempts!: number;

  @Property({ type: 'datetime' })
  nextAttemptAt!: Date;

  @Property({ type: 'text', nullable: true })
  lastError?: string | null;

  @Property({ type: 'datetime' })
  createdAt!: Date;

  @Property({ type: 'datetime', nullable: true })
  sentAt?: Date | null;
}
