import { Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { EntityManager, MikroORM } from '@mikro-orm/core';
import { CART_MESSAGES, insufficientStockMessage } from '@jalaj/commerce';
import { AppErrorException, fail, ok, type Result } from '@jalaj/contracts';
import { getLogger, runPeriodically } from '@jalaj/server-kit';

type Line = { productId: string; quantity: number };
type Settled = { reservationId: string; status: 'committed' | 'released' };

/**
 * Stock reservations for checkout. Reserving takes stock away at once with conditional
 * updates (`stock_quantity >= n`), so stock can never go below zero and two checkouts can
 * never both get the last plant. A reservation is committed after payment or released
 * (payment failed, or it expired), and each of those happens once, whatever the retries.
 */
@Injectable()
export class StockService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly log = getLogger('StockService');
  private stop?: () => void;

  constructor(
    private readonly em: EntityManager,
    private readonly orm: MikroORM,
  ) {}

  async reserve(reservationId: string, lines: Line[], ttlSeconds: number): Promise<Result<{ reservationId: string; expiresAt: string }>> {
    try {
      return await this.em.fork().transactional(async (tx) => {
        const conn = tx.getConnection();
        const ctx = tx.getTransactionContext();
        const inserted = (await conn.execute(
          "insert into stock_reservations (id, status, expires_at) values (?, 'held', now() + make_interval(secs => ?)) on conflict (id) do nothing returning expires_at",
          [reservationId, ttlSeconds],
          'all',
          ctx,
        )) as { expires_at: Date }[];
        if (!inserted.length) {
          const [existing] = (await conn.execute('select status, expires_at from stock_reservations where id = ?', [reservationId], 'all', ctx)) as { status: string; expires_at: Date }[];
          return ok({ reservationId, expiresAt: new Date(existing!.expires_at).toISOString() });
        }
        // Sum duplicates and lock rows in id order, so concurrent reservations cannot deadlock.
        const totals = new Map<string, number>();
        for (const l of lines) totals.set(l.productId, (totals.get(l.productId) ?? 0) + l.quantity);
        for (const [productId, quantity] of [...totals].sort(([a], [b]) => a.localeCompare(b))) {
          const updated = (await conn.execute(
            'update products set stock_quantity = stock_quantity - ? where id = ? and stock_quantity >= ? returning stock_quantity',
            [quantity, productId, quantity],
            'all',
            ctx,
          )) as unknown[];
          if (!updated.length) {
            const [row] = (await conn.execute('select name, stock_quantity from products where id = ?', [productId], 'all', ctx)) as { name: string; stock_quantity: number }[];
            // Throwing rolls back the lines reserved so far: all or nothing.
            if (!row) throw new AppErrorException({ code: 'NOT_FOUND', message: 'Product not found', title: productId });
            if (row.stock_quantity <= 0) throw new AppErrorException({ code: 'OUT_OF_STOCK', title: CART_MESSAGES.outOfStockTitle, message: `${row.name}: ${CART_MESSAGES.outOfStockText}` });
            throw new AppErrorException({ code: 'INSUFFICIENT_STOCK', title: CART_MESSAGES.insufficientStockTitle, message: `${row.name}: ${insufficientStockMessage(row.stock_quantity)}` });
          }
          await conn.execute('insert into stock_reservation_lines (reservation_id, product_id, quantity) values (?, ?, ?)', [reservationId, productId, quantity], 'run', ctx);
        }
        return ok({ reservationId, expiresAt: new Date(inserted[0]!.expires_at).toISOString() });
      });
    } catch (e) {
      if (e instanceof AppErrorException) return { ok: false, error: e.error };
      throw e;
    }
  }

  commit(reservationId: string) {
    return this.settle(reservationId, 'committed');
  }

  release(reservationId: string) {
    return this.settle(reservationId, 'released');
  }

  /** Moves a held reservation to its final state once; a settled one answers with the state it has. */
  private async settle(reservationId: string, to: 'committed' | 'released'): Promise<Result<Settled>> {
    return this.em.fork().transactional(async (tx) => {
      const conn = tx.getConnection();
      const ctx = tx.getTransactionContext();
      const [row] = (await conn.execute('select status from stock_reservations where id = ? for update', [reservationId], 'all', ctx)) as { status: string }[];
      if (!row) return fail('NOT_FOUND', 'Reservation not found');
      if (row.status !== 'held') return ok({ reservationId, status: row.status as Settled['status'] });
      if (to === 'released') {
        await conn.execute(
          'update products p set stock_quantity = p.stock_quantity + l.quantity from stock_reservation_lines l where l.reservation_id = ? and l.product_id = p.id',
          [reservationId],
          'run',
          ctx,
        );
      }
      await conn.execute('update stock_reservations set status = ?, settled_at = now() where id = ?', [to, reservationId], 'run', ctx);
      return ok({ reservationId, status: to });
    });
  }

  /** Releases reservations whose time ran out (a checkout abandoned before payment). */
  async releaseExpired(): Promise<number> {
    const rows = (await this.orm.em
      .fork()
      .getConnection()
      .execute("select id from stock_reservations where status = 'held' and expires_at < now() order by expires_at limit 100")) as { id: string }[];
    for (const { id } of rows) await this.release(id);
    return rows.length;
  }

  onApplicationBootstrap() {
    this.stop = runPeriodically('expired reservations released', () => this.releaseExpired(), { intervalMs: 30_000, initialDelayMs: 5_000, log: this.log });
  }

  onApplicationShutdown() {
    this.stop?.();
  }
}
