import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/core';
import { runSql } from '@jalaj/server-kit';

/** A waiting shopper's request, as a restock takes it. */
export type TakenAlert = { productId: string; productName: string; userId: string };

/**
 * The SQL of back-in-stock alerts, by name: each method one statement with its values
 * bound, run on the entity manager it is given (the caller's unit of work), so the request,
 * the stock change that uses it up and the event about it commit together.
 */
@Injectable()
export class StockAlertsRepository {
  /**
   * A product's stock, its row share-locked until the transaction ends; null when there is
   * no such product. A stock change waits for the lock, so a request decided under it is
   * seen by the restock that follows, or waits for that restock and sees its stock.
   */
  async stockForShare(tx: EntityManager, productId: string): Promise<number | null> {
    const [row] = await runSql<{ stock_quantity: number }>(tx, 'select stock_quantity from products where id = $1 for share', [productId]);
    return row ? row.stock_quantity : null;
  }

  /** Records the request unless the shopper already made it. */
  async add(tx: EntityManager, productId: string, userId: string): Promise<void> {
    await runSql(tx, 'insert into stock_alerts (product_id, user_id) values ($1, $2) on conflict (product_id, user_id) do nothing', [productId, userId]);
  }

  /** Forgets the request, if there was one. */
  async remove(tx: EntityManager, productId: string, userId: string): Promise<void> {
    await runSql(tx, 'delete from stock_alerts where product_id = $1 and user_id = $2', [productId, userId]);
  }

  /** The products the shopper waits for, newest request first. */
  async productIdsOf(em: EntityManager, userId: string): Promise<string[]> {
    const rows = await runSql<{ product_id: string }>(em, 'select product_id from stock_alerts where user_id = $1 order by created_at desc, product_id', [userId]);
    return rows.map((r) => r.product_id);
  }

  /** How many shoppers wait for each of these products (those none wait for are left out). */
  async counts(em: EntityManager, productIds: readonly string[]): Promise<Record<string, number>> {
    if (!productIds.length) return {};
    const rows = await runSql<{ product_id: string; waiting: number }>(
      em,
      'select product_id, count(*)::integer as waiting from stock_alerts where product_id = any($1::text[]) group by product_id',
      [productIds],
    );
    return Object.fromEntries(rows.map((r) => [r.product_id, r.waiting]));
  }

  /**
   * Uses up every request for these products: deleted and answered with the product's name,
   * oldest request first per product. Run under the stock change's row lock.
   */
  async take(tx: EntityManager, productIds: readonly string[]): Promise<TakenAlert[]> {
    const rows = await runSql<{ product_id: string; name: string; user_id: string }>(
      tx,
      `with taken as (
         delete from stock_alerts where product_id = any($1::text[]) returning product_id, user_id, created_at
       )
       select t.product_id, p.name, t.user_id from taken t join products p on p.id = t.product_id
        order by t.product_id, t.created_at, t.user_id`,
      [productIds],
    );
    return rows.map((r) => ({ productId: r.product_id, productName: r.name, userId: r.user_id }));
  }
}
