import { Injectable } from '@nestjs/common';
import { EntityManager, LockMode } from '@mikro-orm/core';
import { fail, failFields, MAX_INT4, ok, type Actor, type AdminProduct, type Result, type StockAdjustment, type StockHistoryPage, type StockHistoryQuery } from '@jalaj/contracts';
import { addToOutbox, OutboxRelay } from '@jalaj/server-kit';
import { Product } from '../products/entities/product.entity.js';
import { toProduct } from '../products/products.service.js';
import { StockChangesRepository } from './stock-changes.repository.js';
import { StockLedger } from './stock-ledger.service.js';

/**
 * Whether `change` may be made to a stock of `stockQuantity`: not below 0
 * (PRODUCT_STOCK_BELOW_ZERO, with the stock as it is), not past what the column holds.
 */
export function adjustmentRefusal(productId: string, stockQuantity: number, change: number): Result<never> | null {
  const after = stockQuantity + change;
  if (after < 0) return fail('PRODUCT_STOCK_BELOW_ZERO', { productId, stockQuantity, change });
  if (after > MAX_INT4) return failFields([{ field: 'change', message: `The stock cannot be more than ${MAX_INT4}.` }]);
  return null;
}

/**
 * A product's stock history for the admin (issue #42, ADR 080), and the admin's
 * adjustments of a stock with a reason, made through {@link StockLedger} like every change.
 */
@Injectable()
export class StockHistoryService {
  constructor(
    private readonly em: EntityManager,
    private readonly changes: StockChangesRepository,
    private readonly ledger: StockLedger,
    private readonly relay: OutboxRelay,
  ) {}

  /** One page of a product's history, newest first (admins only). */
  async page(actor: Actor, productId: string, query: StockHistoryQuery): Promise<Result<StockHistoryPage>> {
    if (actor.role !== 'admin') return fail('ADMIN_REQUIRED');
    const { page, pageSize } = query;
    const summary = await this.changes.summary(this.em, productId);
    if (!summary) return fail('PRODUCT_NOT_FOUND', { productId });
    const items = summary.total > (page - 1) * pageSize ? await this.changes.page(this.em, productId, pageSize, (page - 1) * pageSize) : [];
    return ok({ productId, stockQuantity: summary.stockQuantity, items, total: summary.total, page, pageSize });
  }

  /**
   * Adds or takes plants with a reason (admins only), decided under the product's row lock
   * against the stock as it is; the product's version stays (stock is not a form field
   * here, ADR 072), so an open form's save still applies its own change on top.
   */
  async adjust(actor: Actor, productId: string, { change, reason }: StockAdjustment): Promise<Result<AdminProduct>> {
    if (actor.role !== 'admin') return fail('ADMIN_REQUIRED');
    const result = await this.em.transactional(async (tx): Promise<Result<AdminProduct>> => {
      const row = await tx.findOne(Product, { id: productId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!row) return fail('PRODUCT_NOT_FOUND', { productId });
      const refused = adjustmentRefusal(productId, row.stockQuantity, change);
      if (refused) return refused;
      const [moved] = await this.ledger.apply(tx, { cause: 'adjustment', actorId: actor.id, note: reason }, [{ productId, change }]);
      // Locked and checked: the guard cannot refuse it; if it did, nothing is kept.
      if (!moved) throw new Error(`adjustment of ${productId}: stock changed under its lock`);
      // The entity did not see the change (the ledger writes the stock): the product as it is now.
      const product = { ...toProduct(row), stockQuantity: moved.stockQuantity, updatedAt: moved.updatedAt };
      addToOutbox(tx, 'evt.catalog.product.updated.v1', { product, removedImageUrls: [] });
      return ok({ ...product, version: row.version });
    });
    if (result.ok) this.relay.nudge();
    return result;
  }
}
