import fc from 'fast-check';
import { removeBought, type HeldLine } from './bought-lines.js';

describe('removeBought: what a paid order takes out of the cart', () => {
  const line = (id: string, productId: string, quantity: number): HeldLine => ({ id, productId, quantity });

  it('removes a line bought whole and lowers a line of which more is in the cart now', () => {
    const cart = [line('c1', 'p1', 3), line('c2', 'p2', 5)];
    expect(removeBought(cart, [{ productId: 'p1', quantity: 3 }, { productId: 'p2', quantity: 2 }])).toEqual({ lower: [{ id: 'c2', quantity: 3 }], remove: ['c1'] });
  });

  it('keeps lines of products that were not bought (added after checkout began)', () => {
    const cart = [line('c1', 'p1', 1), line('c2', 'p9', 4)];
    expect(removeBought(cart, [{ productId: 'p1', quantity: 1 }])).toEqual({ lower: [], remove: ['c1'] });
  });

  it('removes a line the shopper lowered below the bought quantity since, and ignores a product no longer in the cart', () => {
    const cart = [line('c1', 'p1', 1)];
    expect(removeBought(cart, [{ productId: 'p1', quantity: 3 }, { productId: 'p2', quantity: 2 }])).toEqual({ lower: [], remove: ['c1'] });
  });

  it('sums a product that appears on two bought lines', () => {
    expect(removeBought([line('c1', 'p1', 6)], [{ productId: 'p1', quantity: 2 }, { productId: 'p1', quantity: 3 }])).toEqual({ lower: [{ id: 'c1', quantity: 1 }], remove: [] });
  });

  it('takes only from the cart lines the order was made of: a line added again after the cart was emptied stays', () => {
    // The shopper gave up on a payment, emptied the cart and added the plant again (line c7); the payment then went through.
    const cart = [line('c7', 'p1', 1), line('c2', 'p2', 4)];
    expect(removeBought(cart, [{ productId: 'p1', quantity: 1 }, { productId: 'p2', quantity: 1 }], ['c1', 'c2'])).toEqual({ lower: [{ id: 'c2', quantity: 3 }], remove: [] });
  });

  it('changes nothing for an empty cart', () => {
    expect(removeBought([], [{ productId: 'p1', quantity: 1 }])).toEqual({ lower: [], remove: [] });
  });

  it('never lowers a line to zero or below, never raises one, and leaves exactly max(0, held − bought)', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.record({ productId: fc.constantFrom('a', 'b', 'c', 'd'), quantity: fc.integer({ min: 1, max: 30 }) }), { selector: (l) => l.productId }),
        fc.array(fc.record({ productId: fc.constantFrom('a', 'b', 'c', 'e'), quantity: fc.integer({ min: 1, max: 30 }) })),
        (held, bought) => {
          const cart = held.map((l, i) => line(`c${i}`, l.productId, l.quantity));
          const { lower, remove } = removeBought(cart, bought);
          for (const l of cart) {
            const taken = bought.filter((b) => b.productId === l.productId).reduce((n, b) => n + b.quantity, 0);
            const left = Math.max(0, l.quantity - taken);
            const lowered = lower.find((x) => x.id === l.id);
            if (taken === 0) expect(lowered ?? remove.includes(l.id)).toBeFalsy();
            else if (left === 0) expect(remove).toContain(l.id);
            else expect(lowered).toEqual({ id: l.id, quantity: left });
          }
          for (const l of lower) expect(l.quantity).toBeGreaterThan(0);
        },
      ),
    );
  });
});
