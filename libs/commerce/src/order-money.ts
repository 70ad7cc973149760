import { formatRupees } from './format.js';

/**
 * The money of an order, as every place that shows it (My Orders cards, Details, the
 * success page, the confirmation mail, the bill of supply) lists it: the same lines in the
 * same order, with the same words, and they add up.
 */

/** What the lines are made from: the order's amounts as the server keeps them (paise). */
export interface OrderMoneyFacts {
  /** Each bought line: its list price and quantity. */
  readonly lines: readonly { readonly unitPricePaise: number; readonly quantity: number }[];
  /** What the lines came to after the volume discount. */
  readonly subtotalPaise: number;
  /** Shipping as charged. */
  readonly shippingPaise: number;
  /** What was charged: the discounted subtotal and shipping, rounded to a whole rupee. */
  readonly totalPaise: number;
  /** Money given back (a refund started or completed); 0 or absent when none. */
  readonly refundedPaise?: number;
  /** The refund is still on its way back to the shopper (PhonePe has not completed it). */
  readonly refundInProgress?: boolean;
}

/**
 * The money facts of an order, or of its bill, with its refunds: a refund is in progress
 * while any of them has not completed.
 *
 * @param order - The amounts, what is refunded in all, and the refunds (when each completed).
 */
export function orderMoneyFacts(order: Omit<OrderMoneyFacts, 'refundInProgress'> & { readonly refunds: readonly { readonly refundedAt: string | null }[] }): OrderMoneyFacts {
  return {
    lines: order.lines,
    subtotalPaise: order.subtotalPaise,
    shippingPaise: order.shippingPaise,
    totalPaise: order.totalPaise,
    refundedPaise: order.refundedPaise ?? 0,
    refundInProgress: order.refunds.some((refund) => refund.refundedAt === null),
  };
}

/**
 * The rounding to a whole rupee of an order: what was charged less its discounted subtotal
 * and shipping, either sign (the bill's, the money lines' and the export's, one rule).
 */
export function orderRoundingPaise(order: { readonly totalPaise: number; readonly subtotalPaise: number; readonly shippingPaise: number }): number {
  return order.totalPaise - order.subtotalPaise - order.shippingPaise;
}

/**
 * The volume discount of a line as it was bought (prices frozen at checkout): the list unit
 * price less the discounted one, times the quantity; the line's total is its list price
 * less this (the bill's and the export's, one rule).
 */
export function boughtLineDiscountPaise(line: { readonly unitPricePaise: number; readonly discountedUnitPricePaise: number; readonly quantity: number }): number {
  return (line.unitPricePaise - line.discountedUnitPricePaise) * line.quantity;
}

/** One line of an order's money. */
export interface OrderMoneyLine {
  readonly key: 'subtotal' | 'savings' | 'shipping' | 'rounding' | 'total' | 'refunded' | 'net';
  readonly label: string;
  /** Signed: savings and refunds are negative, rounding either way. */
  readonly amountPaise: number;
  /** The amount as shown: `₹709.65`, `-₹37.35`, `+₹0.35`. */
  readonly amount: string;
  /** The line that sums the ones above it (the total, and what was paid after refunds). */
  readonly sum: boolean;
}

/** The words of the lines, in one place. */
export const ORDER_MONEY_LABELS = Object.freeze({
  subtotal: 'Subtotal',
  savings: 'Volume discount savings',
  shipping: 'Shipping',
  rounding: 'Rounded to the rupee',
  total: 'Total',
  refunded: 'Refunded',
  refunding: 'Refund in progress',
  net: 'Paid after refunds',
} satisfies Record<OrderMoneyLine['key'] | 'refunding', string>);

/** A signed amount: `-₹37.35` for a deduction, `+₹0.35` for an addition when `plus` is asked. */
export function signedRupees(paise: number, plus = false): string {
  return plus && paise > 0 ? `+${formatRupees(paise)}` : formatRupees(paise);
}

/**
 * The money lines of an order: the subtotal at list prices, the volume discount savings
 * (when there were any), shipping, the rounding to a whole rupee (when there was one), the
 * total charged; then, when money was given back, what was refunded and what remains paid.
 * Each sum line equals the lines above it since the previous sum.
 *
 * @param order - The order's amounts.
 * @returns The lines, top to bottom.
 */
