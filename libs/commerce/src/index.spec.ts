import * as commerce from './index.js';

/** The public API used together, as the cart and checkout use it (each function has its own spec beside it). */
describe('public API', () => {
  it('prices a checkout end to end', () => {
    const totals = commerce.cartTotals([
      { unitPricePaise: commerce.rupeesToPaise('199.99'), quantity: 3 },
      { unitPricePaise: commerce.rupeesToPaise(49.5), quantity: 1 },
    ]);
    const shipping = commerce.shippingChargePaise('700016');
    if (!shipping.ok) throw new Error('expected a charge');
    const payable = commerce.payableAmountPaise(totals.subtotalPaise, shipping.paise);
    expect(totals).toEqual({ itemCount: 4, subtotalPaise: 56997 + 4950, savingsPaise: 3000 });
    expect(commerce.formatRupees(payable)).toBe('₹694.00'); // 619.47 + 75 = 694.47 → 694
  });
});
