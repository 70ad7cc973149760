import { Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/core';
import { holdableUnits } from '@jalaj/commerce';
import { AppErrorException, appError, fail, ok, type AppError, type Result } from '@jalaj/contracts';
import { addToOutbox, getLogger, OutboxRelay, runPeriodically } from '@jalaj/server-kit';
import { StockLedger } from '../history/stock-ledger.service.js';
import { StockRepository, type LockedProduct, type StockLine } from './stock.repository.js';

type Settled = { reservationId: string; status: 'committed' | 'released' };

/** A reservation's lines as it takes them: each product once, its quantities added up, in id order. */
export function reservationLines(lines: StockLine[]): StockLine[] {
  const totals = new Map<string, number>();
  for (const l of lines) totals.set(l.productId, (totals.get(l.productId) ?? 0) + l.quantity);
  return [...totals].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([productId, quantity]) => ({ productId, quantity }));
}

/**
 * Why `lines` cannot all be had from `products` as they are: the first line whose product
 * does not exist, is out of stock or has less than the line wants, named with what the
 * shopper is told; null when every line can be had. With `maxSharePercent` (an unpaid
 * checkout's hold, ADR 073), a line may take no more than `holdableUnits` of its stock.
 */
export function refusal(lines: StockLine[], products: LockedProduct[], maxSharePercent?: number): AppError | null {
  const byId = new Map(products.map((p) => [p.id, p]));
  for (const { productId, quantity } of lines) {
    const product = byId.get(productId);
    if (!product) return appError('PRODUCT_NOT_FOUND', { productId });
    if (product.stockQuantity <= 0) return appError('OUT_OF_STOCK', { productId, productName: product.name });
    if (product.stockQuantity < quantity) return appError('INSUFFICIENT_STOCK', { productId, available: product.stockQuantity, inCart: 0, productName: product.name });
    if (maxSharePercent === undefined) continue;
    const holdable = holdableUnits(product.stockQuantity, maxSharePercent);
    if (quantity > holdable) return appError('HOLD_LIMIT', { productId, productName: product.name, holdable, stock: product.stockQuantity });
  }
  return null;
}

/**
 * What a settle answers for a reservation it did not move (it was not held): the status it
 * has. None, or one still held (reserved under that id after the settle looked), is not
 * found: there was no held reservation to settle when it was asked.
 */
export function settledBefore(reservationId: string, status: 'held' | 'committed' | 'released' | null): Result<Settled> {
  return status === null || status === 'held' ? fail('NOT_FOUND') : ok({ reservationId, status });
}

/**
 * Stock reservations for checkout. Reserving takes stock away at once, only while every
 * line is in stock, so stock can never go below zero and two checkouts can never both get
 * the last plant. A reservation is committed after payment or released (payment failed,
 * or it expired), and each of those happens once, whatever the retries.
 *
 * The rules are here; each change is one transaction of the unit of work, whose statements
 * ({@link StockRepository}) are guarded so that they hold under concurrent callers: the
 * reservation id claimed first (a second caller of the same id waits for the first), the
 * products locked in id order, the stock taken only while there is enough, a reservation
 * settled only while it is held. The stock-changed event goes through the outbox, in the
 * same transaction (ADR 065).
 */
