import fc from 'fast-check';
import {
  cartTotals,
  discountedUnitPricePaise,
  linePricing,
  lineSavingsPaise,
  lineTotalPaise,
  payableAmountPaise,
} from './pricing.js';

describe('discountedUnitPricePaise', () => {
  it.each([
    // unit, quantity, discounted unit
    [10000, 1, 10000],
    [10000, 2, 10000],
    [10000, 3, 9500],
    [10000, 4, 9500],
    [10000, 5, 9000],
    [10000, 6, 9000],
    [10000, 7, 8500],
    [10000, 9, 8500],
    [10000, 10, 8000],
    [10000, 14, 8000],
    [10000, 15, 7500],
    [10000, 19, 7500],
    [10000, 20, 7000],
    [10000, 50, 7000],
    // rounding half-up to the paisa
    [19999, 3, 18999], // 18999.05
    [10, 3, 10], // 9.5 → 10
    [30, 3, 29], // 28.5 → 29
    [1, 3, 1], // 0.95
    [1, 20, 1], // 0.7
    [5, 10, 4], // 4.0
    [15, 7, 13], // 12.75
    [25, 7, 21], // 21.25
    [0, 20, 0],
  ])('unit %d × quantity %d → %d', (unit, quantity, expected) => {
    expect(discountedUnitPricePaise(unit, quantity)).toBe(expected);
  });

  it.each([
    [-1, 1],
    [1.5, 1],
    [NaN, 1],
    [100, 0],
    [100, -2],
    [100, 2.5],
  ])('rejects unit %d with quantity %d', (unit, quantity) => {
    expect(() => discountedUnitPricePaise(unit, quantity)).toThrow(RangeError);
  });

  it('rejects a price too large to be exact', () => {
    expect(() => discountedUnitPricePaise(Number.MAX_SAFE_INTEGER, 1)).toThrow(RangeError);
  });
});

describe('line totals and savings', () => {
  it.each([
    // unit, quantity, line total, savings
    [19999, 1, 19999, 0],
    [19999, 2, 39998, 0],
    [19999, 3, 56997, 3000],
    [10000, 4, 38000, 2000],
    [10000, 5, 45000, 5000],
    [10000, 7, 59500, 10500],
    [10000, 10, 80000, 20000],
    [10000, 15, 112500, 37500],
    [10000, 20, 140000, 60000],
    [30, 3, 87, 3],
  ])('unit %d × %d → total %d, savings %d', (unit, quantity, total, savings) => {
    expect(lineTotalPaise(unit, quantity)).toBe(total);
    expect(lineSavingsPaise(unit, quantity)).toBe(savings);
    expect(linePricing(unit, quantity)).toEqual({
      unitPricePaise: unit,
      quantity,
      discountPercent: expect.any(Number),
      discountedUnitPricePaise: total / quantity,
      lineTotalPaise: total,
      savingsPaise: savings,
    });
  });

  it('rejects a line total too large to be exact', () => {
    expect(() => lineTotalPaise(2 ** 45, 2 ** 10)).toThrow(RangeError);
  });
});

describe('cartTotals', () => {
  it('is all zeros for an empty cart', () => {
    expect(cartTotals([])).toEqual({ itemCount: 0, subtotalPaise: 0, savingsPaise: 0 });
  });

  it('discounts each line by its own quantity, never pooling lines', () => {
    expect(
      cartTotals([
        { unitPricePaise: 10000, quantity: 2 },
        { unitPricePaise: 10000, quantity: 2 },
        { unitPricePaise: 19999, quantity: 3 },
      ]),
    ).toEqual({ itemCount: 7, subtotalPaise: 20000 + 20000 + 56997, savingsPaise: 3000 });
  });

  it('rejects a line with an invalid quantity', () => {
    expect(() => cartTotals([{ unitPricePaise: 100, quantity: 0 }])).toThrow(RangeError);
  });

  const line = fc.record({
    unitPricePaise: fc.integer({ min: 0, max: 10_000_000 }),
    quantity: fc.integer({ min: 1, max: 1_000 }),
  });

  it('is never negative and adds up line by line', () => {
    fc.assert(
      fc.property(fc.array(line, { maxLength: 20 }), (lines) => {
        const totals = cartTotals(lines);
        expect(totals.subtotalPaise).toBeGreaterThanOrEqual(0);
        expect(totals.savingsPaise).toBeGreaterThanOrEqual(0);
        expect(totals.itemCount).toBe(lines.reduce((n, l) => n + l.quantity, 0));
        expect(totals.subtotalPaise).toBe(lines.reduce((s, l) => s + lineTotalPaise(l.unitPricePaise, l.quantity), 0));
        // Savings plus what is paid is what the list prices would have cost.
        expect(totals.subtotalPaise + totals.savingsPaise).toBe(
          lines.reduce((s, l) => s + l.unitPricePaise * l.quantity, 0),
        );
      }),
    );
  });

  it('never charges more than the list price nor less than 70% of it', () => {
    fc.assert(
      fc.property(line, ({ unitPricePaise, quantity }) => {
        const d = discountedUnitPricePaise(unitPricePaise, quantity);
        expect(d).toBeLessThanOrEqual(unitPricePaise);
        expect(d * 100).toBeGreaterThanOrEqual(unitPricePaise * 70 - 50);
      }),
    );
  });
});

describe('payableAmountPaise', () => {
  it.each([
    [0, 0, 0],
    [56997, 7500, 64500], // 644.97 → 645
    [19949, 0, 19900], // 199.49 → 199
    [19950, 0, 20000], // 199.50 → 200
    [19951, 0, 20000],
    [10000, 15000, 25000],
    [49, 0, 0],
    [50, 0, 100],
  ])('cart %d + shipping %d → %d', (cart, shipping, payable) => {
    expect(payableAmountPaise(cart, shipping)).toBe(payable);
  });

  it.each([
    [-1, 0],
    [0, -1],
    [1.5, 0],
    [0, NaN],
  ])('rejects cart %d with shipping %d', (cart, shipping) => {
    expect(() => payableAmountPaise(cart, shipping)).toThrow(RangeError);
  });

  it('is a whole rupee within 50 paise of the exact sum', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e12 }), fc.integer({ min: 0, max: 1e6 }), (cart, shipping) => {
        const payable = payableAmountPaise(cart, shipping);
        expect(payable % 100).toBe(0);
        expect(payable).toBeGreaterThanOrEqual(0);
        expect(Math.abs(payable - (cart + shipping))).toBeLessThanOrEqual(50);
      }),
    );
  });
});
