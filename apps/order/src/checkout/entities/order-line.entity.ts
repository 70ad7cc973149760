import type { Rel } from '@mikro-orm/core';
import { Check, Entity, ManyToOne, PrimaryKey, Property, Trigger } from '@mikro-orm/decorators/legacy';
import { Order } from './order.entity.js';
import { paise } from './paise.js';

/** One bought line, frozen at checkout: the product's name and image and every amount as charged (spec §3 Order line). */
@Entity({ tableName: 'order_lines' })
// Bumps the Orders tab's list version at commit (docs/adr/021-orders-tab-at-scale.md).
@Trigger({
  name: 'order_lines_list_changed',
  timing: 'after',
  events: ['insert', 'update', 'delete'],
  expression:
    'create constraint trigger order_lines_list_changed after insert or update or delete on order_lines deferrable initially deferred for each row execute function order_list_changed()',
})
export class OrderLineRow {
  @ManyToOne(() => Order, { primary: true, deleteRule: 'cascade', foreignKeyName: 'order_lines_order_id_fkey' })
  // Rel: the order's module imports this one (its collection), and the type is no value at load.
  order!: Rel<Order>;

  @PrimaryKey({ type: 'text' })
  productId!: string;

  /** The cart's order of the lines. */
  @Property({ type: 'integer' })
  position!: number;

  @Property({ type: 'text' })
  productName!: string;

  @Property({ type: 'text', nullable: true })
  imageUrl?: string | null;

  @Property({ type: 'integer' })
  @Check({ name: 'order_lines_quantity_check', expression: 'quantity > 0' })
  quantity!: number;

  @Property({ type: paise() })
  unitPricePaise!: number;

  @Property({ type: 'integer' })
  discountPercent!: number;

  @Property({ type: paise() })
  discountedUnitPricePaise!: number;

  @Property({ type: paise() })
  lineTotalPaise!: number;
}
