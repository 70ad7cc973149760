import { Injectable } from '@nestjs/common';
import { EntityManager, LockMode } from '@mikro-orm/core';
import { cartTotals, checkAddToCart, checkSetQuantity, linePricing, type CartRefusal } from '@jalaj/commerce';
import { fail, notice, ok, type Actor, type Cart, type CartLine, type Notice, type Result } from '@jalaj/contracts';
import { ChangeHints } from '@jalaj/server-kit';
import { ProductFactsService } from '../products/product-facts.service.js';
import { removeBought, type BoughtLine } from './bought-lines.js';
import { CartItem } from './entities/cart-item.entity.js';
import { CartItemsRepository } from './items.repository.js';

type Change = { cart: Cart; notice: Notice };

/**
 * A shopper's cart on the server. Every query is scoped to the actor; the product facts
 * come from the cart's copy of the catalogue (kept by catalog's events, ADR 023) and every
 * price from libs/commerce at read time, never from the browser.
 *
 * The changes run as idempotent commands (`@IdempotentCommand()` on their handlers), inside
 * one transaction with their command log row: so they use the injected `EntityManager`,
 * which resolves to that transaction, and never `em.fork()`, whose writes would escape it.
 */
@Injectable()
export class CartService {
  constructor(
    private readonly em: EntityManager,
    private readonly items: CartItemsRepository,
    private readonly facts: ProductFactsService,
    private readonly hints: ChangeHints,
  ) {}

  /** The shopper's cart after a change, announced to the BFF's copies once the change commits (ADR 025). */
  private async changed(actor: Actor, notice_: Notice): Promise<Result<Change>> {
    this.hints.announce('hint.cart.cart.changed.v1', { userId: actor.id });
    return ok({ cart: await this.cart(actor), notice: notice_ });
  }

  /** The stock the cart's copy knows; null for a product that is gone. */
  private async stockOf(productId: string): Promise<number | null> {
    return (await this.facts.of(this.em, [productId])).get(productId)?.stockQuantity ?? null;
  }

  async cart(actor: Actor): Promise<Cart> {
    // One query: the lines with their products' facts, fresh from the database.
    const rows = await this.items.linesOf(actor.id);
    const fetched = await this.facts.fetch(this.em, [...new Set(rows.filter((r) => r.facts === undefined).map((r) => r.productId))]);
    const lines: CartLine[] = rows.map((r) => {
      const p = r.facts === undefined ? fetched.get(r.productId) : r.facts;
      const pricing = linePricing(p?.pricePaise ?? 0, r.quantity);
      return {
        id: r.id,
        productId: r.productId,
        quantity: r.quantity,
        product: p ? { name: p.name, pricePaise: p.pricePaise, imageUrl: p.imageUrl, stockQuantity: p.stockQuantity } : null,
        discountPercent: pricing.discountPercent,
        discountedUnitPricePaise: pricing.discountedUnitPricePaise,
        lineTotalPaise: pricing.lineTotalPaise,
        savingsPaise: pricing.savingsPaise,
      };
    });
    // A deleted product's line stays visible but counts for nothing.
    const available = lines.filter((l) => l.product);
    const totals = cartTotals(available.map((l) => ({ unitPricePaise: l.product!.pricePaise, quantity: l.quantity })));
    return { lines, itemCount: lines.reduce((n, l) => n + l.quantity, 0), subtotalPaise: totals.subtotalPaise, savingsPaise: totals.savingsPaise };
  }

  /**
   * Adds to the cart following spec §4. The merge is one atomic upsert that only
   * applies while the result stays within the stock, so two tabs adding at once can
   * neither exceed the stock nor create two lines for one product.
   */
  async add(actor: Actor, productId: string, quantity: number): Promise<Result<Change>> {
    const stock = await this.stockOf(productId);
    const em = this.em;
    const existing = await em.findOne(CartItem, { userId: actor.id, productId });
    const decision = checkAddToCart({ stock, existingQuantity: existing?.quantity ?? 0, requestedQuantity: quantity });
    if (!decision.ok) return refusal(productId, decision);
    const merged = await this.items.addWithinStock(actor.id, productId, quantity, stock ?? 0);
    if (merged === null) {
      // Another tab added in between: decide again with what is in the cart now.
      const now = await em.findOne(CartItem, { userId: actor.id, productId }, { refresh: true });
      const again = checkAddToCart({ stock, existingQuantity: now?.quantity ?? 0, requestedQuantity: quantity });
      return again.ok ? fail('CART_ADD_FAILED') : refusal(productId, again);
    }
    const updatedExisting = merged > quantity;
    return this.changed(actor, notice(updatedExisting ? 'CART_LINE_INCREASED' : 'CART_ITEM_ADDED', { quantity }));
  }

  async update(actor: Actor, id: string, quantity: number): Promise<Result<Change>> {
    const em = this.em;
    const row = await em.findOne(CartItem, { id, userId: actor.id });
    if (!row) return fail('CART_LINE_NOT_FOUND');
    const decision = checkSetQuantity({ stock: quantity > 0 ? await this.stockOf(row.productId) : 0, quantity });
    if (!decision.ok) return refusal(row.productId, decision);
    if (decision.action === 'remove') return this.remove(actor, id);
    row.quantity = decision.quantity;
    row.updatedAt = new Date();
    await em.flush();
    return this.changed(actor, notice('CART_QUANTITY_UPDATED', { quantity: decision.quantity }));
  }

  async remove(actor: Actor, id: string): Promise<Result<Change>> {
    const removed = await this.em.nativeDelete(CartItem, { id, userId: actor.id });
    if (!removed) return fail('CART_LINE_NOT_FOUND');
    return this.changed(actor, notice('CART_ITEM_REMOVED'));
  }

  async clear(actor: Actor): Promise<Result<Change>> {
    await this.em.nativeDelete(CartItem, { userId: actor.id });
    return this.changed(actor, notice('CART_CLEARED'));
  }

  /**
   * Takes a paid order's lines out of the shopper's cart ({@link removeBought}), in the
   * event handler's transaction `em` (the one holding its inbox row). The lines are locked
   * first, so a change the shopper makes at the same moment waits and is not lost.
   */
  async removeBought(em: EntityManager, userId: string, bought: readonly BoughtLine[]): Promise<{ lowered: number; removed: number }> {
    const productIds = [...new Set(bought.map((b) => b.productId))];
    const rows = await em.find(CartItem, { userId, productId: { $in: productIds } }, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
    const { lower, remove } = removeBought(rows, bought);
    const byId = new Map(rows.map((r) => [r.id, r]));
    const now = new Date();
    for (const { id, quantity } of lower) Object.assign(byId.get(id)!, { quantity, updatedAt: now });
    for (const id of remove) em.remove(byId.get(id)!);
    await em.flush();
    if (lower.length || remove.length) this.hints.announce('hint.cart.cart.changed.v1', { userId });
    return { lowered: lower.length, removed: remove.length };
  }
}

/** A refused change as its code and facts; the catalogue holds the toast. */
function refusal(productId: string, refused: CartRefusal): Result<never> {
  if (refused.code === 'INSUFFICIENT_STOCK') return fail('INSUFFICIENT_STOCK', { productId, available: refused.stock?.available ?? 0, inCart: refused.stock?.inCart ?? 0 });
  return refused.code === 'OUT_OF_STOCK' ? fail('OUT_OF_STOCK', { productId }) : fail('INVALID_QUANTITY');
}
