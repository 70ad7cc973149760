import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/core';

/**
 * The conditional SQL of stock reservations, by name. Each method runs on the injected
 * `EntityManager`, which resolves to the caller's transaction (`em.transactional`), so a
 * reservation's statements commit or roll back together.
 */
@Injectable()
export class StockRepository {
  constructor(private readonly em: EntityManager) {}

  private async query<R>(sql: string, params: unknown[]): Promise<R[]> {
    return (await this.em.getConnection().execute(sql, params, 'all', this.em.getTransactionContext())) as R[];
  }

  /** Records a held reservation, unless the id exists; its expiry, or null for a repeated id. */
  async insertHeld(reservationId: string, ttlSeconds: number): Promise<Date | null> {
    const [row] = await this.query<{ expires_at: Date }>(
      "insert into stock_reservations (id, status, expires_at) values (?, 'held', now() + make_interval(secs => ?)) on conflict (id) do nothing returning expires_at",
      [reservationId, ttlSeconds],
    );
    return row ? new Date(row.expires_at) : null;
  }

  /** When an existing reservation expires (or expired). */
  async expiresAt(reservationId: string): Promise<Date | null> {
    const [row] = await this.query<{ expires_at: Date }>('select expires_at from stock_reservations where id = ?', [reservationId]);
    return row ? new Date(row.expires_at) : null;
  }

  /** Takes `quantity` of a product only while that much is in stock: the stock left, or null when refused. */
  async takeStock(productId: string, quantity: number): Promise<number | null> {
    const [row] = await this.query<{ stock_quantity: number }>(
      'update products set stock_quantity = stock_quantity - ? where id = ? and stock_quantity >= ? returning stock_quantity',
      [quantity, productId, quantity],
    );
    return row ? row.stock_quantity : null;
  }

  /** A product's name and stock, to explain a refusal; null when there is no such product. */
  async product(productId: string): Promise<{ name: string; stockQuantity: number } | null> {
    const [row] = await this.query<{ name: string; stock_quantity: number }>('select name, stock_quantity from products where id = ?', [productId]);
    return row ? { name: row.name, stockQuantity: row.stock_quantity } : null;
  }

  async insertLine(reservationId: string, productId: string, quantity: number): Promise<void> {
    await this.query('insert into stock_reservation_lines (reservation_id, product_id, quantity) values (?, ?, ?)', [reservationId, productId, quantity]);
  }

  /** A reservation's status, its row locked until the transaction ends; null when there is none. */
  async lockStatus(reservationId: string): Promise<string | null> {
    const [row] = await this.query<{ status: string }>('select status from stock_reservations where id = ? for update', [reservationId]);
    return row?.status ?? null;
  }

  /** Gives a reservation's lines back to stock: each product's stock afterwards. */
  async restoreStock(reservationId: string): Promise<{ productId: string; stockQuantity: number }[]> {
    const rows = await this.query<{ id: string; stock_quantity: number }>(
      'update products p set stock_quantity = p.stock_quantity + l.quantity from stock_reservation_lines l where l.reservation_id = ? and l.product_id = p.id returning p.id, p.stock_quantity',
      [reservationId],
    );
    return rows.map((r) => ({ productId: r.id, stockQuantity: r.stock_quantity }));
  }

  async markSettled(reservationId: string, status: 'committed' | 'released'): Promise<void> {
    await this.query('update stock_reservations set status = ?, settled_at = now() where id = ?', [status, reservationId]);
  }

  /** Held reservations whose time ran out, oldest first. */
  async expiredHeld(limit: number): Promise<string[]> {
    const rows = await this.query<{ id: string }>("select id from stock_reservations where status = 'held' and expires_at < now() order by expires_at limit ?", [limit]);
    return rows.map((r) => r.id);
  }
}
