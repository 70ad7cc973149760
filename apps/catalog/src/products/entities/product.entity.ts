import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';

/** A plant for sale (spec §3 Product). The price is stored in rupees with two decimals. */
@Entity({ tableName: 'products' })
export class Product {
  @PrimaryKey({ type: 'string' })
  id!: string;

  @Property({ type: 'string' })
  name!: string;

  @Property({ type: 'text' })
  description: string = '';

  /** Rupees, numeric(10,2); converted to paise at the edge of the service. */
  @Property({ type: 'decimal', precision: 10, scale: 2 })
  price!: string;

  /** Never below zero (a check constraint backs this). */
  @Property({ type: 'integer' })
  stockQuantity: number = 0;

  @Property({ type: 'string' })
  category: string = 'aquatic_plant';

  /** Up to four image addresses, main image first. */
  @Property({ type: 'json' })
  imageUrls: string[] = [];

  @Property({ type: 'string', nullable: true })
  plantDifficulty?: string | null;

  @Property({ type: 'string', nullable: true, fieldName: 'co2_requirement' })
  co2Requirement?: string | null;

  @Property({ type: 'string', nullable: true })
  lightRequirement?: string | null;

  @Property({ type: 'string', nullable: true })
  carbonateHardnessKh?: string | null;

  @Property({ type: 'string', nullable: true })
  generalHardnessGh?: string | null;

  @Index()
  @Property({ type: 'datetime' })
  createdAt: Date = new Date();
}
