import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';

/**
 * What the cart knows of a catalogue product: the facts a cart line shows and prices with,
 * kept in step by catalog's events (ADR 023). `factsAt`/`stockAt` are the times of the
 * newest event applied to the descriptive facts and to the stock: an older event that
 * arrives late (another consumer, a redelivery) changes nothing.
 */
@Entity({ tableName: 'cart_products' })
export class CartProduct {
  @PrimaryKey({ type: 'text' })
  productId!: string;

  @Property({ type: 'text' })
  name!: string;

  @Property({ type: 'integer' })
  pricePaise!: number;

  @Property({ type: 'text', nullable: true })
  imageUrl!: string | null;

  @Property({ type: 'integer' })
  stockQuantity!: number;

  /** Deleted from the catalogue: the line stays visible but counts for nothing. */
  @Property({ type: 'boolean', default: false })
  deleted!: boolean;

  @Property({ type: 'datetime' })
  factsAt!: Date;

  @Property({ type: 'datetime' })
  stockAt!: Date;
}
