import { checkAddToCart, checkSetQuantity, type CartRefusal } from '@jalaj/commerce';
import { fail, notice, type Notice, type Result } from '@jalaj/contracts';

/**
 * The cart's changes decided (spec §4 Cart, ADR 064): from the facts the service read, what
 * to write, and from what the write did, what to answer. The rules are libs/commerce's
 * (`checkAddToCart`, `checkSetQuantity`); the database only makes each write atomic
 * (cart-sql.ts), and a write its condition refused is decided again here.
 */

/** What a change answers: the notice of a change made, or a refusal. */
export type Decision = Notice | Result<never>;

/** The facts an add is decided on: the product's stock in the cart's copy (null: gone from the catalogue) and what the shopper's line of it holds (0: none). */
export interface AddFacts {
  stock: number | null;
  existing: number;
}

/** An add: written within `stock` (the guarded upsert keeps racing adds within it too), or answered without a write. */
export type AddStep = { write: 'add'; stock: number } | { answer: Result<never> };

/** Decides an add of `quantity` of `productId` from `facts`. */
export function decideAdd(facts: AddFacts, productId: string, quantity: number): AddStep {
  const decision = checkAddToCart({ stock: facts.stock, existingQuantity: facts.existing, requestedQuantity: quantity });
  return decision.ok ? { write: 'add', stock: facts.stock! } : { answer: refusal(productId, decision) };
}

/**
 * The answer to an add: `after` is the line's quantity after the write, or null when the
 * write's condition refused it (another add of the product came first); then the add is
 * decided again on `facts` read afterwards, and an add the rules would still allow (the
 * stock changed meanwhile) is `CART_ADD_FAILED`. Also reads the outcome an add kept before
 * ADR 064 (`{ stock, existing, after }`, ADR 050), which has the same meaning.
 */
export function addAnswer(facts: AddFacts & { after: number | null }, productId: string, quantity: number): Decision {
  if (facts.after !== null) return notice(facts.after > quantity ? 'CART_LINE_INCREASED' : 'CART_ITEM_ADDED', { quantity });
  const again = decideAdd(facts, productId, quantity);
  return 'answer' in again ? again.answer : fail('CART_ADD_FAILED');
}

/** The shopper's line a quantity change is decided on: its product and that product's stock in the cart's copy (null: gone). */
export interface LineFacts {
  productId: string;
  stock: number | null;
}

/** A quantity change: the line removed (0 or less) or set, or answered without a write. */
export type SetQuantityStep = { write: 'remove' } | { write: 'set'; quantity: number } | { answer: Result<never> };

/** Decides setting the shopper's `line` (undefined: the shopper has no such line) to `quantity`. */
export function decideSetQuantity(line: LineFacts | undefined, quantity: number): SetQuantityStep {
  const decision = checkSetQuantity({ stock: line?.stock, quantity });
  if (!decision.ok && decision.code === 'INVALID_QUANTITY') return { answer: fail('INVALID_QUANTITY') };
  if (!line) return { answer: fail('CART_LINE_NOT_FOUND') };
  if (!decision.ok) return { answer: refusal(line.productId, decision) };
  return decision.action === 'remove' ? { write: 'remove' } : { write: 'set', quantity: decision.quantity };
}

/** The answer to a quantity change's write: `written` is the quantity set, or whether the removed line was there; null or false when the line went meanwhile. */
export function setQuantityAnswer(step: { write: 'remove' | 'set' }, written: number | boolean | null): Decision {
  if (written === null || written === false) return fail('CART_LINE_NOT_FOUND');
  return step.write === 'remove' ? notice('CART_ITEM_REMOVED') : notice('CART_QUANTITY_UPDATED', { quantity: written as number });
}

/** The answer to removing a line: `removed` when it was there. */
export const removeAnswer = (removed: boolean): Decision => (removed ? notice('CART_ITEM_REMOVED') : fail('CART_LINE_NOT_FOUND'));

/**
 * The outcomes ADR 050's change functions kept in the command log (until ADR 064), read
 * as the decision they stood for, so a repeat of such a command answers as it did then.
 * Each keeps the meaning the function gave it.
 */
export const keptOutcome = {
  add: (o: AddFacts & { after: number | null }, productId: string, quantity: number): Decision => addAnswer(o, productId, quantity),
  setQuantity(o: { missing: true } | { removed: true } | { stock: number; after: number } | { stock: number | null; product: string }, quantity: number): Decision {
    if ('missing' in o) return fail('CART_LINE_NOT_FOUND');
    if ('removed' in o) return notice('CART_ITEM_REMOVED');
    if ('after' in o) return notice('CART_QUANTITY_UPDATED', { quantity: o.after });
    const step = decideSetQuantity({ productId: o.product, stock: o.stock }, quantity);
    if ('answer' in step) return step.answer;
    throw new Error('a kept refusal of a quantity change that the cart rules allow');
  },
  remove: (o: { removed: number }): Decision => removeAnswer(o.removed > 0),
  clear: (): Decision => notice('CART_CLEARED'),
};

/** A refused change as its code and facts; the catalogue holds the toast. */
export function refusal(productId: string, refused: CartRefusal): Result<never> {
  if (refused.code === 'INSUFFICIENT_STOCK') return fail('INSUFFICIENT_STOCK', { productId, available: refused.stock?.available ?? 0, inCart: refused.stock?.inCart ?? 0 });
  return refused.code === 'OUT_OF_STOCK' ? fail('OUT_OF_STOCK', { productId }) : fail('INVALID_QUANTITY');
}
