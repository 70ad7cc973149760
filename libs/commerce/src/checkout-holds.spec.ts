import { DEFAULT_HOLD_LIMITS, HOLD_MESSAGES, holdableUnits, lineOverUnitLimit, mayStartPayment } from './checkout-holds.js';
import { renderMessage } from './message-catalogue.js';

describe('what an unpaid checkout may hold (ADR 073)', () => {
  it('finds the first line over the units one order may buy of a plant', () => {
    const lines = [
      { productId: 'a', productName: 'Java Fern', quantity: 20 },
      { productId: 'b', productName: 'Monte Carlo', quantity: 21 },
      { productId: 'c', productName: 'Rotala', quantity: 40 },
    ];
    expect(lineOverUnitLimit(lines, 20)).toBe(lines[1]);
    expect(lineOverUnitLimit(lines, 40)).toBeNull();
  });

  it.each([
    [0, 50, 0],
    [1, 50, 1],
    [2, 50, 1],
    [3, 50, 1],
    [4, 50, 2],
    [10, 50, 5],
    [965, 50, 482],
    [3, 100, 3],
    [3, 1, 1],
  ])('of %i left with a share of %i %%, holds at most %i', (stock, share, holdable) => {
    expect(holdableUnits(stock, share)).toBe(holdable);
  });

  it('never lets one checkout empty a plant that has two or more left, at the default share', () => {
    for (let stock = 2; stock <= 200; stock++) expect(holdableUnits(stock, DEFAULT_HOLD_LIMITS.maxSharePercent)).toBeLessThan(stock);
  });

  it('lets a shopper start payments while fewer than the limit are open', () => {
    expect(mayStartPayment(2, 3)).toBe(true);
    expect(mayStartPayment(3, 3)).toBe(false);
  });

  it('says each limit in the shop’s words, with its numbers', () => {
    expect(renderMessage('UNITS_LIMIT', { productName: 'Java Fern', max: 20 })).toEqual({
      title: 'Order limit',
      message: 'You can buy at most 20 of Java Fern in one order. Please lower the quantity.',
    });
    expect(renderMessage('HOLD_LIMIT', { productName: 'Java Fern', holdable: 2, stock: 5 }).message).toBe(
      'Only 2 of the 5 Java Fern left can be set aside for one order while it is paid, so other shoppers can still buy it. Please lower the quantity to 2.',
    );
    expect(renderMessage('PAYMENTS_LIMIT', { max: 3, until: '2026-11-22T10:05:00.000Z' }).message).toBe(
      'You already have 3 payments waiting at PhonePe. Pay one of them, or try again after November 22, 2026 at 3:35 PM.',
    );
    expect(HOLD_MESSAGES.paymentsLimit(3, null)).toBe('You already have 3 payments waiting at PhonePe. Pay one of them or try again in a few minutes.');
  });
});
