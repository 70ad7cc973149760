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
  const roundingPaise = order.totalPaise - order.subtotalPaise - order.shippingPaise;
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
