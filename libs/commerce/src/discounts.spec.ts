import fc from 'fast-check';
import {
  DISCOUNT_TIERS,
  discountNudgeText,
  discountPercentLabel,
  discountTierFor,
  discountTierLabel,
  formatDiscountNudge,
  nextDiscountTier,
  volumeDiscountPercent,
} from './discounts.js';

describe('DISCOUNT_TIERS', () => {
  it('matches the spec table', () => {
    expect(DISCOUNT_TIERS).toEqual([
      { minQuantity: 1, maxQuantity: 2, percent: 0 },
      { minQuantity: 3, maxQuantity: 4, percent: 5 },
      { minQuantity: 5, maxQuantity: 6, percent: 10 },
      { minQuantity: 7, maxQuantity: 9, percent: 15 },
      { minQuantity: 10, maxQuantity: 14, percent: 20 },
      { minQuantity: 15, maxQuantity: 19, percent: 25 },
      { minQuantity: 20, maxQuantity: null, percent: 30 },
    ]);
  });

  it('is contiguous from 1 and open-ended only at the top', () => {
    DISCOUNT_TIERS.forEach((tier, i) => {
      const previous = DISCOUNT_TIERS[i - 1];
      expect(tier.minQuantity).toBe(previous ? previous.maxQuantity! + 1 : 1);
      expect(tier.maxQuantity === null).toBe(i === DISCOUNT_TIERS.length - 1);
    });
  });

  it('cannot be changed at run time', () => {
    expect(Object.isFrozen(DISCOUNT_TIERS)).toBe(true);
    expect(DISCOUNT_TIERS.every((t) => Object.isFrozen(t))).toBe(true);
  });
});

describe('volumeDiscountPercent', () => {
  it.each([
    [1, 0],
    [2, 0],
    [3, 5],
    [4, 5],
    [5, 10],
    [6, 10],
    [7, 15],
    [8, 15],
    [9, 15],
    [10, 20],
    [14, 20],
    [15, 25],
    [19, 25],
    [20, 30],
    [21, 30],
    [100, 30],
    [Number.MAX_SAFE_INTEGER, 30],
  ])('quantity %d gets %d%%', (quantity, percent) => {
    expect(volumeDiscountPercent(quantity)).toBe(percent);
    expect(discountTierFor(quantity).percent).toBe(percent);
  });

  it.each([[0], [-1], [1.5], [NaN], [Infinity], ['3' as unknown as number]])('rejects quantity %p', (quantity) => {
    expect(() => volumeDiscountPercent(quantity)).toThrow(RangeError);
  });

  it('never decreases as the quantity grows', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000 }), fc.integer({ min: 0, max: 10_000 }), (q, extra) => {
        expect(volumeDiscountPercent(q + extra)).toBeGreaterThanOrEqual(volumeDiscountPercent(q));
      }),
    );
  });
});

describe('nextDiscountTier', () => {
  it.each([
    [1, { additionalQuantity: 2, percent: 5 }],
    [2, { additionalQuantity: 1, percent: 5 }],
    [3, { additionalQuantity: 2, percent: 10 }],
    [4, { additionalQuantity: 1, percent: 10 }],
    [5, { additionalQuantity: 2, percent: 15 }],
    [6, { additionalQuantity: 1, percent: 15 }],
    [7, { additionalQuantity: 3, percent: 20 }],
    [9, { additionalQuantity: 1, percent: 20 }],
    [10, { additionalQuantity: 5, percent: 25 }],
    [14, { additionalQuantity: 1, percent: 25 }],
    [15, { additionalQuantity: 5, percent: 30 }],
    [19, { additionalQuantity: 1, percent: 30 }],
    [20, null],
    [21, null],
    [500, null],
  ])('quantity %d → %j', (quantity, expected) => {
    expect(nextDiscountTier(quantity)).toEqual(expected);
  });

  it('always leads to a higher discount at the promised quantity', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 19 }), (q) => {
        const next = nextDiscountTier(q)!;
        expect(volumeDiscountPercent(q + next.additionalQuantity)).toBe(next.percent);
        expect(next.percent).toBeGreaterThan(volumeDiscountPercent(q));
        expect(volumeDiscountPercent(q + next.additionalQuantity - 1)).toBe(volumeDiscountPercent(q));
      }),
    );
  });

  it('rejects an invalid quantity', () => {
    expect(() => nextDiscountTier(0)).toThrow(RangeError);
  });
});

describe('nudge text', () => {
  it.each([
    [1, 'Add 2 more to get 5% off'],
    [2, 'Add 1 more to get 5% off'],
    [4, 'Add 1 more to get 10% off'],
    [7, 'Add 3 more to get 20% off'],
    [19, 'Add 1 more to get 30% off'],
    [20, null],
  ])('quantity %d → %j', (quantity, text) => {
    expect(discountNudgeText(quantity)).toBe(text);
  });

  it('formats a next tier', () => {
    expect(formatDiscountNudge({ additionalQuantity: 4, percent: 25 })).toBe('Add 4 more to get 25% off');
  });
});

describe('Discounts dialog labels', () => {
  it.each([
    [0, '1-2 items', 'No discount'],
    [1, '3-4 items', '5% off'],
    [2, '5-6 items', '10% off'],
    [3, '7-9 items', '15% off'],
    [4, '10-14 items', '20% off'],
    [5, '15-19 items', '25% off'],
    [6, '20+ items', '30% off'],
  ])('row %d reads %s / %s', (index, quantityLabel, percentLabel) => {
    expect(discountTierLabel(DISCOUNT_TIERS[index]!)).toBe(quantityLabel);
    expect(discountPercentLabel(DISCOUNT_TIERS[index]!)).toBe(percentLabel);
  });

  it.each([
    [{ minQuantity: 1, maxQuantity: 1, percent: 0 }, '1 item'],
    [{ minQuantity: 3, maxQuantity: 3, percent: 5 }, '3 items'],
  ])('labels a single-quantity tier %j as %s', (tier, label) => {
    expect(discountTierLabel(tier)).toBe(label);
  });
});
