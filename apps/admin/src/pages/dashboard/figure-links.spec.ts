import { DEFAULT_ORDERS_QUERY, readOrdersQuery } from '../orders/order-query.js';
import { DEFAULT_PRODUCTS_QUERY, readProductsQuery } from '../products/product-query.js';
import { figureLinks } from './figure-links.js';

describe("the links of today's figures", () => {
  const links = figureLinks('2026-11-23');

  it('open the Orders tab on the paid orders of the day', () => {
    const params = new URLSearchParams(links.paidOnDay);
    expect(params.get('tab')).toBeNull();
    expect(readOrdersQuery(params)).toEqual({ ...DEFAULT_ORDERS_QUERY, state: 'paid', from: '2026-11-23', to: '2026-11-23' });
  });

  it('open the Orders tab on the paid orders waiting to ship, of any day', () => {
    expect(links.toShip).toBe('?fulfilment=to-ship');
    expect(readOrdersQuery(new URLSearchParams(links.toShip))).toEqual({ ...DEFAULT_ORDERS_QUERY, fulfilment: 'to-ship' });
  });

  it('open the Orders tab on the orders that need a decision, of any day', () => {
    expect(links.needsAttention).toBe('?attention=true');
    expect(readOrdersQuery(new URLSearchParams(links.needsAttention))).toEqual({ ...DEFAULT_ORDERS_QUERY, attention: true });
  });

  it('open the Products tab with its Low stock filter', () => {
    const params = new URLSearchParams(links.lowStock);
    expect(params.get('tab')).toBe('products');
    expect(readProductsQuery(params)).toEqual({ ...DEFAULT_PRODUCTS_QUERY, lowStock: true });
  });
});
