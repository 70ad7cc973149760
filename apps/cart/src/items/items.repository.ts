import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/core';
import { newId } from '@jalaj/contracts';

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
}
