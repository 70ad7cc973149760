import { Check, Entity, Index, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';

/**
 * A checkout's hold on stock (ADR 008): held until committed (paid) or released (payment
 * failed, or it expired). Written by {@link StockService} with conditional SQL, so each
 * transition happens once whatever the retries; the entity maps the table.
 */
@Entity({ tableName: 'stock_reservations' })
// Held reservations by expiry, for the release of expired ones.
@Index({ name: 'stock_reservations_expiry_idx', expression: "create index stock_reservations_expiry_idx on stock_reservations (expires_at) where status = 'held'" })
export class StockReservation {
  /** The caller's reservation id: a repeated reserve is answered with the first. */
  @PrimaryKey({ type: 'text' })
  id!: string;

  @Property({ type: 'text' })
  @Check({ name: 'stock_reservations_status_check', expression: "status in ('held', 'committed', 'released')" })
  status!: 'held' | 'committed' | 'released';

  @Property({ type: 'datetime', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Property({ type: 'datetime' })
  expiresAt!: Date;

  @Property({ type: 'datetime', nullable: true })
  settledAt?: Date | null;

  /** The order the plants are held for (its number): the stock history names the sale and the release by it. Null for holds made before it was kept. */
  @Property({ type: 'text', nullable: true })
  orderNumber?: string | null;
}

/** The quantity of one product a reservation holds; given back when it is released. */
@Entity({ tableName: 'stock_reservation_lines' })
export class StockReservationLine {
  @ManyToOne(() => StockReservation, { primary: true, deleteRule: 'cascade', foreignKeyName: 'stock_reservation_lines_reservation_id_fkey' })
  reservation!: StockReservation;

  @PrimaryKey({ type: 'text' })
  productId!: string;

  @Property({ type: 'integer' })
  @Check({ name: 'stock_reservation_lines_quantity_check', expression: 'quantity > 0' })
  quantity!: number;
}
