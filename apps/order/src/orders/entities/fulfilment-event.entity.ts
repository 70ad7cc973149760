import { Check, Entity, Index, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import type { FulfilmentStatus } from '@jalaj/contracts';
import { Order } from '../../checkout/entities/order.entity.js';

/** One fulfilment step an admin set on an order (processing, packed, shipped, delivered, cancelled), kept for the shopper to follow. */
@Entity({ tableName: 'order_fulfilment_events' })
@Index({ name: 'order_fulfilment_events_order_idx', properties: ['order', 'createdAt'] })
export class FulfilmentEventRow {
  @PrimaryKey({ type: 'text' })
  id!: string;

  @ManyToOne(() => Order, { deleteRule: 'cascade', foreignKeyName: 'order_fulfilment_events_order_id_fkey' })
  order!: Order;

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
