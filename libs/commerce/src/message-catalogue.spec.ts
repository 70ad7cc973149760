import { renderMessage, stockSavedText } from './message-catalogue.js';

describe('the texts of a product save (issue #38)', () => {
  it('refuses a stale save with the words the admin form shows', () => {
    expect(renderMessage('PRODUCT_CHANGED')).toMatchObject({ title: 'Product changed', message: 'This product changed since you opened it' });
  });

  it('says how far below 0 a stock change would go', () => {
    expect(renderMessage('PRODUCT_STOCK_BELOW_ZERO', { stockQuantity: 1, change: -3 })).toMatchObject({
      title: 'Failed to update product',
      message: 'Stock cannot go below 0: 1 in stock now, and this change takes away 3.',
    });
  });

  it('tells the stock a save left when sales moved it meanwhile', () => {
    expect(stockSavedText(2, 3, 3)).toBe('Stock is now 2: 1 sold while you edited, and you left it unchanged.');
    expect(stockSavedText(7, 8, 3)).toBe('Stock is now 7: 1 sold while you edited, and your change of +5 was applied.');
    expect(stockSavedText(5, 2, 3)).toBe('Stock is now 5: 3 came back to stock while you edited, and your change of -1 was applied.');
  });
});
