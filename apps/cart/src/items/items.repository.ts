import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/core';
import { prepared, runPrepared, type PreparedStatement } from '@jalaj/server-kit';
import { factsOfRow, type ProductFacts, type ProductFactsRow } from '../products/product-facts.service.js';

/** A cart line with its product's facts from the cart's copy: null when deleted, undefined when the copy lacks it. */
export interface CartLineRow {
  id: string;
  productId: string;
  quantity: number;
  facts: ProductFacts | null | undefined;
}

/** A line as SQL returns it (the cart read, and `cart_lines_json`): the facts' columns are null when the copy lacks the product. */
type LineSqlRow = ProductFactsRow & { id: string; quantity: number; deleted: boolean | null };

const lineOfRow = (r: LineSqlRow): CartLineRow => ({ id: r.id, productId: r.product_id, quantity: r.quantity, facts: r.deleted === null ? undefined : factsOfRow(r) });

/** Every cart read runs it: prepared once per connection. */
const CART_LINES = prepared(
  'cart_lines',
  `select i.id, i.product_id, i.quantity, p.name, p.price_paise, p.image_url, p.stock_quantity, p.deleted
     from cart_items i left join cart_products p on p.product_id = i.product_id
    where i.user_id = $1 order by i.created_at desc, i.id desc`,
);

/**
 * The cart's changes, each one statement (ADR 050, the functions of the cart-changes
 * migration): its own arguments, then the command's subject, id and request hash (null
 * without an id).
 */
export const CART_CHANGES = {
  add: prepared('cart_add', 'select cart_add($1, $2, $3, $4, $5, $6, $7) as answer'),
  setQuantity: prepared('cart_set_quantity', 'select cart_set_quantity($1, $2, $3, $4, $5, $6) as answer'),
  remove: prepared('cart_remove', 'select cart_remove($1, $2, $3, $4, $5) as answer'),
} as const;

/** A paid order's lines out of the cart, with the event's inbox claim (ADR 056). */
const REMOVE_BOUGHT = prepared('cart_remove_bought', 'select cart_remove_bought($1, $2, $3, $4, $5::text[], $6::integer[]) as answer');

/** What the first handling of a command left, as `cart_claim` finds it on a repeat. */
export type Repeat<O> = { repeat: 'done'; outcome: O } | { repeat: 'conflict' | 'pruned' };

/**
 * A change function's answer: the product whose facts the cart's copy lacks (nothing was
 * written); or the facts of its decision (or, on a repeat, what the first handling left) with
 * the cart's lines afterwards.
 */
export type ChangeAnswer<O> = { unknown: string } | { repeat: Repeat<O>; lines: CartLineRow[] } | { outcome: O; lines: CartLineRow[] };

/**
 * The cart's SQL, by name. Reads and changes run outside any transaction: a change is one
 * statement, so it is its own (ADR 050).
 */
@Injectable()
export class CartItemsRepository {
  constructor(private readonly em: EntityManager) {}

  /** The shopper's lines, newest first, each with its product's facts: one query. */
  async linesOf(userId: string): Promise<CartLineRow[]> {
    return (await runPrepared<LineSqlRow>(this.em, CART_LINES, [userId])).map(lineOfRow);
  }

  /** Takes bought quantities out of a cart once per event: null when the event was handled before. */
  async removeBought(
    consumer: string,
    event: { id: string; subject: string },
    userId: string,
    productIds: string[],
    quantities: number[],
  ): Promise<{ lowered: number; removed: number } | null> {
    if (this.em.getTransactionContext()) throw new Error('taking a paid order out of a cart is a statement of its own; it cannot run inside a transaction');
    const [{ answer }] = await runPrepared<{ answer: { lowered: number; removed: number } | null }>(this.em, REMOVE_BOUGHT, [consumer, event.id, event.subject, userId, productIds, quantities]);
    return answer;
  }

  /** Runs one of {@link CART_CHANGES} with its values, as a transaction of its own. */
  async change<O>(statement: PreparedStatement, values: unknown[]): Promise<ChangeAnswer<O>> {
    // Its commit does not wait for the WAL (ADR 050): inside a caller's transaction that would hold for the caller's writes too.
    if (this.em.getTransactionContext()) throw new Error('a cart change is a transaction of its own; it cannot run inside another');
    const [{ answer }] = await runPrepared<{ answer: unknown }>(this.em, statement, values);
    const parsed = (typeof answer === 'string' ? JSON.parse(answer) : answer) as { unknown?: string; lines?: LineSqlRow[] };
    if (parsed.unknown !== undefined) return { unknown: parsed.unknown };
    return { ...(parsed as { repeat: Repeat<O> } | { outcome: O }), lines: (parsed.lines ?? []).map(lineOfRow) };
  }
}
