import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/core';
import { runSql } from '@jalaj/server-kit';

/** A quantity of one product. */
export type StockLine = { productId: string; quantity: number };

/** A product as a reservation finds it, locked. */
export type LockedProduct = { id: string; name: string; stockQuantity: number };

export type ReservationStatus = 'held' | 'committed' | 'released';

/**
 * The SQL of stock reservations, by name: each method is one statement, its values passed
 * apart from its text, guarded so that it changes a row only while the rule that allowed
 * the change still holds. Each runs on the entity manager it is given, the unit of work of
 * {@link StockService}'s transaction (`em.transactional`), so a reservation's statements
 * commit or roll back together. The stock itself is changed by `StockLedger` alone,
 * which records each change in the stock history.
 */
@Injectable()
export class StockRepository {
  /**
   * Records a held reservation under `reservationId` for the order `orderNumber` unless one
   * exists, and locks the products with these ids that exist until the transaction ends: one
   * statement. The expiry is null for a repeated id. A concurrent reservation of the same id
   * waits here for that one's transaction, so the id is reserved once. The products are
   * locked in id order, as every stock change locks them, so two reservations cannot
   * deadlock.
   */
  async claimLocking(tx: EntityManager, reservationId: string, orderNumber: string, ttlSeconds: number, productIds: string[]): Promise<{ claimed: Date | null; products: LockedProduct[] }> {
    const [row] = await runSql<{ expires_at: string | Date | null; products: { id: string; name: string; stock_quantity: number }[] }>(
      tx,
      `with locked as (select id, name, stock_quantity from products where id = any($4::text[]) order by id for update),
            claim as (
              insert into stock_reservations (id, status, expires_at, order_number) values ($1, 'held', now() + make_interval(secs => $2), $3)
              on conflict (id) do nothing returning expires_at
            )
       select (select expires_at from claim) as expires_at, (select coalesce(json_agg(locked order by id), '[]'::json) from locked) as products`,
      [reservationId, ttlSeconds, orderNumber, productIds],
    );
    return {
      claimed: row!.expires_at === null ? null : new Date(row!.expires_at),
      products: row!.products.map((r) => ({ id: r.id, name: r.name, stockQuantity: r.stock_quantity })),
    };
  }

  /** When an existing reservation expires (or expired); null when there is none. */
  async expiresAt(tx: EntityManager, reservationId: string): Promise<Date | null> {
    const [row] = await runSql<{ expires_at: string | Date }>(tx, 'select expires_at from stock_reservations where id = $1', [reservationId]);
    return row ? new Date(row.expires_at) : null;
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
   * A reservation's lines, their products locked in id order first, as a reservation locks
   * them: what a release gives back.
   */
  async lockLines(tx: EntityManager, reservationId: string): Promise<StockLine[]> {
    const rows = await runSql<{ product_id: string; quantity: number }>(tx, 'select l.product_id, l.quantity from stock_reservation_lines l join products p on p.id = l.product_id where l.reservation_id = $1 order by p.id for update of p',
      [reservationId],
    );
    return rows.map((r) => ({ productId: r.product_id, quantity: r.quantity }));
  }

  /** Held reservations whose time ran out, oldest first. */
  async expiredHeld(tx: EntityManager, limit: number): Promise<string[]> {
    const rows = await runSql<{ id: string }>(tx, "select id from stock_reservations where status = 'held' and expires_at < now() order by expires_at limit $1", [limit]);
    return rows.map((r) => r.id);
  }
}
