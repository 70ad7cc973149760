import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/core';
import { claimEventWith, commandClaimParams, eventClaimParams, runSql, runWithNext } from '@jalaj/server-kit';
import { factsOfRow, type ProductFacts, type ProductFactsRow } from '../products/product-facts.service.js';
import type { HeldLine } from './bought-lines.js';
import type { AddFacts } from './cart-changes.js';
import { ADD_CLAIMED, CART_SQL } from './cart-sql.js';

/** A cart line with its product's facts from the cart's copy: null when deleted, undefined when the copy lacks it. */
export interface CartLineRow {
  id: string;
  productId: string;
  quantity: number;
  facts: ProductFacts | null | undefined;
}

/** A line as the cart read returns it: the facts' columns are null when the copy lacks the product. */
type LineSqlRow = ProductFactsRow & { id: string; quantity: number; deleted: boolean | null };

/** A product's stock as the cart's copy has it: `deleted` null when the copy lacks the product. */
type StockSqlRow = { stock_quantity: number | null; deleted: boolean | null };

const lineOfRow = (r: LineSqlRow): CartLineRow => ({ id: r.id, productId: r.product_id, quantity: r.quantity, facts: r.deleted === null ? undefined : factsOfRow(r) });

/** A product's stock for the cart rules: null when deleted; undefined when the copy lacks the product. */
const stockOf = (r: StockSqlRow): number | null | undefined => (r.deleted === null ? undefined : r.deleted ? null : r.stock_quantity);

/** The cart's statements (cart-sql.ts), by name. */
const SQL = CART_SQL;

/** The lines of a paid order's products locked by the statement that claims its event in the inbox (ADR 088). */
const LINES_OF_PRODUCTS_CLAIMED = `with claim as (${claimEventWith(3)}) ${SQL.linesOfProducts}`;

/**
 * The SQL of cart lines (ADR 064). Every method runs one statement on the injected
 * `EntityManager`, which inside a command resolves to its transaction (ADR 012), or on the
 * event's transaction it is given; none decides anything the cart rules decide.
 */
@Injectable()
export class CartItemsRepository {
  constructor(private readonly em: EntityManager) {}

  /** The shopper's lines, newest first, each with its product's facts: one query. */
  async linesOf(userId: string): Promise<CartLineRow[]> {
    return (await runSql<LineSqlRow>(this.em, SQL.lines, [userId])).map(lineOfRow);
  }

  /** A product's stock and what the shopper's line of it holds; undefined when the cart's copy lacks the product. */
  async productInCart(userId: string, productId: string): Promise<AddFacts | undefined> {
    const [row] = await runSql<StockSqlRow & { quantity: number | null }>(this.em, SQL.productInCart, [userId, productId]);
    const stock = stockOf(row!);
    return stock === undefined ? undefined : { stock, existing: row!.quantity ?? 0 };
  }

  /**
   * Adds `quantity` of a product to the shopper's line of it (a new line `lineId`, or the
   * existing one) where the line stays within the stock it was decided on (`facts`).
   *
   * @returns The line's quantity afterwards, or null when that would exceed `stock` (a concurrent add came first).
   */
  async addWithinStock(lineId: string, userId: string, productId: string, quantity: number, facts: { stock: number; existing: number }): Promise<number | null> {
    const values = [lineId, userId, productId, quantity, facts.stock];
    // Under an idempotent command the statement claims it too, keeping the facts and the
    // line's quantity afterwards as its outcome; a repeat fails on the command log's key.
    const claim = commandClaimParams();
    const [row] = claim ? await runSql<{ quantity: number | null }>(this.em, ADD_CLAIMED, [...values, ...claim, facts.existing]) : await runSql<{ quantity: number }>(this.em, SQL.add, values);
    return row?.quantity ?? null;
  }

  /** The shopper's line `lineId`: its product and that product's stock (undefined when the cart's copy lacks the product); undefined when there is no such line. */
  async line(userId: string, lineId: string): Promise<{ productId: string; stock: number | null | undefined } | undefined> {
    const [row] = await runSql<StockSqlRow & { product_id: string }>(this.em, SQL.line, [userId, lineId]);
    return row && { productId: row.product_id, stock: stockOf(row) };
  }

  /** Sets the shopper's line to `quantity`: the quantity afterwards, or null when the line is gone. */
  async setQuantity(userId: string, lineId: string, quantity: number): Promise<number | null> {
    const [row] = await runSql<{ quantity: number }>(this.em, SQL.setQuantity, [userId, lineId, quantity]);
    return row?.quantity ?? null;
  }

  /** Removes the shopper's line: whether it was there. */
  async removeLine(userId: string, lineId: string): Promise<boolean> {
    return (await runSql(this.em, SQL.removeLine, [userId, lineId])).length > 0;
  }

  /** Removes every line of the shopper's cart. */
  async clear(userId: string): Promise<void> {
    await runSql(this.em, SQL.clear, [userId]);
  }

  /**
   * The shopper's lines of `productIds`, locked until `em`'s transaction ends. For a
   * consumer whose statement claims its event, this statement claims it (an event handled
   * before fails it, and the transaction rolls back).
   */
  async lockLinesOf(em: EntityManager, userId: string, productIds: string[]): Promise<HeldLine[]> {
    const claim = eventClaimParams();
    const rows = await runSql<{ id: string; product_id: string; quantity: number }>(em, claim ? LINES_OF_PRODUCTS_CLAIMED : SQL.linesOfProducts, claim ? [userId, productIds, ...claim] : [userId, productIds]);
    return rows.map((r) => ({ id: r.id, productId: r.product_id, quantity: r.quantity }));
  }

  /**
   * Removes the shopper's lines `remove` and sets each of `lower` to its quantity, in `em`'s
   * transaction, under the lines' locks: nothing waits for their answers, so they go out with
   * the commit (ADR 091).
   */
  async takeOut(em: EntityManager, userId: string, lower: readonly { id: string; quantity: number }[], remove: string[]): Promise<void> {
    if (remove.length) await runWithNext(em, SQL.removeLines, [userId, remove]);
    if (lower.length) await runWithNext(em, SQL.setQuantities, [userId, lower.map((l) => l.id), lower.map((l) => l.quantity)]);
  }
}
