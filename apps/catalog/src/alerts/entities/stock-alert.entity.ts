import { Entity, Index, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { Product } from '../../products/entities/product.entity.js';

/**
 * A shopper waiting to be mailed when an out-of-stock product is back (issue #41). Made
 * only while the product's stock is 0; used up (deleted) in the transaction that raises the
 * stock from 0, which writes the back-in-stock event. Goes with its product.
 */
@Entity({ tableName: 'stock_alerts' })
// A shopper's own requests, for the storefront's Notify Me.
@Index({ name: 'stock_alerts_user_id_idx', properties: ['userId', 'createdAt'] })
export class StockAlert {
  @ManyToOne(() => Product, { primary: true, deleteRule: 'cascade', foreignKeyName: 'stock_alerts_product_id_fkey' })
  product!: Product;

  /** Identity's user id (identity owns the account and its email). */
  @PrimaryKey({ type: 'text' })
  userId!: string;

  @Property({ type: 'datetime', defaultRaw: 'now()' })
  createdAt: Date = new Date();
}
