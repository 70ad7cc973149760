import { Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/core';
import { AppErrorException, appError, fail, ok, type Result } from '@jalaj/contracts';
import { addToOutbox, getLogger, OutboxRelay, runPeriodically } from '@jalaj/server-kit';
import { StockRepository } from './stock.repository.js';

type Line = { productId: string; quantity: number };
type Settled = { reservationId: string; status: 'committed' | 'released' };

/**
 * Stock reservations for checkout. Reserving takes stock away at once with conditional
 * updates (`stock_quantity >= n`), so stock can never go below zero and two checkouts can
 * never both get the last plant. A reservation is committed after payment or released
 * (payment failed, or it expired), and each of those happens once, whatever the retries.
 * Each write is one `em.transactional` here (ADR 014); the SQL is {@link StockRepository}'s.
 */
@Injectable()
export class StockService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly log = getLogger('StockService');
  private stop?: () => void;

  constructor(
    private readonly em: EntityManager,
    private readonly reservations: StockRepository,
    private readonly relay: OutboxRelay,
  ) {}

  async reserve(reservationId: string, lines: Line[], ttlSeconds: number): Promise<Result<{ reservationId: string; expiresAt: string }>> {
    try {
      // One transaction: the reservation, its lines and the event, or nothing.
      const result = await this.em.transactional(async (tx) => {
        const expiresAt = await this.reservations.insertHeld(reservationId, ttlSeconds);
        if (!expiresAt) return ok({ reservationId, expiresAt: (await this.reservations.expiresAt(reservationId))!.toISOString() });
        // Sum duplicates and lock rows in id order, so concurrent reservations cannot deadlock.
        const totals = new Map<string, number>();
        for (const l of lines) totals.set(l.productId, (totals.get(l.productId) ?? 0) + l.quantity);
        const changed: { productId: string; stockQuantity: number }[] = [];
        for (const [productId, quantity] of [...totals].sort(([a], [b]) => a.localeCompare(b))) {
          const left = await this.reservations.takeStock(productId, quantity);
          if (left === null) {
            const row = await this.reservations.product(productId);
            // Throwing rolls back the lines reserved so far: all or nothing.
            if (!row) throw new AppErrorException(appError('PRODUCT_NOT_FOUND', { productId }));
            if (row.stockQuantity <= 0) throw new AppErrorException(appError('OUT_OF_STOCK', { productId, productName: row.name }));
            throw new AppErrorException(appError('INSUFFICIENT_STOCK', { productId, available: row.stockQuantity, inCart: 0, productName: row.name }));
          }
          await this.reservations.insertLine(reservationId, productId, quantity);
          changed.push({ productId, stockQuantity: left });
        }
        addToOutbox(tx, 'evt.catalog.product.stock-changed.v1', { reservationId, reason: 'reserved', products: changed });
        return ok({ reservationId, expiresAt: expiresAt.toISOString() });
      });
      this.relay.nudge();
      return result;
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
    const result = await this.em.transactional(async (tx) => {
      const status = await this.reservations.lockStatus(reservationId);
      if (!status) return fail('NOT_FOUND');
      if (status !== 'held') return ok({ reservationId, status: status as Settled['status'] });
      if (to === 'released') {
        const products = await this.reservations.restoreStock(reservationId);
        addToOutbox(tx, 'evt.catalog.product.stock-changed.v1', { reservationId, reason: 'released', products });
      }
      await this.reservations.markSettled(reservationId, to);
      return ok({ reservationId, status: to });
    });
    this.relay.nudge();
    return result;
  }

  /** Releases reservations whose time ran out (a checkout abandoned before payment); each in its own transaction. */
  async releaseExpired(): Promise<number> {
    const ids = await this.reservations.expiredHeld(100);
    for (const id of ids) await this.release(id);
    return ids.length;
  }

  onApplicationBootstrap() {
    this.stop = runPeriodically('expired reservations released', () => this.releaseExpired(), { intervalMs: 30_000, initialDelayMs: 5_000, log: this.log });
  }

  onApplicationShutdown() {
    this.stop?.();
  }
}
