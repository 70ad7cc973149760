import { formatCustomerDate } from './format.js';

/**
 * What an unpaid checkout may hold of the shop's stock (docs/adr/073-what-an-unpaid-checkout-may-hold.md).
 * A checkout holds its plants from the moment the shopper is sent to PhonePe until the
 * payment is decided or its time runs out; these limits keep one shopper's unpaid checkout
 * from taking the shop away from everyone else. The order service refuses a checkout over
 * a limit before any stock is held; catalog applies the share of a plant's stock under the
 * product's row lock, where the stock is known.
 */
export interface HoldLimits {
  /** Units of one plant one order may buy. */
  readonly maxUnitsPerPlant: number;
  /** Payments of one shopper PhonePe may still complete at once (waiting, or replaced and not yet expired). */
  readonly maxOpenPayments: number;
  /** The share (percent) of a plant's stock one unpaid checkout may hold: the rest stays for others. */
  readonly maxSharePercent: number;
}

/** Safe defaults: a hobbyist's big order fits; one checkout never empties a plant that has more than one left. */
export const DEFAULT_HOLD_LIMITS: HoldLimits = Object.freeze({ maxUnitsPerPlant: 20, maxOpenPayments: 3, maxSharePercent: 50 });

/** A line of a checkout, as the limits look at it. */
export interface HeldLine {
  readonly productId: string;
  readonly productName: string;
  readonly quantity: number;
}

/**
 * The first line that buys more of one plant than one order may.
 *
 * @param lines - The checkout's lines (one per plant, as the cart has them).
 * @param maxUnitsPerPlant - {@link HoldLimits.maxUnitsPerPlant}.
 * @returns That line, or null when every line is within the limit.
 */
export function lineOverUnitLimit<L extends HeldLine>(lines: readonly L[], maxUnitsPerPlant: number): L | null {
  return lines.find((l) => l.quantity > maxUnitsPerPlant) ?? null;
}

/**
 * How many units of a plant with `stock` left one unpaid checkout may hold: `maxSharePercent`
 * of the stock, rounded down, but at least one (a single last unit cannot be shared: it is
 * held by whoever checks out first, for the hold's short time). So a plant with two or more
 * left is never emptied by one unpaid checkout.
 *
 * @example holdableUnits(10, 50) // 5
 * @example holdableUnits(1, 50) // 1
 * @example holdableUnits(0, 50) // 0
 */
export function holdableUnits(stock: number, maxSharePercent: number): number {
  if (stock <= 0) return 0;
  return Math.min(stock, Math.max(1, Math.floor((stock * maxSharePercent) / 100)));
}

/**
 * Whether the shopper may start another payment: fewer than `maxOpenPayments` of theirs
 * are open at PhonePe.
 *
 * @param openPayments - The shopper's payments PhonePe may still complete.
 * @param maxOpenPayments - {@link HoldLimits.maxOpenPayments}.
 */
export function mayStartPayment(openPayments: number, maxOpenPayments: number): boolean {
  return openPayments < maxOpenPayments;
}

/** The texts of the hold limits (the shop's own: the spec has none). */
export const HOLD_MESSAGES = Object.freeze({
  limitTitle: 'Order limit',
  /** A line over {@link HoldLimits.maxUnitsPerPlant}. */
  unitsLimit: (productName: string, max: number) => `You can buy at most ${max} of ${productName} in one order. Please lower the quantity.`,
  /** A line over the share of the stock one unpaid checkout may hold. */
  shareLimit: (productName: string, holdable: number, stock: number) =>
    `Only ${holdable} of the ${stock} ${productName} left can be set aside for one order while it is paid, so other shoppers can still buy it. Please lower the quantity to ${holdable}.`,
  /** Too many payments open at PhonePe. */
  paymentsLimit: (max: number, until: Date | null) =>
    `You already have ${max} payments waiting at PhonePe. Pay one of them${until ? `, or try again after ${formatCustomerDate(until)}` : ' or try again in a few minutes'}.`,
});
