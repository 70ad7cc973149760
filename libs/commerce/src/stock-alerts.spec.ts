import { productPagePath, shoppersWaitingText, STOCK_ALERT_MESSAGES } from './stock-alerts.js';

describe('stock alerts', () => {
  it("says the issue's words", () => {
    expect(STOCK_ALERT_MESSAGES.notifyMe).toBe('Notify Me');
    expect(STOCK_ALERT_MESSAGES.notified).toBe('You will be notified');
    expect(STOCK_ALERT_MESSAGES.setText).toBe('We will email you when it is back in stock.');
  });

  it('links to the product page, its id encoded', () => {
    expect(productPagePath('prd_01JD')).toBe('/product/prd_01JD');
    expect(productPagePath('a/b?c')).toBe('/product/a%2Fb%3Fc');
  });

  it('counts the shoppers waiting', () => {
    expect(shoppersWaitingText(1)).toBe('1 shopper waiting');
    expect(shoppersWaitingText(12)).toBe('12 shoppers waiting');
  });
});
