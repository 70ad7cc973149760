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
}
