import { Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { appError, fail, ok, type Result } from '@jalaj/contracts';
import { getLogger, OutboxRelay, outboxRow, runPeriodically } from '@jalaj/server-kit';
import { StockRepository } from './stock.repository.js';

type Line = { productId: string; quantity: number };
type Settled = { reservationId: string; status: 'committed' | 'released' };

/**
 * Stock reservations for checkout. Reserving takes stock away at once, only while every
 * line is in stock, so stock can never go below zero and two checkouts can never both get
 * the last plant. A reservation is committed after payment or released (payment failed,
 * or it expired), and each of those happens once, whatever the retries. Each change is one
 * statement with its stock-changed event (ADR 055); the SQL is {@link StockRepository}'s,
 * and the event is published as the statement returns.
 */
@Injectable()
export class StockService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly log = getLogger('StockService');
  private stop?: () => void;

  constructor(
    private readonly reservations: StockRepository,
    private readonly relay: OutboxRelay,
  ) {}

  async reserve(reservationId: string, lines: Line[], ttlSeconds: number): Promise<Result<{ reservationId: string; expiresAt: string }>> {
    // Duplicates summed, and in id order: the function locks the products in that order.
    const totals = new Map<string, number>();
    for (const l of lines) totals.set(l.productId, (totals.get(l.productId) ?? 0) + l.quantity);
    const sorted = [...totals].sort(([a], [b]) => a.localeCompare(b)).map(([productId, quantity]) => ({ productId, quantity }));
    const event = outboxRow('evt.catalog.product.stock-changed.v1', { reservationId, reason: 'reserved', products: [] });
    const reserved = await this.reservations.reserve(reservationId, sorted, ttlSeconds, event);
    if ('refused' in reserved) {
      const { productId, name, stock } = reserved.refused;
      if (name === null) return { ok: false, error: appError('PRODUCT_NOT_FOUND', { productId }) };
      if ((stock ?? 0) <= 0) return { ok: false, error: appError('OUT_OF_STOCK', { productId, productName: name }) };
      return { ok: false, error: appError('INSUFFICIENT_STOCK', { productId, available: stock ?? 0, inCart: 0, productName: name }) };
    }
    if (reserved.products) {
      event.envelope.data.products = reserved.products;
      void this.relay.committed([event]);
    }
    return ok({ reservationId, expiresAt: reserved.expiresAt.toISOString() });
  }

  commit(reservationId: string) {
    return this.settle(reservationId, 'committed');
  }

  release(reservationId: string) {
    return this.settle(reservationId, 'released');
  }

  /** Moves a held reservation to its final state once; a settled one answers with the state it has. */
  private async settle(reservationId: string, to: 'committed' | 'released'): Promise<Result<Settled>> {
    const event = to === 'released' ? outboxRow('evt.catalog.product.stock-changed.v1', { reservationId, reason: 'released', products: [] }) : null;
    const settled = await this.reservations.settle(reservationId, to, event);
    if (!settled.status) return fail('NOT_FOUND');
    if (settled.settled && event && settled.products) {
      event.envelope.data.products = settled.products;
      void this.relay.committed([event]);
    }
    // 'held' cannot come back: the function moves a held reservation or answers a settled one's status.
    return ok({ reservationId, status: settled.status as Settled['status'] });
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
