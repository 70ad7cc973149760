import { DEFAULT_ORDERS_QUERY, ordersSearchParams } from '../orders/order-query.js';
import { DEFAULT_PRODUCTS_QUERY, productsSearchParams } from '../products/product-query.js';

/** Where each of today's figures leads: the dashboard's query of the list it counts. */
export interface FigureLinks {
  /** The Orders tab, paid orders placed on the day (orders and revenue). */
  readonly paidOnDay: string;
  /** The Orders tab, paid orders waiting to ship. */
  readonly toShip: string;
  /** The Orders tab, orders that need a decision. */
  readonly needsAttention: string;
  /** The Products tab, Low stock. */
  readonly lowStock: string;
  /** The Orders tab, orders with a guarantee claim waiting for a decision. */
  readonly claimsWaiting: string;
}

/**
 * The lists behind the figures of `day`, as dashboard queries (`?state=paid&from=…`), so
 * each figure opens exactly what it counts.
 *
 * @param day - The India day the figures count, `YYYY-MM-DD`.
 */
export function figureLinks(day: string): FigureLinks {
  return {
    paidOnDay: `?${ordersSearchParams({ ...DEFAULT_ORDERS_QUERY, state: 'paid', from: day, to: day })}`,
    toShip: `?${ordersSearchParams({ ...DEFAULT_ORDERS_QUERY, fulfilment: 'to-ship' })}`,
    needsAttention: `?${ordersSearchParams({ ...DEFAULT_ORDERS_QUERY, attention: true })}`,
    lowStock: `?${productsSearchParams({ ...DEFAULT_PRODUCTS_QUERY, lowStock: true })}`,
    claimsWaiting: `?${ordersSearchParams({ ...DEFAULT_ORDERS_QUERY, claim: 'waiting' })}`,
  };
}
