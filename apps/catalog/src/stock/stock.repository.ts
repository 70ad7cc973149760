import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/core';
import { runSql } from '@jalaj/server-kit';

/** A quantity of one product. */
export type StockLine = { productId: string; quantity: number };

/** A product as a reservation finds it, locked. */
export type LockedProduct = { id: string; name: string; stockQuantity: number };

/** The stock a product was left at by a change. */
export type StockLeft = { productId: string; stockQuantity: number };

export type ReservationStatus = 'held' | 'committed' | 'released';

/**
 * The SQL of stock reservations, by name: each method is one statement, its values passed
 * apart from its text, guarded so that it changes a row only while the rule that allowed
 * the change still holds. Each runs on the entity manager it is given, the unit of work of
 * {@link StockService}'s transaction (`em.transactional`), so a reservation's statements
 * commit or roll back together.
 */
@Injectable()
export class StockRepository {
  /**
   * Records a held reservation under `reservationId` unless one exists: its expiry, or null
   * for a repeated id. A concurrent reservation of the same id waits here for that one's
   * transaction, so the id is reserved once.
   */
  async claim(tx: EntityManager, reservationId: string, ttlSeconds: number): Promise<Date | null> {
    const [row] = await runSql<{ expires_at: string | Date }>(tx, "insert into stock_reservations (id, status, expires_at) values ($1, 'held', now() + make_interval(secs => $2)) on conflict (id) do nothing returning expires_at",
      [reservationId, ttlSeconds],
    );
    return row ? new Date(row.expires_at) : null;
  }

  /** When an existing reservation expires (or expired); null when there is none. */
  async expiresAt(tx: EntityManager, reservationId: string): Promise<Date | null> {
    const [row] = await runSql<{ expires_at: string | Date }>(tx, 'select expires_at from stock_reservations where id = $1', [reservationId]);
    return row ? new Date(row.expires_at) : null;
  }

  /**
   * The products with these ids that exist, locked until the transaction ends. Locked in id
   * order, as every stock change locks them, so two reservations cannot deadlock.
   */
  async lockProducts(tx: EntityManager, productIds: string[]): Promise<LockedProduct[]> {
    const rows = await runSql<{ id: string; name: string; stock_quantity: number }>(tx, 'select id, name, stock_quantity from products where id = any($1::text[]) order by id for update',
      [productIds],
    );
    return rows.map((r) => ({ id: r.id, name: r.name, stockQuantity: r.stock_quantity }));
  }

  /**
   * Takes each line's quantity from its product's stock, only while that much is in stock,
   * and records the line under the reservation: the stock each product taken from was left
   * at, in id order. A line it could not take is missing from the answer (and recorded
   * nowhere). Each product once in `lines`.
   */
  async take(tx: EntityManager, reservationId: string, lines: StockLine[]): Promise<StockLeft[]> {
    const rows = await runSql<{ id: string; stock_quantity: number }>(tx, `with wanted as (
         select * from unnest($1::text[], $2::integer[]) as w (product_id, quantity)
       ), taken as (
         update products p set stock_quantity = p.stock_quantity - w.quantity, updated_at = now()
           from wanted w
          where p.id = w.product_id and p.stock_quantity >= w.quantity
         returning p.id, p.stock_quantity, w.quantity
       ), recorded as (
         insert into stock_reservation_lines (reservation_id, product_id, quantity)
         select $3, id, quantity from taken
       )
       select id, stock_quantity from taken order by id`,
      [lines.map((l) => l.productId), lines.map((l) => l.quantity), reservationId],
    );
    return rows.map((r) => ({ productId: r.id, stockQuantity: r.stock_quantity }));
  }

  /** Moves the reservation to `to` if it is held: whether it moved. */
  async settleHeld(tx: EntityManager, reservationId: string, to: 'committed' | 'released'): Promise<boolean> {
    const rows = await runSql(tx, "update stock_reservations set status = $1, settled_at = now() where id = $2 and status = 'held' returning id", [to, reservationId]);
    return rows.length > 0;
  }

  /** A reservation's status; null when there is none. */
  async status(tx: EntityManager, reservationId: string): Promise<ReservationStatus | null> {
    const [row] = await runSql<{ status: ReservationStatus }>(tx, 'select status from stock_reservations where id = $1', [reservationId]);
    return row?.status ?? null;
  }

  /**
   * Gives a reservation's lines back to their products' stock: the stock each was left at
   * and how much came back, in id order. The products are locked in id order first, as a
   * reservation locks them.
   */
  async restock(tx: EntityManager, reservationId: string): Promise<(StockLeft & { returned: number })[]> {
    await runSql(tx, 'select p.id from products p join stock_reservation_lines l on l.product_id = p.id where l.reservation_id = $1 order by p.id for update of p',
      [reservationId],
    );
    const rows = await runSql<{ id: string; stock_quantity: number; quantity: number }>(tx, `update products p set stock_quantity = p.stock_quantity + l.quantity, updated_at = now()
         from stock_reservation_lines l
        where l.reservation_id = $1 and p.id = l.product_id
       returning p.id, p.stock_quantity, l.quantity`,
      [reservationId],
    );
    return rows.map((r) => ({ productId: r.id, stockQuantity: r.stock_quantity, returned: r.quantity })).sort((a, b) => (a.productId < b.productId ? -1 : 1));
  }

  /** Held reservations whose time ran out, oldest first. */
  async expiredHeld(tx: EntityManager, limit: number): Promise<string[]> {
    const rows = await runSql<{ id: string }>(tx, "select id from stock_reservations where status = 'held' and expires_at < now() order by expires_at limit $1", [limit]);
    return rows.map((r) => r.id);
  }
}
