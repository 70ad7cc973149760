import type { Rel } from '@mikro-orm/core';
import { Check, Entity, Index, ManyToOne, PrimaryKey, Property, Trigger } from '@mikro-orm/decorators/legacy';
import type { DecisionKind } from '@jalaj/commerce';
import { Order } from './order.entity.js';
import { paise } from './paise.js';

/**
 * One decision an admin took on an order that waited for one (docs/adr/081-needs-attention.md):
 * a held payment accepted or refunded in full, a refused refund tried again, a refund settled
 * outside the shop. Part of the `Order` aggregate: created only by `Order.recordDecision`,
 * under the order's row lock, in the transaction of the action it records.
 */
@Entity({ tableName: 'order_decisions' })
@Index({ name: 'order_decisions_order_idx', properties: ['order', 'decidedAt'] })
@Check({ name: 'order_decisions_kind_check', expression: "kind in ('payment-accepted', 'held-refunded', 'refund-retried', 'refund-settled')" })
// The order's history shows in the Orders tab's drawer: it bumps the list version at commit (ADR 058).
@Trigger({
  name: 'order_decisions_list_changed',
  timing: 'after',
  events: ['insert', 'update', 'delete'],
  expression:
    'create constraint trigger order_decisions_list_changed after insert or update or delete on order_decisions deferrable initially deferred for each row execute function order_list_changed()',
})
export class OrderDecisionRow {
  @PrimaryKey({ type: 'text' })
  id!: string;

  @ManyToOne(() => Order, { deleteRule: 'cascade', foreignKeyName: 'order_decisions_order_id_fkey' })
  // Rel: the order's module imports this one (its collection), and the type is no value at load.
  order!: Rel<Order>;

  @Property({ type: 'text' })
  kind!: DecisionKind;

  /** The amount decided on (PhonePe's amount accepted or refunded, the refund retried or settled). */
  @Property({ type: paise() })
  amountPaise!: number;

  /** The refund the decision made or concerned, by its PhonePe id (after a retry: the new one). */
  @Property({ type: 'text', nullable: true })
  merchantRefundId?: string | null;

  @Property({ type: 'text', nullable: true })
  note?: string | null;

  /** The admin who decided. */
  @Property({ type: 'text' })
  decidedBy!: string;

  @Property({ type: 'datetime', defaultRaw: 'now()' })
  decidedAt: Date = new Date();
}
