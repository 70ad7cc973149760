import { Check, Entity, Index, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';

/**
 * A mail or SMS to send: written in the transaction that needs it (the outbox pattern
 * for messages to people), then sent — or kept for the development mailbox — by the sender.
 */
@Entity({ tableName: 'messages' })
// The sender's queue: pending messages by when they are due.
@Index({ name: 'messages_pending_idx', expression: "create index messages_pending_idx on messages (next_attempt_at) where status = 'pending'" })
export class Message {
  @PrimaryKey({ type: 'text' })
  id!: string;

  @Property({ type: 'text' })
  @Check({ name: 'messages_kind_check', expression: "kind in ('mail', 'sms')" })
  kind!: 'mail' | 'sms';

  @Property({ type: 'text', fieldName: 'recipient' })
  to!: string;

  @Property({ type: 'text' })
  subject!: string;

  @Property({ type: 'text' })
  text!: string;

  /** The same content as simple HTML, sent as the mail's alternative part; null for plain-text-only messages. */
  @Property({ type: 'text', nullable: true })
  html?: string | null;

  @Property({ type: 'json', defaultRaw: "'[]'::jsonb" })
  links!: string[];

  /** pending → sent | kept (no transport configured) | failed (gave up). */
  @Property({ type: 'text' })
  @Check({ name: 'messages_status_check', expression: "status in ('pending', 'sent', 'kept', 'failed')" })
  status!: 'pending' | 'sent' | 'kept' | 'failed';

  @Property({ type: 'integer', default: 0 })
  attempts!: number;

  @Property({ type: 'datetime', defaultRaw: 'now()' })
  nextAttemptAt!: Date;

  @Property({ type: 'text', nullable: true })
  lastError?: string | null;

  @Property({ type: 'datetime', defaultRaw: 'now()' })
  createdAt!: Date;

  @Property({ type: 'datetime', nullable: true })
  sentAt?: Date | null;
}
