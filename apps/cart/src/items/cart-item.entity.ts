import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';

/** One line of a shopper's cart (spec §3 Cart item). One line per product per user. */
@Entity({ tableName: 'cart_items' })
export class CartItem {
  @PrimaryKey({ type: 'string' })
  id!: string;

  @Property({ type: 'string' })
  userId!: string;

  @Property({ type: 'string' })
  productId!: string;

  @Property({ type: 'integer' })
  quantity!: number;

  @Property({ type: 'datetime' })
  createdAt!: Date;

  @Property({ type: 'datetime' })
  updatedAt!: Date;
}
