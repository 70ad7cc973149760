import { Check, Entity, Index, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';

/** One line of a shopper's cart (spec §3 Cart item). One line per product per user. */
@Entity({ tableName: 'cart_items' })
@Unique({ name: 'cart_items_user_product_key', properties: ['userId', 'productId'] })
@Index({ name: 'cart_items_user_idx', expression: 'create index cart_items_user_idx on cart_items (user_id, created_at desc)' })
export class CartItem {
  @PrimaryKey({ type: 'text' })
  id!: string;

  @Property({ type: 'text' })
  userId!: string;

  @Property({ type: 'text' })
  productId!: string;

  @Property({ type: 'integer' })
  @Check({ name: 'cart_items_quantity_check', expression: 'quantity > 0' })
  quantity!: number;

  @Property({ type: 'datetime', defaultRaw: 'now()' })
  createdAt!: Date;

  @Property({ type: 'datetime', defaultRaw: 'now()' })
  updatedAt!: Date;
}
