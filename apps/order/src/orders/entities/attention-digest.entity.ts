import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';

/**
 * The admins' daily mail of what waits (docs/adr/081-needs-attention.md): one row per India
 * day, inserted by the one replica whose guarded insert claims the day, in the transaction
 * that queues the mail's event. So the mail goes once a day however many replicas run.
 */
@Entity({ tableName: 'attention_digests' })
export class AttentionDigest {
  /** The India day, `YYYY-MM-DD`. */
  @PrimaryKey({ type: 'text' })
  day!: string;

  /** How many orders waited (0: nothing was mailed). */
  @Property({ type: 'integer' })
  orders!: number;

  @Property({ type: 'datetime', defaultRaw: 'now()' })
  sentAt: Date = new Date();
}
