import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/core';
import { StockAlertsService } from '../alerts/stock-alerts.service.js';
import { StockChangesRepository, type StockCause, type StockMove, type StockMoved } from './stock-changes.repository.js';

/**
 * The one way stock changes (issue #42, ADR 080): reservations, releases, the admin's
 * edits and adjustments, a new product's stock all call {@link StockLedger.apply}, whose
 * one statement changes the stock and records why ({@link StockChangesRepository.record}),
 * so a product's stock is always the sum of its recorded changes. No trigger or database
 * function is involved; the ORM's `Product` never writes its stock after the insert at 0.
 *
 * The caller decides (the reservation's rules, the admin's edit, an adjustment) under the
 * products' row locks, taken in id order as every stock change takes them. A change that
 * brings a sold-out plant back uses up the shoppers' back-in-stock requests in the same
 * transaction (ADR 077): every restock passes here, so none is missed.
 */
@Injectable()
export class StockLedger {
  constructor(
    private readonly changes: StockChangesRepository,
    private readonly alerts: StockAlertsService,
  ) {}

  /**
   * Moves each product's stock by its change, with `cause`, in `tx`'s transaction. A move
   * of 0 is no change and is left out.
   *
   * @returns The moves made, in product id order; a move the guard refused (below 0) is missing.
   */
  async apply(tx: EntityManager, cause: StockCause, moves: readonly StockMove[]): Promise<StockMoved[]> {
    const wanted = moves.filter((m) => m.change !== 0);
    if (!wanted.length) return [];
    const moved = await this.changes.record(tx, cause, wanted);
    await this.alerts.stockChanged(tx, moved.map((m) => ({ productId: m.productId, before: m.stockQuantity - m.change, after: m.stockQuantity })));
    return moved;
  }
}
