import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/core';
import { addedToCartMessage, CART_MESSAGES, cartTotals, cartUpdatedMessage, checkAddToCart, checkSetQuantity, linePricing } from '@jalaj/commerce';
import { AppErrorException, fail, newId, ok, type Actor, type Cart, type CartLine, type Product, type Result } from '@jalaj/contracts';
import { RpcClient } from '@jalaj/server-kit';
import { CartItem } from './cart-item.entity.js';

type Change = { cart: Cart; title: string; message: string };

export const LINE_NOT_FOUND = 'Item not found in your cart';

/**
 * A shopper's cart on the server. Every query is scoped to the actor; the product data
 * and every price come from catalog and libs/commerce at read time, never from the browser.
 */
@Injectable()
export class CartService {
  constructor(
    private readonly em: EntityManager,
    private readonly rpc: RpcClient,
  ) {}

  private async products(ids: string[]): Promise<Map<string, Product>> {
    if (!ids.length) return new Map();
    const reply = await this.rpc.request('rpc.catalog.products.get-many', { ids });
    if (!reply.ok) throw new AppErrorException(reply.error);
    return new Map(reply.data.items.map((p) => [p.id, p]));
  }

  private async stockOf(productId: string): Promise<number | null> {
    const reply = await this.rpc.request('rpc.catalog.products.get', { id: productId });
    return reply.ok ? reply.data.stockQuantity : null;
  }

  async cart(actor: Actor): Promise<Cart> {
    const rows = await this.em.fork().find(CartItem, { userId: actor.id }, { orderBy: { createdAt: 'desc', id: 'desc' } });
    const products = await this.products(rows.map((r) => r.productId));
    const lines: CartLine[] = rows.map((r) => {
      const p = products.get(r.productId);
      const pricing = linePricing(p?.pricePaise ?? 0, r.quantity);
      return {
        id: r.id,
        productId: r.productId,
        quantity: r.quantity,
        product: p ? { name: p.name, pricePaise: p.pricePaise, imageUrl: p.imageUrls[0] ?? null, stockQuantity: p.stockQuantity } : null,
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
    const em = this.em.fork();
    const existing = await em.findOne(CartItem, { userId: actor.id, productId });
    const decision = checkAddToCart({ stock, existingQuantity: existing?.quantity ?? 0, requestedQuantity: quantity });
    if (!decision.ok) return refusal(decision.code, decision.title, decision.message);
    const merged = (await em.getConnection().execute(
      `insert into cart_items (id, user_id, product_id, quantity) values (?, ?, ?, ?)
       on conflict (user_id, product_id) do update set quantity = cart_items.quantity + excluded.quantity, updated_at = now()
       where cart_items.quantity + excluded.quantity <= ?
       returning quantity`,
      [newId('cit'), actor.id, productId, quantity, stock ?? 0],
    )) as { quantity: number }[];
    if (!merged.length) {
      // Another tab added in between: decide again with what is in the cart now.
      const now = await this.em.fork().findOne(CartItem, { userId: actor.id, productId });
      const again = checkAddToCart({ stock, existingQuantity: now?.quantity ?? 0, requestedQuantity: quantity });
      return again.ok ? fail('CONFLICT', CART_MESSAGES.addFailedText, { title: CART_MESSAGES.errorTitle }) : refusal(again.code, again.title, again.message);
    }
    const updatedExisting = merged[0]!.quantity > quantity;
    return ok({
      cart: await this.cart(actor),
      title: updatedExisting ? CART_MESSAGES.updatedTitle : CART_MESSAGES.addedTitle,
      message: updatedExisting ? cartUpdatedMessage(quantity) : addedToCartMessage(quantity),
    });
  }

  async update(actor: Actor, id: string, quantity: number): Promise<Result<Change>> {
    const em = this.em.fork();
    const row = await em.findOne(CartItem, { id, userId: actor.id });
    if (!row) return fail('NOT_FOUND', LINE_NOT_FOUND);
    const decision = checkSetQuantity({ stock: quantity > 0 ? await this.stockOf(row.productId) : 0, quantity });
    if (!decision.ok) return refusal(decision.code, decision.title, decision.message);
    if (decision.action === 'remove') return this.remove(actor, id);
    row.quantity = decision.quantity;
    row.updatedAt = new Date();
    await em.flush();
    return ok({ cart: await this.cart(actor), title: CART_MESSAGES.updatedTitle, message: `Quantity updated to ${decision.quantity}` });
  }

  async remove(actor: Actor, id: string): Promise<Result<Change>> {
    const removed = await this.em.fork().nativeDelete(CartItem, { id, userId: actor.id });
    if (!removed) return fail('NOT_FOUND', LINE_NOT_FOUND);
    return ok({ cart: await this.cart(actor), title: CART_MESSAGES.removedTitle, message: CART_MESSAGES.removedText });
  }

  async clear(actor: Actor): Promise<Result<Change>> {
    await this.em.fork().nativeDelete(CartItem, { userId: actor.id });
    return ok({ cart: await this.cart(actor), title: CART_MESSAGES.clearedTitle, message: CART_MESSAGES.clearedText });
  }
}

function refusal(code: 'OUT_OF_STOCK' | 'INSUFFICIENT_STOCK' | 'INVALID_QUANTITY', title: string, message: string): Result<never> {
  return fail(code === 'INVALID_QUANTITY' ? 'VALIDATION_FAILED' : code, message, { title });
}
