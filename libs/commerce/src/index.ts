/**
 * `@jalaj/commerce` — the shop's business rules as pure functions and constants:
 * money, volume discounts, shipping, order numbers, formatting, and the rules
 * and messages of every form. No I/O and no dependencies, so the NestJS
 * services (as the authority) and the React frontends (for display) share
 * exactly the same rules.
 *
 * Money is always integer paise inside; convert at the edges with
 * {@link rupeesToPaise} and {@link paiseToDecimalString}.
 *
 * @packageDocumentation
 */
export * from './validation.js';
export * from './guards.js';
export * from './money.js';
export * from './discounts.js';
export * from './pricing.js';
export * from './shipping.js';
export * from './orders.js';
export * from './fulfilment.js';
export * from './guarantee.js';
export * from './bill-of-supply.js';
export * from './format.js';
export * from './shop-day.js';
export * from './address.js';
export * from './auth-rules.js';
export * from './product-rules.js';
export * from './cart-rules.js';
export * from './stock-alerts.js';
export * from './stock-history.js';
export * from './checkout.js';
export * from './checkout-holds.js';
export * from './payment-pages.js';
export * from './order-money.js';
export * from './needs-attention.js';
export * from './payment-failures.js';
export * from './display.js';
export * from './message-catalogue.js';
