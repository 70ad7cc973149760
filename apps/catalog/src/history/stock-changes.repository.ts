import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/core';
import { MAX_INT4, type StockChange, type StockChangeCause } from '@jalaj/contracts';
import { runSql } from '@jalaj/server-kit';

/**
 * Why stock changes, with what names it: the reservation of an order's checkout (a sale,
 * or its hold given back), or the admin (and an adjustment's reason). A sale also records
 * its lines under the reservation: they are what a release gives back.
 */
export type StockCause =
  | { readonly cause: 'sale' | 'release' | 'expiry'; readonly reservationId: string }
  | { readonly cause: 'created' | 'edit'; readonly actorId: string }
  | { readonly cause: 'adjustment'; readonly actorId: string; readonly note: string }
  | { readonly cause: 'opening' };

/** Plants added to (positive) or taken from (negative) one product's stock. */
export type StockMove = { readonly productId: string; readonly change: number };

/** A move as it was made: the stock the product was left at, and when (its `updatedAt`). */
export type StockMoved = StockMove & { readonly stockQuantity: number; readonly updatedAt: string };

const causeColumns = (c: StockCause): [StockChangeCause, string | null, string | null, string | null] => {
  switch (c.cause) {
    case 'sale':
    case 'release':
    case 'expiry':
      return [c.cause, c.reservationId, null, null];
    case 'created':
    case 'edit':
      return [c.cause, null, c.actorId, null];
    case 'adjustment':
      return [c.cause, null, c.actorId, c.note];
    case 'opening':
      return [c.cause, null, null, null];
  }
};

/**
 * The SQL of `stock_changes`, the stock history (issue #42, ADR 080). {@link record} is the
 * only statement of the service that writes `products.stock_quantity`; it runs on the
 * entity manager it is given, the unit of work of its caller's transaction.
 */
@Injectable()
export class StockChangesRepository {
  /**
   * Moves each product's stock by its change and, in the same statement, records each
   * change in `stock_changes` with its cause and the stock after it: a change is made with
   * its record or not at all. Guarded: a move that would leave less than 0 or more than a
   * PostgreSQL integer changes nothing (its callers decide under the row lock; the guard
   * keeps the column valid if one did not). A sale also records its reservation's lines.
   * The product's last change (`updated_at`) moves to the transaction's time, never back
   * (a product inserted or saved by the ORM in the same transaction keeps its own).
   *
   * @returns The moves made, in product id order; a move the guard refused is missing.
   */
  async record(tx: EntityManager, cause: StockCause, moves: readonly StockMove[]): Promise<StockMoved[]> {
    const [name, reservationId, actorId, note] = causeColumns(cause);
    const rows = await runSql<{ id: string; stock_quantity: number; change: number; updated_at: Date | string }>(
      tx,
      `with wanted as (
         select * from unnest($1::text[], $2::integer[]) as w (product_id, change)
       ), changed as (
         update products p set stock_quantity = p.stock_quantity + w.change, updated_at = greatest(p.updated_at, now())
           from wanted w
          where p.id = w.product_id and p.stock_quantity::bigint + w.change between 0 and $7
         returning p.id, p.stock_quantity, w.change, p.updated_at
       ), recorded as (
         insert into stock_changes (product_id, cause, change, stock_after, reservation_id, actor_id, note)
         select id, $3, change, stock_quantity, $4, $5, $6 from changed
       ), held as (
         insert into stock_reservation_lines (reservation_id, product_id, quantity)
         select $4, id, -change from changed where $3::text = 'sale'
       )
       select id, stock_quantity, change, updated_at from changed order by id`,
      [moves.map((m) => m.productId), moves.map((m) => m.change), name, reservationId, actorId, note, MAX_INT4],
    );
    return rows.map((r) => ({ productId: r.id, change: r.change, stockQuantity: r.stock_quantity, updatedAt: new Date(r.updated_at).toISOString() }));
  }

  /** A product's stock now and how many changes it has; null when there is no such product. */
  async summary(tx: EntityManager, productId: string): Promise<{ stockQuantity: number; total: number } | null> {
    const [row] = await runSql<{ stock_quantity: number; total: string }>(
      tx,
      'select p.stock_quantity, (select count(*) from stock_changes c where c.product_id = p.id) as total from products p where p.id = $1',
      [productId],
    );
    return row ? { stockQuantity: row.stock_quantity, total: Number(row.total) } : null;
  }

  /** One page of a product's changes, newest first, each with the order its reservation was for. */
  async page(tx: EntityManager, productId: string, limit: number, offset: number): Promise<StockChange[]> {
    const rows = await runSql<{ id: string; created_at: Date | string; cause: StockChangeCause; change: number; stock_after: number; order_number: string | null; actor_id: string | null; note: string | null }>(
      tx,
      `select c.id::text as id, c.created_at, c.cause, c.change, c.stock_after, r.order_number, c.actor_id, c.note
         from stock_changes c left join stock_reservations r on r.id = c.reservation_id
        where c.product_id = $1
        order by c.id desc
        limit $2 offset $3`,
      [productId, limit, offset],
    );
    return rows.map((r) => ({
      id: r.id,
      at: new Date(r.created_at).toISOString(),
      cause: r.cause,
      change: r.change,
      stockAfter: r.stock_after,
      orderNumber: r.order_number,
      actorId: r.actor_id,
      note: r.note,
    }));
  }
}
