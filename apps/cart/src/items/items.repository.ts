import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/core';
import { newId } from '@jalaj/contracts';
import { prepared, runPrepared } from '@jalaj/server-kit';
import { factsOfRow, type ProductFacts, type ProductFactsRow } from '../products/product-facts.service.js';

/** A cart line with its product's facts from the cart's copy: null when deleted, undefined when the copy lacks it. */
export interface CartLineRow {
  id: string;
  productId: string;
  quantity: number;
  facts: ProductFacts | null | undefined;
}

/** Every cart read runs it: prepared once per connection. */
const CART_LINES = prepared(
  'cart_lines',
  `select i.id, i.product_id, i.quantity, p.name, p.price_paise, p.image_url, p.stock_quantity, p.deleted
     from cart_items i left join cart_products p on p.product_id = i.product_id
    where i.user_id = $1 order by i.created_at desc, i.id desc`,
);

/**
 * The conditional SQL of cart lines, by name. It runs on the injected `EntityManager`, which
 * resolves to the command's transaction (ADR 012), so the change commits with its command log row.
 */
@Injectable()
export class CartItemsRepository {
  constructor(private readonly em: EntityManager) {}

  /**
   * Adds `quantity` of a product to the shopper's line for it — a new line, or the merge into
   * the existing one — in one atomic upsert that only applies while the result stays within
   * `stock`, so two tabs adding at once can neither exceed the stock nor create two lines.
   *
   * @returns The line's quantity afterwards, or null when the merge would exceed the stock.
   */
  async addWithinStock(userId: string, productId: string, quantity: number, stock: number): Promise<number | null> {
    const [row] = (await this.em.getConnection().execute(
      `insert into cart_items (id, user_id, product_id, quantity) values (?, ?, ?, ?)
       on conflict (user_id, product_id) do update set quantity = cart_items.quantity + excluded.quantity, updated_at = now()
       where cart_items.quantity + excluded.quantity <= ?
       returning quantity`,
      [newId('cit'), userId, productId, quantity, stock],
      'all',
      this.em.getTransactionContext(),
    )) as { quantity: number }[];
    return row ? row.quantity : null;
  }

  /** The shopper's lines, newest first, each with its product's facts: one query. */
  async linesOf(userId: string): Promise<CartLineRow[]> {
    const rows = await runPrepared<ProductFactsRow & { id: string; quantity: number; deleted: boolean | null }>(this.em, CART_LINES, [userId]);
    return rows.map((r) => ({ id: r.id, productId: r.product_id, quantity: r.quantity, facts: r.deleted === null ? undefined : factsOfRow(r) }));
  }
}
