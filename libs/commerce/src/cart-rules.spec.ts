import fc from 'fast-check';
import {
  CART_MESSAGES,
  addToCartButtonLabel,
  addedToCartMessage,
  cartUpdatedMessage,
  checkAddToCart,
  checkSetQuantity,
  insufficientStockMessage,
  pluralizeItems,
} from './cart-rules.js';

describe('cart texts', () => {
  it.each([
    [0, '0 items'],
    [1, '1 item'],
    [2, '2 items'],
    [3, '3 items'],
  ])('%d → %s', (n, text) => {
    expect(pluralizeItems(n)).toBe(text);
  });

  it.each([
    [1, 'Cart updated with 1 more item', '1 item successfully added to your cart'],
    [2, 'Cart updated with 2 more items', '2 items successfully added to your cart'],
    [10, 'Cart updated with 10 more items', '10 items successfully added to your cart'],
  ])('adding %d reads %j / %j', (n, updated, added) => {
    expect(cartUpdatedMessage(n)).toBe(updated);
    expect(addedToCartMessage(n)).toBe(added);
  });

  it.each([
    [5, 3, 'Only 5 items available. You already have 3 in cart.'],
    [5, 0, 'Only 5 items available'],
    [5, undefined, 'Only 5 items available'],
    [1, undefined, 'Only 1 items available'],
  ])('stock %d, in cart %p → %s', (stock, inCart, text) => {
    expect(insufficientStockMessage(stock, inCart)).toBe(text);
  });

  it('labels the add button', () => {
    expect(addToCartButtonLabel(3)).toBe('Add 3 to Cart');
  });

  it('copies the spec catalogue', () => {
    expect(CART_MESSAGES).toMatchObject({
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
      signInToViewCart: 'Please sign in to view your cart',
    });
  });
});

describe('checkAddToCart', () => {
  const outOfStock = { ok: false, code: 'OUT_OF_STOCK', title: 'Out of Stock', message: 'This item is currently out of stock' };
  const insufficient = (message: string, stock: { available: number; inCart: number }) => ({ ok: false, code: 'INSUFFICIENT_STOCK', title: 'Insufficient Stock', message, stock });
  const invalid = { ok: false, code: 'INVALID_QUANTITY', title: 'Invalid Quantity', message: expect.any(String) };

  it.each([
    // step 1: stock missing or 0
    [{ stock: null, requestedQuantity: 1 }, outOfStock],
    [{ stock: undefined, requestedQuantity: 1 }, outOfStock],
    [{ stock: 0, requestedQuantity: 1 }, outOfStock],
    [{ stock: -2, requestedQuantity: 1 }, outOfStock],
    [{ stock: 0, existingQuantity: 2, requestedQuantity: 1 }, outOfStock],
    // step 2: already in the cart
    [{ stock: 5, existingQuantity: 3, requestedQuantity: 2 }, { ok: true, newQuantity: 5, updatesExistingLine: true }],
    [{ stock: 5, existingQuantity: 3, requestedQuantity: 3 }, insufficient('Only 5 items available. You already have 3 in cart.', { available: 5, inCart: 3 })],
    [{ stock: 5, existingQuantity: 5, requestedQuantity: 1 }, insufficient('Only 5 items available. You already have 5 in cart.', { available: 5, inCart: 5 })],
    // step 3: new line
    [{ stock: 5, requestedQuantity: 5 }, { ok: true, newQuantity: 5, updatesExistingLine: false }],
    [{ stock: 5, existingQuantity: 0, requestedQuantity: 1 }, { ok: true, newQuantity: 1, updatesExistingLine: false }],
    [{ stock: 5, existingQuantity: null, requestedQuantity: 6 }, insufficient('Only 5 items available', { available: 5, inCart: 0 })],
    // bad requested quantity
    [{ stock: 5, requestedQuantity: 0 }, invalid],
    [{ stock: 5, requestedQuantity: -1 }, invalid],
    [{ stock: 5, requestedQuantity: 1.5 }, invalid],
    [{ stock: null, requestedQuantity: NaN }, invalid],
  ])('%j → %j', (input, decision) => {
    expect(checkAddToCart(input)).toEqual(decision);
  });

  it.each([
    [{ stock: 5, existingQuantity: -1, requestedQuantity: 1 }],
    [{ stock: 5, existingQuantity: 1.5, requestedQuantity: 1 }],
    [{ stock: 2.5, requestedQuantity: 1 }],
    [{ stock: NaN, requestedQuantity: 1 }],
  ])('throws on corrupt data %j', (input) => {
    expect(() => checkAddToCart(input)).toThrow(RangeError);
  });

  it('never lets a line exceed the stock', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100 }),
        fc.integer({ min: 0, max: 100 }),
        fc.integer({ min: 1, max: 100 }),
        (stock, existingQuantity, requestedQuantity) => {
          const decision = checkAddToCart({ stock, existingQuantity, requestedQuantity });
          if (decision.ok) {
            expect(decision.newQuantity).toBe(existingQuantity + requestedQuantity);
            expect(decision.newQuantity).toBeLessThanOrEqual(stock);
          } else {
            expect(existingQuantity + requestedQuantity > stock || stock === 0).toBe(true);
          }
        },
      ),
    );
  });
});

describe('checkSetQuantity', () => {
  it.each([
    [{ stock: 5, quantity: 0 }, { ok: true, action: 'remove' }],
    [{ stock: 5, quantity: -3 }, { ok: true, action: 'remove' }],
    [{ stock: null, quantity: 0 }, { ok: true, action: 'remove' }],
    [{ stock: 5, quantity: 1 }, { ok: true, action: 'update', quantity: 1 }],
    [{ stock: 5, quantity: 5 }, { ok: true, action: 'update', quantity: 5 }],
    [{ stock: 5, quantity: 6 }, { ok: false, code: 'INSUFFICIENT_STOCK', title: 'Insufficient Stock', message: 'Only 5 items available', stock: { available: 5, inCart: 0 } }],
    [{ stock: 0, quantity: 1 }, { ok: false, code: 'OUT_OF_STOCK', title: 'Out of Stock', message: 'This item is currently out of stock' }],
    [{ stock: null, quantity: 1 }, { ok: false, code: 'OUT_OF_STOCK', title: 'Out of Stock', message: 'This item is currently out of stock' }],
    [{ stock: 5, quantity: 2.5 }, expect.objectContaining({ ok: false, code: 'INVALID_QUANTITY' })],
    [{ stock: 5, quantity: NaN }, expect.objectContaining({ ok: false, code: 'INVALID_QUANTITY' })],
    [{ stock: 5, quantity: Infinity }, expect.objectContaining({ ok: false, code: 'INVALID_QUANTITY' })],
  ])('%j → %j', (input, decision) => {
    expect(checkSetQuantity(input)).toEqual(decision);
  });

  it('throws on a fractional stock', () => {
    expect(() => checkSetQuantity({ stock: 2.5, quantity: 1 })).toThrow(RangeError);
  });
});
