import { Check, Entity, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { Order, paise } from './order.entity.js';

/** One bought line, frozen at checkout: the product's name and image and every amount as charged (spec §3 Order line). */
@Entity({ tableName: 'order_lines' })
export class OrderLineRow {
  @ManyToOne(() => Order, { primary: true, deleteRule: 'cascade', foreignKeyName: 'order_lines_order_id_fkey' })
  order!: Order;

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
