import type { Opt } from '@mikro-orm/core';
import { Check, Entity, Index, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';

/** A plant for sale (spec §3 Product). The price is stored in rupees with two decimals. */
@Entity({ tableName: 'products' })
@Index({ name: 'products_created_at_idx', properties: ['createdAt', 'id'] })
// Name search (added with the stock reservations migration).
@Index({ name: 'products_name_idx', expression: 'create index products_name_idx on products (lower(name))' })
export class Product {
  @PrimaryKey({ type: 'text' })
  id!: string;

  @Property({ type: 'text' })
  name!: string;

  @Property({ type: 'text', default: '' })
  description: string = '';

  /** Rupees, numeric(10,2); converted to paise at the edge of the service. */
  @Property({ type: 'decimal', precision: 10, scale: 2 })
  @Check({ name: 'products_price_check', expression: 'price >= 0' })
  price!: string;

  /** Never below zero (a check constraint backs this). */
  @Property({ type: 'integer', default: 0 })
  @Check({ name: 'products_stock_quantity_check', expression: 'stock_quantity >= 0' })
  stockQuantity: number = 0;

  @Property({ type: 'text', default: 'aquatic_plant' })
  category: string = 'aquatic_plant';

  /** Up to four image addresses, main image first. */
  @Property({ type: 'json', defaultRaw: "'[]'::jsonb" })
  imageUrls: string[] = [];

  @Property({ type: 'text', nullable: true })
  plantDifficulty?: string | null;

  @Property({ type: 'text', nullable: true, fieldName: 'co2_requirement' })
  co2Requirement?: string | null;

  @Property({ type: 'text', nullable: true })
  lightRequirement?: string | null;

  @Property({ type: 'text', nullable: true })
  carbonateHardnessKh?: string | null;

  @Property({ type: 'text', nullable: true })
  generalHardnessGh?: string | null;

  @Property({ type: 'datetime', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  /**
   * The last change: set by the ORM at every flushed edit, and by the stock statements
   * (stock.repository.ts) at every sale or release, which change what the product page
   * shows. The sitemap's `lastmod` (issue #40).
   */
  @Property({ type: 'datetime', defaultRaw: 'now()', onUpdate: () => new Date() })
  updatedAt: Opt<Date> = new Date();

  /**
   * The edit version (issue #38): the ORM raises it by one with every flushed change of
   * the entity, and the admin form sends the one it loaded. Sales change the stock by
   * guarded statements outside the ORM and leave it as it is.
   */
  @Property({ version: true, type: 'integer', default: 1 })
  version: Opt<number> = 1;
}