@Injectable()
export class StockService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly log = getLogger('StockService');
  private stop?: () => void;

  constructor(
    private readonly em: EntityManager,
    private readonly reservations: StockRepository,
    private readonly relay: OutboxRelay,
    private readonly ledger: StockLedger,
  ) {}

  /**
   * Holds every line for `ttlSeconds`, or none; a repeated `reservationId` answers with the
   * first hold. With `maxSharePercent`, each line within that share of its stock ({@link refusal}).
   */
  async reserve(reservationId: string, orderNumber: string, lines: StockLine[], ttlSeconds: number, maxSharePercent?: number): Promise<Result<{ reservationId: string; expiresAt: string }>> {
    const wanted = reservationLines(lines);
    try {
      const expiresAt = await this.em.transactional(async (tx) => {
        const { claimed, products } = await this.reservations.claimLocking(tx, reservationId, orderNumber, ttlSeconds, wanted.map((l) => l.productId));
        if (!claimed) return (await this.reservations.expiresAt(tx, reservationId))!;
        const refused = refusal(wanted, products, maxSharePercent);
        // Thrown, so the transaction rolls back the claim: a refused reservation leaves nothing.
        if (refused) throw new AppErrorException(refused);
        // The sale is recorded in the stock history, with the reservation's lines, in the statement that takes the stock.
        const taken = await this.ledger.apply(tx, { cause: 'sale', reservationId }, wanted.map((l) => ({ productId: l.productId, change: -l.quantity })));
        const left = taken.map(({ productId, stockQuantity }) => ({ productId, stockQuantity }));
        // The products are locked and were checked, so the guard cannot refuse a line; if it did, nothing is kept.
        if (left.length !== wanted.length) throw new Error(`reservation ${reservationId}: stock changed under its lock`);
        addToOutbox(tx, 'evt.catalog.product.stock-changed.v1', { reservationId, reason: 'reserved', products: left });
        return claimed;
      });
      this.relay.nudge();
      return ok({ reservationId, expiresAt: expiresAt.toISOString() });
    } catch (e) {
      if (e instanceof AppErrorException) return { ok: false, error: e.error };
      throw e;
    }
  }

  /** Sells a held reservation: its one guarded statement, a change of its own, with no transaction around it. */
  async commit(reservationId: string): Promise<Result<Settled>> {
    return (await this.moveHeld(this.em, reservationId, 'committed')) ?? ok({ reservationId, status: 'committed' });
  }

  /** Gives a hold back because its order was not paid (failed, replaced); the history says so. */
  release(reservationId: string) {
    return this.giveBack(reservationId, 'release');
  }

  /**
   * Moves a held reservation to `to` on `em`: null when it did; else what a settle answers
   * for a reservation that was not held (the state it has).
   */
  private async moveHeld(em: EntityManager, reservationId: string, to: 'committed' | 'released'): Promise<Result<Settled> | null> {
    if (await this.reservations.settleHeld(em, reservationId, to)) return null;
    return settledBefore(reservationId, await this.reservations.status(em, reservationId));
  }

  /**
   * Releases a held reservation once, giving its stock back (in the history as `why`); a
   * settled one answers with the state it has.
   */
  private async giveBack(reservationId: string, why: 'release' | 'expiry'): Promise<Result<Settled>> {
    const result = await this.em.transactional(async (tx): Promise<Result<Settled>> => {
      const notHeld = await this.moveHeld(tx, reservationId, 'released');
      if (notHeld) return notHeld;
      const lines = await this.reservations.lockLines(tx, reservationId);
      // A hold given back that brings a sold-out plant back mails the shoppers waiting for it (the ledger, ADR 077).
      const restocked = await this.ledger.apply(tx, { cause: why, reservationId }, lines.map((l) => ({ productId: l.productId, change: l.quantity })));
      const products = restocked.map(({ productId, stockQuantity }) => ({ productId, stockQuantity }));
      addToOutbox(tx, 'evt.catalog.product.stock-changed.v1', { reservationId, reason: 'released', products });
      return ok({ reservationId, status: 'released' });
    });
    this.relay.nudge();
    return result;
  }

  /** Releases reservations whose time ran out (a checkout abandoned before payment); each in its own transaction. */
  async releaseExpired(): Promise<number> {
    const ids = await this.reservations.expiredHeld(this.em, 100);
    for (const id of ids) await this.giveBack(id, 'expiry');
    return ids.length;
  }

  onApplicationBootstrap() {
    this.stop = runPeriodically('expired reservations released', () => this.releaseExpired(), { intervalMs: 30_000, initialDelayMs: 5_000, log: this.log });
  }

  onApplicationShutdown() {
    this.stop?.();
  }
}
