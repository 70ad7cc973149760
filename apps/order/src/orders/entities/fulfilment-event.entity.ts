import type { Rel } from '@mikro-orm/core';
import { Check, Entity, Index, ManyToOne, PrimaryKey, Property, Trigger } from '@mikro-orm/decorators/legacy';
import type { FulfilmentStatus } from '@jalaj/contracts';
import { Order } from '../../checkout/entities/order.entity.js';

/** One fulfilment step an admin set on an order (processing, packed, shipped, delivered, cancelled), kept for the shopper to follow. */
@Entity({ tableName: 'order_fulfilment_events' })
@Index({ name: 'order_fulfilment_events_order_idx', properties: ['order', 'createdAt'] })
// Bumps the Orders tab's list version at commit (docs/adr/021-orders-tab-at-scale.md).
@Trigger({
  name: 'order_fulfilment_events_list_changed',
  timing: 'after',
  events: ['insert', 'update', 'delete'],
  expression:
    'create constraint trigger order_fulfilment_events_list_changed after insert or update or delete on order_fulfilment_events deferrable initially deferred for each row execute function order_list_changed()',
})
export class FulfilmentEventRow {
  @PrimaryKey({ type: 'text' })
  id!: string;

  @ManyToOne(() => Order, { deleteRule: 'cascade', foreignKeyName: 'order_fulfilment_events_order_id_fkey' })
  // Rel: the order's module imports this one (its collection), and the type is no value at load.
  order!: Rel<Order>;

  @Property({ type: 'text' })
  @Check({ name: 'order_fulfilment_events_status_check', expression: "status in ('processing', 'packed', 'shipped', 'delivered', 'cancelled')" })
  status!: FulfilmentStatus;

  @Property({ type: 'text', nullable: true })
  courier?: string | null;

  @Property({ type: 'text', nullable: true })
  trackingNumber?: string | null;

  @Property({ type: 'text', nullable: true })
  note?: string | null;

  /** The admin who set it. */
  @Property({ type: 'text' })
  createdBy!: string;

  @Property({ type: 'datetime', defaultRaw: 'now()' })
  createdAt: Date = new Date();
}
