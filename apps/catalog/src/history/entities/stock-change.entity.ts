import { Check, Entity, Index, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import type { StockChangeCause } from '@jalaj/contracts';
import { Product } from '../../products/entities/product.entity.js';

/**
 * One change of a product's stock and why (issue #42, ADR 080). Written only by
 * {@link StockLedger}, in the statement that changes `products.stock_quantity`, so a
 * product's stock is the sum of its changes; never updated. Goes with its product.
 */
@Entity({ tableName: 'stock_changes' })
// A product's history, newest first.
@Index({ name: 'stock_changes_product_id_idx', properties: ['product', 'id'] })
@Check({ name: 'stock_changes_change_check', expression: "change <> 0 or cause = 'opening'" })
export class StockChange {
  /** Increasing in the order the changes of one product were made (its row lock orders them). */
  @PrimaryKey({ type: 'bigint', autoincrement: true })
  id!: string;

  @ManyToOne(() => Product, { deleteRule: 'cascade', foreignKeyName: 'stock_changes_product_id_fkey' })
  product!: Product;

  @Property({ type: 'text' })
  @Check({ name: 'stock_changes_cause_check', expression: "cause in ('opening', 'created', 'edit', 'adjustment', 'sale', 'release', 'expiry')" })
  cause!: StockChangeCause;

  /** Plants added (positive) or taken (negative). */
  @Property({ type: 'integer' })
  change!: number;

  @Property({ type: 'integer' })
  @Check({ name: 'stock_changes_stock_after_check', expression: 'stock_after >= 0' })
  stockAfter!: number;

  /** The reservation whose checkout took or gave back the plants (sale, release, expiry); its order names them. */
  @Property({ type: 'text', nullable: true })
  reservationId?: string | null;

  /** The admin who made it (created, edit, adjustment). */
  @Property({ type: 'text', nullable: true })
  actorId?: string | null;

  /** An adjustment's reason. */
  @Property({ type: 'text', nullable: true })
  note?: string | null;

  @Property({ type: 'datetime', defaultRaw: 'now()' })
  createdAt: Date = new Date();
}
