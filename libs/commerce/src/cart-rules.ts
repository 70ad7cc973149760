import { isValidQuantity } from './guards.js';

/** Toast titles and texts of the cart (spec §8), word for word. */
export const CART_MESSAGES = Object.freeze({
  loadFailedTitle: 'Unable to load cart',
  loadFailedText: 'Please refresh the page or sign in again',
  authRequiredTitle: 'Authentication Required',
  authRequiredText: 'Please sign in to add items to cart',
  signInTitle: 'Please sign in',
  signInText: 'You need to be signed in to add items to cart',
  outOfStockTitle: 'Out of Stock',
  outOfStockText: 'This item is currently out of stock',
  insufficientStockTitle: 'Insufficient Stock',
  errorTitle: 'Error',
  addFailedText: 'Failed to add item to cart',
  removeFailedText: 'Failed to remove item from cart',
  updateFailedText: 'Failed to update item quantity',
  clearFailedText: 'Failed to clear cart',
  updatedTitle: 'Updated Cart',
  addedTitle: 'Added to Cart',
  removedTitle: 'Removed from Cart',
  removedText: 'Item removed from your cart',
  clearedTitle: 'Cart Cleared',
  clearedText: 'All items removed from your cart',
  // The spec gives no text for a bad quantity; the picker's minimum of 1 normally prevents it.
  invalidQuantityTitle: 'Invalid Quantity',
  invalidQuantityText: 'Quantity must be a whole number of at least 1',
  signInToViewCart: 'Please sign in to view your cart',
});

/** The quantity the landing page and product page add when none is chosen. */
export const DEFAULT_ADD_QUANTITY = 1;

/**
 * Counts items in text: `"1 item"`, `"3 items"`.
 *
 * @param count - The number of items.
 * @returns The count followed by the singular or plural noun.
 */
export function pluralizeItems(count: number): string {
  return `${count} ${count === 1 ? 'item' : 'items'}`;
}

/**
 * The 'Updated Cart' toast text, with 'item' pluralised.
 *
 * @param addedQuantity - How many items were added to the existing line.
 * @returns E.g. `"Cart updated with 1 more item"`, `"Cart updated with 2 more items"`.
 */
export function cartUpdatedMessage(addedQuantity: number): string {
  return `Cart updated with ${addedQuantity} more ${addedQuantity === 1 ? 'item' : 'items'}`;
}

/**
 * The 'Added to Cart' toast text, with 'item' pluralised.
 *
 * @param addedQuantity - How many items were added.
 * @returns E.g. `"1 item successfully added to your cart"`.
 */
export function addedToCartMessage(addedQuantity: number): string {
  return `${pluralizeItems(addedQuantity)} successfully added to your cart`;
}

/**
 * The 'Insufficient Stock' text, word for word from the spec (which keeps
 * "items" even for one).
 *
 * @param stock - The available stock.
 * @param inCart - How many are already in the cart, when the product is.
 * @returns `"Only {n} items available. You already have {m} in cart."` or `"Only {n} items available"`.
 */
export function insufficientStockMessage(stock: number, inCart?: number): string {
  return inCart !== undefined && inCart > 0
    ? `Only ${stock} items available. You already have ${inCart} in cart.`
    : `Only ${stock} items available`;
}

/**
 * The label of the product page's add button.
 *
 * @param quantity - The chosen quantity.
 * @returns E.g. `"Add 3 to Cart"`.
 */
export function addToCartButtonLabel(quantity: number): string {
  return `Add ${quantity} to Cart`;
}

/** Why a cart change is refused. */
export type CartRefusalCode = 'OUT_OF_STOCK' | 'INSUFFICIENT_STOCK' | 'INVALID_QUANTITY';

/** A refused cart change, with the toast to show. */
export interface CartRefusal {
  /** Always `false`. */
  readonly ok: false;
  /** Why it is refused. */
  readonly code: CartRefusalCode;
  /** The toast title. */
  readonly title: string;
  /** The toast text. */
  readonly message: string;
  /** For `INSUFFICIENT_STOCK`: the stock and what the cart already holds, the facts a service sends instead of the text. */
  readonly stock?: { readonly available: number; readonly inCart: number };
}

