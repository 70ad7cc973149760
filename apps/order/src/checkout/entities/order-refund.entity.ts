import type { Rel } from '@mikro-orm/core';
import { Entity, Index, ManyToOne, PrimaryKey, Property, Trigger, Unique } from '@mikro-orm/decorators/legacy';
import { Order } from './order.entity.js';
import { paise } from './paise.js';

/**
 * One refund of an order through PhonePe (docs/adr/074-partial-refunds.md): the checkout's
 * stock-gone refund, or one of an admin's, each with its own merchant refund id, followed by
 * the reconciler until PhonePe completed it. Part of the `Order` aggregate: created only by
 * `Order.recordRefund`, after the order's guarded claim of the amount.
 */
@Entity({ tableName: 'order_refunds' })
@Index({ name: 'order_refunds_order_idx', properties: ['order', 'createdAt'] })
// The refunds that may need an admin (docs/adr/081-needs-attention.md): neither completed nor settled.
@Index({ name: 'order_refunds_open_idx', expression: 'create index order_refunds_open_idx on order_refunds (order_id) where refunded_at is null and settled_at is null' })
@Unique({ name: 'order_refunds_merchant_refund_id_key', properties: ['merchantRefundId'] })
// A refund's progress shows in the Orders tab: it bumps the list version at commit (ADR 058).
@Trigger({
  name: 'order_refunds_list_changed',
  timing: 'after',
  events: ['insert', 'update', 'delete'],
  expression:
    'create constraint trigger order_refunds_list_changed after insert or update or delete on order_refunds deferrable initially deferred for each row execute function order_list_changed()',
})
export class OrderRefundRow {
  @PrimaryKey({ type: 'text' })
  id!: string;

  @ManyToOne(() => Order, { deleteRule: 'cascade', foreignKeyName: 'order_refunds_order_id_fkey' })
  // Rel: the order's module imports this one (its collection), and the type is no value at load.
  order!: Rel<Order>;

  /** Our id of the refund at PhonePe: `MR` + the merchant order id's body, `-2`, `-3`… for the order's later refunds. */
  @Property({ type: 'text' })
  merchantRefundId!: string;

  @Property({ type: paise() })
  amountPaise!: number;

  /** Why the money went back: `stock-gone`, or the admin's words. */
  @Property({ type: 'text' })
  reason!: string;

  /** The admin who refunded (null for the checkout's stock-gone refund). */
  @Property({ type: 'text', nullable: true })
  refundBy?: string | null;

  /** PhonePe's refund state (PENDING, CONFIRMED, COMPLETED, FAILED) as last seen; null before it was asked. */
  @Property({ type: 'text', nullable: true })
  providerState?: string | null;

  /** When PhonePe was first asked for it. */
  @Property({ type: 'datetime', nullable: true })
  requestedAt?: Date | null;

  /** When PhonePe said the money went back. */
  @Property({ type: 'datetime', nullable: true })
  refundedAt?: Date | null;

  @Property({ type: 'datetime', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  /** When it was last handed to PhonePe: made, or tried again after a refusal ("stuck" counts from here). */
  @Property({ type: 'datetime', defaultRaw: 'now()' })
  startedAt: Date = new Date();

  /** How many times PhonePe was asked for it under a new id (1, then one more per retry). */
  @Property({ type: 'integer', default: 1 })
  attempts: number = 1;

  /**
   * What PhonePe took above an accepted order's total, given back: not part of the order's
   * refunded amount nor of its money lines (the order was sold for its total).
   */
  @Property({ type: 'boolean', default: false })
  excess: boolean = false;

  /** When an admin marked it settled outside the shop (the money went back another way), who, and how. */
  @Property({ type: 'datetime', nullable: true })
  settledAt?: Date | null;

  @Property({ type: 'text', nullable: true })
  settledBy?: string | null;

  @Property({ type: 'text', nullable: true })
  settledNote?: string | null;

  /** When the money went back: PhonePe completed it, or an admin settled it outside the shop; null while neither. */
  doneAt(): Date | null {
    return this.refundedAt ?? this.settledAt ?? null;
  }
}