export function orderMoneyLines(order: OrderMoneyFacts): OrderMoneyLine[] {
  const listPaise = order.lines.reduce((sum, l) => sum + l.unitPricePaise * l.quantity, 0);
  const savingsPaise = order.subtotalPaise - listPaise;
  const roundingPaise = orderRoundingPaise(order);
  const refundedPaise = order.refundedPaise ?? 0;
  const line = (key: OrderMoneyLine['key'], amountPaise: number, amount = formatRupees(amountPaise)): OrderMoneyLine => ({
    key,
    label: key === 'refunded' && order.refundInProgress ? ORDER_MONEY_LABELS.refunding : ORDER_MONEY_LABELS[key],
    amountPaise,
    amount,
    sum: key === 'total' || key === 'net',
  });
  return [
    line('subtotal', listPaise),
    ...(savingsPaise !== 0 ? [line('savings', savingsPaise, signedRupees(savingsPaise))] : []),
    line('shipping', order.shippingPaise),
    ...(roundingPaise !== 0 ? [line('rounding', roundingPaise, signedRupees(roundingPaise, true))] : []),
    line('total', order.totalPaise),
    ...(refundedPaise > 0 ? [line('refunded', -refundedPaise, signedRupees(-refundedPaise)), line('net', order.totalPaise - refundedPaise)] : []),
  ];
}

/**
 * The payment states of an order that is still a sale: paid, in whole or in part (a partial
 * refund leaves the rest sold, to be shipped). Mirrors the contracts' `paid` and
 * `partly_refunded` (commerce may not import them, ADR 013).
 */
export const SOLD_STATES = Object.freeze(['paid', 'partly_refunded'] as const);

/** Whether an order in `state` is a sale: it counts in the figures and may be fulfilled. */
export function isSold(state: string): boolean {
  return (SOLD_STATES as readonly string[]).includes(state);
}

/** What the revenue rules read of an order (paise). */
export interface RevenueFacts {
  readonly state: string;
  /** What was charged. */
  readonly totalPaise: number;
  /** What was refunded or is being refunded (never more than the total). */
  readonly refundedPaise: number;
}

/**
 * What an order brought in (issue #38): what was paid less what was refunded, for a sale;
 * nothing for an order that is not one (unpaid, failed, held, or refunded in whole). Every
 * screen that counts revenue counts with this: today's figures, a customer's total spent, the
 * CSV export's revenue column.
 *
 * @param order - The order's state, total and refunded amount.
 * @returns Paise, never negative.
 */
export function orderRevenuePaise(order: RevenueFacts): number {
  return isSold(order.state) ? Math.max(order.totalPaise - order.refundedPaise, 0) : 0;
}

/**
 * How much of an order can still be refunded: what is left paid of a sale, nothing of any
 * other order (the server's claim refuses more, however many refunds arrive at once).
 *
 * @param order - The order's state, total and refunded amount.
 * @returns Paise, never negative.
 */
export function refundablePaise(order: RevenueFacts): number {
  return orderRevenuePaise(order);
}

/**
 * Orders of one state counted together (a database's `group by state`): how many, and their
 * totals and refunds summed. {@link orderRevenuePaise} of the group is the sum of its
 * orders' because no order is refunded more than its total (the claim refuses it and a
 * check constraint backs it up), so what each keeps is never clipped at 0.
 */
export interface RevenueGroup extends RevenueFacts {
  /** How many orders the sums are of. */
  readonly orders: number;
}

/**
 * The sales among `orders` and what they brought in: how many are sold ({@link isSold}) and
 * the sum of their {@link orderRevenuePaise}. Each item is one order, or a
 * {@link RevenueGroup} of orders of one state summed (the sales over time, issue #42).
 *
 * @param orders - Orders (or groups of them) with their state, total and refunded amount.
 * @returns The count of sales and their revenue in paise.
 */
export function salesFigures(orders: Iterable<RevenueFacts | RevenueGroup>): { orders: number; revenuePaise: number } {
  let count = 0;
  let revenuePaise = 0;
  for (const order of orders) {
    if (!isSold(order.state)) continue;
    count += 'orders' in order ? order.orders : 1;
    revenuePaise += orderRevenuePaise(order);
  }
  return { orders: count, revenuePaise };
}
