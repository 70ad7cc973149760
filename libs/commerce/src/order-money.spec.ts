import fc from 'fast-check';
import { isSold, orderMoneyFacts, orderMoneyLines, orderRevenuePaise, refundablePaise, salesFigures, SOLD_STATES, type OrderMoneyFacts } from './order-money.js';
import { lineTotalPaise, payableAmountPaise } from './pricing.js';

// 3 × ₹249 at 5 % = ₹709.65 and 1 × ₹149; + ₹75 shipping = ₹933.65 → ₹934.
const order: OrderMoneyFacts = {
  lines: [
    { unitPricePaise: 24900, quantity: 3 },
    { unitPricePaise: 14900, quantity: 1 },
  ],
  subtotalPaise: 85865,
  shippingPaise: 7500,
  totalPaise: 93400,
};

const shown = (facts: OrderMoneyFacts) => orderMoneyLines(facts).map((l) => `${l.label}: ${l.amount}`);

describe('orderMoneyLines', () => {
  it('lists the subtotal at list prices, the savings, shipping, the rounding and the total', () => {
    expect(shown(order)).toEqual(['Subtotal: ₹896.00', 'Volume discount savings: -₹37.35', 'Shipping: ₹75.00', 'Rounded to the rupee: +₹0.35', 'Total: ₹934.00']);
  });

  it('leaves out savings and rounding when there were none, and rounds down with a minus', () => {
    expect(shown({ lines: [{ unitPricePaise: 14900, quantity: 1 }], subtotalPaise: 14900, shippingPaise: 15000, totalPaise: 29900 })).toEqual([
      'Subtotal: ₹149.00',
      'Shipping: ₹150.00',
      'Total: ₹299.00',
    ]);
    expect(shown({ ...order, lines: [{ unitPricePaise: 24930, quantity: 1 }], subtotalPaise: 24930, totalPaise: 32400 })).toContain('Rounded to the rupee: -₹0.30');
  });

  it('shows a refund and what remains paid, the total as charged', () => {
    expect(shown({ ...order, refundedPaise: 10000 }).slice(-3)).toEqual(['Total: ₹934.00', 'Refunded: -₹100.00', 'Paid after refunds: ₹834.00']);
    expect(orderMoneyLines({ ...order, refundedPaise: 0 }).map((l) => l.key)).not.toContain('refunded');
    expect(shown({ ...order, refundedPaise: 10000, refundInProgress: true })).toContain('Refund in progress: -₹100.00');
  });

  it('adds up: every sum line is the lines above it, whatever the order', () => {
    const line = fc.record({ unitPricePaise: fc.integer({ min: 100, max: 500_000 }), quantity: fc.integer({ min: 1, max: 40 }) });
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 6 }), fc.constantFrom(0, 7500, 15000), fc.nat(), (bought, shippingPaise, refundSeed) => {
        const subtotalPaise = bought.reduce((s, l) => s + lineTotalPaise(l.unitPricePaise, l.quantity), 0);
        const totalPaise = payableAmountPaise(subtotalPaise, shippingPaise);
        const refundedPaise = refundSeed % (totalPaise + 1);
        let running = 0;
        for (const l of orderMoneyLines({ lines: bought, subtotalPaise, shippingPaise, totalPaise, refundedPaise })) {
          if (l.sum) expect(l.amountPaise).toBe(running);
          running = l.sum ? l.amountPaise : running + l.amountPaise;
        }
      }),
    );
  });
});

describe('orderMoneyFacts', () => {
  it('takes the refunded amount and calls the refund in progress while any refund has not completed', () => {
    const refunds = [{ refundedAt: '2026-11-29T10:00:00.000Z' }, { refundedAt: null }];
    expect(orderMoneyFacts({ ...order, refundedPaise: 15000, refunds })).toEqual({ ...order, refundedPaise: 15000, refundInProgress: true });
    expect(orderMoneyFacts({ ...order, refundedPaise: 10000, refunds: refunds.slice(0, 1) }).refundInProgress).toBe(false);
    expect(orderMoneyFacts({ ...order, refunds: [] })).toEqual({ ...order, refundedPaise: 0, refundInProgress: false });
  });
});

describe('revenue', () => {
  it('is what a sale was paid less what was refunded; nothing for an order that is no sale', () => {
    expect(orderRevenuePaise({ state: 'paid', totalPaise: 32400, refundedPaise: 0 })).toBe(32400);
    expect(orderRevenuePaise({ state: 'partly_refunded', totalPaise: 32400, refundedPaise: 10000 })).toBe(22400);
    for (const state of ['pending', 'failed', 'held', 'refund_pending', 'refunded']) expect(orderRevenuePaise({ state, totalPaise: 32400, refundedPaise: 0 })).toBe(0);
    expect(refundablePaise({ state: 'partly_refunded', totalPaise: 32400, refundedPaise: 10000 })).toBe(22400);
    expect(refundablePaise({ state: 'refund_pending', totalPaise: 32400, refundedPaise: 32400 })).toBe(0);
  });

  it('counts the sales and adds up what they brought in', () => {
    expect(
      salesFigures([
        { state: 'paid', totalPaise: 32400, refundedPaise: 0 },
        { state: 'partly_refunded', totalPaise: 32400, refundedPaise: 10000 },
        { state: 'refunded', totalPaise: 32400, refundedPaise: 32400 },
        { state: 'pending', totalPaise: 99900, refundedPaise: 0 },
      ]),
    ).toEqual({ orders: 2, revenuePaise: 54800 });
    expect(salesFigures([])).toEqual({ orders: 0, revenuePaise: 0 });
    // Groups of one state summed count as their orders one by one.
    expect(
      salesFigures([
        { state: 'paid', orders: 3, totalPaise: 97200, refundedPaise: 0 },
        { state: 'partly_refunded', orders: 2, totalPaise: 64800, refundedPaise: 20000 },
        { state: 'refund_pending', orders: 4, totalPaise: 129600, refundedPaise: 129600 },
        { state: 'pending', orders: 7, totalPaise: 226800, refundedPaise: 0 },
        { state: 'paid', totalPaise: 32400, refundedPaise: 0 },
      ]),
    ).toEqual({ orders: 6, revenuePaise: 97200 + 44800 + 32400 });
    expect(SOLD_STATES.every(isSold)).toBe(true);
  });
});
