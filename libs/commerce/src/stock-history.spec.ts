import { signedChangeText, stockChangeByText, stockChangeCauseText, stockChangeWhenText } from './stock-history.js';

describe('stock history words', () => {
  const facts = { orderNumber: null, note: null, actorName: null };

  it('names the order of a sale, a released hold and an expired one', () => {
    expect(stockChangeCauseText({ ...facts, cause: 'sale', orderNumber: '1A2B3C4D' })).toBe('Sale, order 1A2B3C4D');
    expect(stockChangeCauseText({ ...facts, cause: 'release', orderNumber: '1A2B3C4D' })).toBe('Order 1A2B3C4D not paid: its hold was given back');
    expect(stockChangeCauseText({ ...facts, cause: 'expiry', orderNumber: '1A2B3C4D' })).toBe('Order 1A2B3C4D not paid in time: its hold expired');
    // A hold from before the orders carried their number.
    expect(stockChangeCauseText({ ...facts, cause: 'sale' })).toBe('Sale, order');
  });

  it("gives an adjustment's reason and names the admin", () => {
    expect(stockChangeCauseText({ ...facts, cause: 'adjustment', note: 'Plants lost in transit' })).toBe('Adjusted: Plants lost in transit');
    expect(stockChangeByText({ cause: 'adjustment', actorName: 'Asha Rao' })).toBe('Asha Rao');
    expect(stockChangeByText({ cause: 'edit', actorName: null })).toBe('A former admin');
    expect(stockChangeByText({ cause: 'created', actorName: 'Asha Rao' })).toBe('Asha Rao');
  });

  it('says who else changed it', () => {
    expect(stockChangeByText({ cause: 'sale', actorName: null })).toBe('Checkout');
    expect(stockChangeByText({ cause: 'release', actorName: null })).toBe('Checkout');
    expect(stockChangeByText({ cause: 'expiry', actorName: null })).toBe('Automatic');
    expect(stockChangeCauseText({ ...facts, cause: 'opening' })).toBe('Stock when its history began');
    expect(stockChangeCauseText({ ...facts, cause: 'edit' })).toBe('Product form saved');
  });

  it('signs a change with a real minus', () => {
    expect(signedChangeText(5)).toBe('+5');
    expect(signedChangeText(-2)).toBe('\u22122');
  });

  it("says when in India's time, with the time of day", () => {
    // 21:40 UTC is 03:10 the next morning in Kolkata.
    expect(stockChangeWhenText('2026-11-22T21:40:00.000Z')).toBe('23/11/26, 3:10 am');
  });
});
