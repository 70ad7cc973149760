/**
 * The cart's statements (ADR 064), each the one statement a step needs, `$n` parameters
 * bound in order. The rules that choose between them are TypeScript (cart-changes.ts,
 * bought-lines.ts); a statement only makes its step atomic. No Nest or MikroORM here:
 * items.repository.ts runs these texts in the unit of work's transaction, and the bench's
 * floor of a cart write (scripts/bench/floor.mjs, plain Node) runs the same ones.
 */
import { claimCommandWith } from '@jalaj/server-kit/command-log-sql';

export const CART_SQL = {
  /** The shopper's ($1) lines with their products' facts from the cart's copy, newest first; a fact is null where the copy lacks the product. */
  lines: `select i.id, i.product_id, i.quantity, p.name, p.price_paise, p.image_url, p.stock_quantity, p.deleted
     from cart_items i left join cart_products p on p.product_id = i.product_id
    where i.user_id = $1 order by i.created_at desc, i.id desc`,

  /** A product's ($2) stock in the cart's copy (`deleted` null where the copy lacks it) and the quantity of the shopper's ($1) line of it (null: none). */
  productInCart: `select p.stock_quantity, p.deleted, i.quantity
     from (select $1::text as user_id, $2::text as product_id) k
     left join cart_products p on p.product_id = k.product_id
     left join cart_items i on i.user_id = k.user_id and i.product_id = k.product_id`,

  /**
   * Adds $4 of product $3 to the shopper's ($2) line of it, or makes the line (id $1), only
   * while the line stays within the stock $5. One line per product and shopper
   * (`cart_items_user_product_key`): two adds at once merge into one line, the second
   * waiting for the first, and its condition is read on the line as the first left it. The
   * line's quantity afterwards; no row when the condition refused.
   */
  add: `insert into cart_items (id, user_id, product_id, quantity) values ($1, $2, $3, $4)
    on conflict (user_id, product_id) do update set quantity = cart_items.quantity + excluded.quantity, updated_at = now()
    where cart_items.quantity + excluded.quantity <= $5
    returning quantity`,

  /**
   * What an add keeps as its command's outcome when its statement claims the command (ADR
   * 088; `keptOutcome.add` reads it): the stock ($5) and the line's quantity before ($9) it was
   * decided on, and the line's quantity afterwards from {@link add} run as the CTE `added`
   * (null when its condition refused).
   */
  addOutcome: `jsonb_build_object('stock', $5::integer, 'existing', $9::integer, 'after', (select quantity from added))`,

  /** The shopper's ($1) line $2: its product and that product's stock in the cart's copy (`deleted` null where the copy lacks it). */
  line: `select i.product_id, p.stock_quantity, p.deleted
     from cart_items i left join cart_products p on p.product_id = i.product_id
    where i.user_id = $1 and i.id = $2`,

  /** Sets the shopper's ($1) line $2 to $3: the quantity afterwards; no row when the line is gone. */
  setQuantity: 'update cart_items set quantity = $3, updated_at = now() where user_id = $1 and id = $2 returning quantity',

  /** Removes the shopper's ($1) line $2: a row when it was there. */
  removeLine: 'delete from cart_items where user_id = $1 and id = $2 returning id',

  /** Removes every line of the shopper ($1). */
  clear: 'delete from cart_items where user_id = $1',

  /** The shopper's ($1) lines of the products $2, locked for the rest of the transaction, so a change made meanwhile waits and is not lost. */
  linesOfProducts: 'select id, product_id, quantity from cart_items where user_id = $1 and product_id = any($2::text[]) order by id for update',

  /** Removes the shopper's ($1) lines $2. */
  removeLines: 'delete from cart_items where user_id = $1 and id = any($2::text[])',

  /** Sets each of the shopper's ($1) lines $2 to its quantity in $3. */
  setQuantities: `update cart_items i set quantity = l.quantity, updated_at = now()
     from unnest($2::text[], $3::integer[]) as l(id, quantity)
    where i.user_id = $1 and i.id = l.id`,
} as const;

/** An add that claims its command and keeps its outcome in the same statement (ADR 088): the line's quantity afterwards, null when the condition refused. */
export const ADD_CLAIMED = `with added as (${CART_SQL.add}) ${claimCommandWith(CART_SQL.addOutcome, 6)} returning (reply->>'after')::integer as quantity`;
