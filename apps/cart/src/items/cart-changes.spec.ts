import fc from 'fast-check';
import { addAnswer, decideAdd, decideSetQuantity, keptOutcome, removeAnswer, setQuantityAnswer } from './cart-changes.js';

describe('cart changes decided in TypeScript (no database)', () => {
  describe('an add', () => {
    it('writes within the stock the cart copy has', () => {
      expect(decideAdd({ stock: 5, existing: 0 }, 'p1', 5)).toEqual({ write: 'add', stock: 5 });
      expect(decideAdd({ stock: 5, existing: 2 }, 'p1', 3)).toEqual({ write: 'add', stock: 5 });
    });

    it('refuses beyond the stock with the facts, a product out of stock or gone, and a bad quantity', () => {
      expect(decideAdd({ stock: 5, existing: 3 }, 'p1', 3)).toEqual({ answer: { ok: false, error: { code: 'INSUFFICIENT_STOCK', data: { productId: 'p1', available: 5, inCart: 3 } } } });
      expect(decideAdd({ stock: 0, existing: 0 }, 'p1', 1)).toEqual({ answer: { ok: false, error: { code: 'OUT_OF_STOCK', data: { productId: 'p1' } } } });
      expect(decideAdd({ stock: null, existing: 1 }, 'p1', 1)).toEqual({ answer: { ok: false, error: { code: 'OUT_OF_STOCK', data: { productId: 'p1' } } } });
      expect(decideAdd({ stock: 5, existing: 0 }, 'p1', 0)).toEqual({ answer: { ok: false, error: { code: 'INVALID_QUANTITY' } } });
    });

    it('answers a new line as added and a merge as an increase', () => {
      expect(addAnswer({ stock: 5, existing: 0, after: 2 }, 'p1', 2)).toEqual({ code: 'CART_ITEM_ADDED', data: { quantity: 2 } });
      expect(addAnswer({ stock: 5, existing: 1, after: 3 }, 'p1', 2)).toEqual({ code: 'CART_LINE_INCREASED', data: { quantity: 2 } });
      // Another tab made the line between the read and the write: the write merged into it.
      expect(addAnswer({ stock: 5, existing: 0, after: 3 }, 'p1', 2)).toEqual({ code: 'CART_LINE_INCREASED', data: { quantity: 2 } });
    });

    it('decides an add the write refused again on the line as it is now', () => {
      expect(addAnswer({ stock: 5, existing: 5, after: null }, 'p1', 1)).toEqual({ ok: false, error: { code: 'INSUFFICIENT_STOCK', data: { productId: 'p1', available: 5, inCart: 5 } } });
      expect(addAnswer({ stock: null, existing: 2, after: null }, 'p1', 1)).toEqual({ ok: false, error: { code: 'OUT_OF_STOCK', data: { productId: 'p1' } } });
      // The rules allow it now (the stock rose meanwhile): the shopper is asked to try again.
      expect(addAnswer({ stock: 9, existing: 5, after: null }, 'p1', 1)).toEqual({ ok: false, error: { code: 'CART_ADD_FAILED' } });
    });

    it('never lets a line go past the stock, whatever the facts', () => {
      fc.assert(
        fc.property(fc.option(fc.integer({ min: -2, max: 20 }), { nil: null }), fc.integer({ min: 0, max: 20 }), fc.integer({ min: -1, max: 25 }), (stock, existing, quantity) => {
          const step = decideAdd({ stock, existing }, 'p', quantity);
          if ('write' in step) {
            expect(quantity).toBeGreaterThan(0);
            expect(existing + quantity).toBeLessThanOrEqual(step.stock);
          } else {
            expect(step.answer.ok).toBe(false);
          }
        }),
      );
    });
  });

  describe('a quantity change', () => {
    const line = { productId: 'p1', stock: 5 };

    it('sets a quantity within the stock and removes the line at zero or less', () => {
      expect(decideSetQuantity(line, 4)).toEqual({ write: 'set', quantity: 4 });
      expect(decideSetQuantity(line, 0)).toEqual({ write: 'remove' });
      expect(decideSetQuantity({ productId: 'p1', stock: null }, -1)).toEqual({ write: 'remove' });
    });

    it('refuses beyond the stock, a product gone, a line the shopper does not have, and a bad quantity first', () => {
      expect(decideSetQuantity(line, 6)).toEqual({ answer: { ok: false, error: { code: 'INSUFFICIENT_STOCK', data: { productId: 'p1', available: 5, inCart: 0 } } } });
      expect(decideSetQuantity({ productId: 'p1', stock: null }, 2)).toEqual({ answer: { ok: false, error: { code: 'OUT_OF_STOCK', data: { productId: 'p1' } } } });
      expect(decideSetQuantity(undefined, 2)).toEqual({ answer: { ok: false, error: { code: 'CART_LINE_NOT_FOUND' } } });
      expect(decideSetQuantity(undefined, 0)).toEqual({ answer: { ok: false, error: { code: 'CART_LINE_NOT_FOUND' } } });
      expect(decideSetQuantity(undefined, 1.5)).toEqual({ answer: { ok: false, error: { code: 'INVALID_QUANTITY' } } });
    });

    it('answers what the write did, and a line gone meanwhile as not found', () => {
      expect(setQuantityAnswer({ write: 'set' }, 4)).toEqual({ code: 'CART_QUANTITY_UPDATED', data: { quantity: 4 } });
      expect(setQuantityAnswer({ write: 'remove' }, true)).toEqual({ code: 'CART_ITEM_REMOVED' });
      expect(setQuantityAnswer({ write: 'set' }, null)).toEqual({ ok: false, error: { code: 'CART_LINE_NOT_FOUND' } });
      expect(setQuantityAnswer({ write: 'remove' }, false)).toEqual({ ok: false, error: { code: 'CART_LINE_NOT_FOUND' } });
    });
  });

  it('answers a removal by whether the line was there', () => {
    expect(removeAnswer(true)).toEqual({ code: 'CART_ITEM_REMOVED' });
    expect(removeAnswer(false)).toEqual({ ok: false, error: { code: 'CART_LINE_NOT_FOUND' } });
  });

  describe('an outcome kept by the change functions before ADR 064', () => {
    it('answers as the function decided then', () => {
      expect(keptOutcome.add({ stock: 10, existing: 0, after: 2 }, 'p1', 2)).toEqual({ code: 'CART_ITEM_ADDED', data: { quantity: 2 } });
      expect(keptOutcome.add({ stock: 5, existing: 4, after: null }, 'p1', 2)).toMatchObject({ ok: false, error: { code: 'INSUFFICIENT_STOCK', data: { available: 5, inCart: 4 } } });
      expect(keptOutcome.setQuantity({ stock: 5, after: 3 }, 3)).toEqual({ code: 'CART_QUANTITY_UPDATED', data: { quantity: 3 } });
      expect(keptOutcome.setQuantity({ removed: true }, 0)).toEqual({ code: 'CART_ITEM_REMOVED' });
      expect(keptOutcome.setQuantity({ missing: true }, 2)).toEqual({ ok: false, error: { code: 'CART_LINE_NOT_FOUND' } });
      expect(keptOutcome.setQuantity({ stock: 1, product: 'p1' }, 3)).toEqual({ ok: false, error: { code: 'INSUFFICIENT_STOCK', data: { productId: 'p1', available: 1, inCart: 0 } } });
      expect(keptOutcome.setQuantity({ stock: null, product: 'p1' }, 3)).toEqual({ ok: false, error: { code: 'OUT_OF_STOCK', data: { productId: 'p1' } } });
      expect(keptOutcome.remove({ removed: 1 })).toEqual({ code: 'CART_ITEM_REMOVED' });
      expect(keptOutcome.remove({ removed: 0 })).toEqual({ ok: false, error: { code: 'CART_LINE_NOT_FOUND' } });
      expect(keptOutcome.clear()).toEqual({ code: 'CART_CLEARED' });
    });
  });
});