/** The outcome of {@link checkAddToCart}. */
export type AddToCartDecision =
  | {
      readonly ok: true;
      /** The quantity the line will hold after the add. */
      readonly newQuantity: number;
      /** `true` when an existing line is increased (toast 'Updated Cart'), `false` for a new line ('Added to Cart'). */
      readonly updatesExistingLine: boolean;
    }
  | CartRefusal;

const refuse = (code: CartRefusalCode, title: string, message: string, stock?: CartRefusal['stock']): CartRefusal =>
  stock ? { ok: false, code, title, message, stock } : { ok: false, code, title, message };

const invalidQuantity = (): CartRefusal =>
  refuse('INVALID_QUANTITY', CART_MESSAGES.invalidQuantityTitle, CART_MESSAGES.invalidQuantityText);

function assertCount(value: number, name: string): void {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`${name} must be a non-negative integer, got ${String(value)}`);
  }
}

/**
 * Decides an add to cart (spec §4 Cart, steps 1–3):
 * 1. a missing or non-positive stock refuses the add as out of stock;
 * 2. for a product already in the cart the new quantity is the existing plus
 *    the requested one, refused when it exceeds the stock;
 * 3. otherwise a new line with the requested quantity, refused when it exceeds the stock.
 *
 * A requested quantity that is not a positive integer comes from user input,
 * so it is refused with `INVALID_QUANTITY` rather than thrown.
 *
 * @param input - `stock` as loaded (null when unknown), `existingQuantity` of the
 *   product's cart line (0, null or undefined when it has none) and `requestedQuantity`.
 * @returns The new quantity of the line, or the refusal with its toast.
 * @throws RangeError when `stock` is positive but not an integer (or NaN), or
 *   `existingQuantity` is not a non-negative integer: those come from the
 *   database and indicate a bug.
 */
export function checkAddToCart(input: {
  readonly stock: number | null | undefined;
  readonly existingQuantity?: number | null;
  readonly requestedQuantity: number;
}): AddToCartDecision {
  const existing = input.existingQuantity ?? 0;
  assertCount(existing, 'existingQuantity');
  if (!isValidQuantity(input.requestedQuantity)) return invalidQuantity();
  const { stock } = input;
  if (stock == null || stock <= 0) {
    return refuse('OUT_OF_STOCK', CART_MESSAGES.outOfStockTitle, CART_MESSAGES.outOfStockText);
  }
  assertCount(stock, 'stock');
  const newQuantity = existing + input.requestedQuantity;
  if (newQuantity > stock) {
    return refuse('INSUFFICIENT_STOCK', CART_MESSAGES.insufficientStockTitle, insufficientStockMessage(stock, existing), { available: stock, inCart: existing });
  }
  return { ok: true, newQuantity, updatesExistingLine: existing > 0 };
}

/** The outcome of {@link checkSetQuantity}. */
export type SetQuantityDecision =
  | { readonly ok: true; readonly action: 'remove' }
  | { readonly ok: true; readonly action: 'update'; readonly quantity: number }
  | CartRefusal;

/**
 * Decides a quantity change of a cart line (spec §4 Cart): 0 or less removes
 * the line, more than the stock is refused.
 *
 * @param input - `stock` as loaded (null when unknown) and the wanted `quantity`.
 * @returns Remove, update to the quantity, or the refusal with its toast.
 * @throws RangeError when `stock` is positive but not an integer (or NaN): a bug, not user input.
 */
export function checkSetQuantity(input: {
  readonly stock: number | null | undefined;
  readonly quantity: number;
}): SetQuantityDecision {
  const { quantity, stock } = input;
  if (typeof quantity !== 'number' || Number.isNaN(quantity)) return invalidQuantity();
  if (quantity <= 0) return { ok: true, action: 'remove' };
  if (!Number.isSafeInteger(quantity)) return invalidQuantity();
  if (stock == null || stock <= 0) {
    return refuse('OUT_OF_STOCK', CART_MESSAGES.outOfStockTitle, CART_MESSAGES.outOfStockText);
  }
  assertCount(stock, 'stock');
  if (quantity > stock) {
    return refuse('INSUFFICIENT_STOCK', CART_MESSAGES.insufficientStockTitle, insufficientStockMessage(stock), { available: stock, inCart: 0 });
  }
  return { ok: true, action: 'update', quantity };
}
