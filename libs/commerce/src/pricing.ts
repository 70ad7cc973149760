import { volumeDiscountPercent } from './discounts.js';
import { assertNonNegativePaise } from './guards.js';
import { divideRoundHalfUp, PAISE_PER_RUPEE } from './money.js';

function safeProduct(a: number, b: number, what: string): number {
  const product = a * b;
  if (!Number.isSafeInteger(product)) {
    throw new RangeError(`${what} is too large to be held exactly`);
  }
  return product;
}

/**
 * The unit price after the line's volume discount, rounded half-up to the paisa.
 *
 * @param unitPricePaise - The list unit price in paise, a non-negative integer.
 * @param quantity - The quantity of the line, a positive integer.
 * @returns `round_half_up(unitPricePaise × (100 − discount) / 100)`.
 * @throws RangeError on a negative or fractional price or a quantity that is not
 *   a positive integer.
 */
export function discountedUnitPricePaise(unitPricePaise: number, quantity: number): number {
  assertNonNegativePaise(unitPricePaise, 'unitPricePaise');
  const percent = volumeDiscountPercent(quantity);
  return divideRoundHalfUp(safeProduct(unitPricePaise, 100 - percent, 'Unit price'), 100);
}

/**
 * The total of one line: the discounted unit price times the quantity. The
 * discount is rounded per unit first so that the line always equals what the
 * shopper sees as "each" times the quantity.
 *
 * @param unitPricePaise - The list unit price in paise, a non-negative integer.
 * @param quantity - The quantity of the line, a positive integer.
 * @returns The line total in paise.
 * @throws RangeError on invalid arguments or a total too large to be exact.
 */
export function lineTotalPaise(unitPricePaise: number, quantity: number): number {
  return safeProduct(discountedUnitPricePaise(unitPricePaise, quantity), quantity, 'Line total');
}

/**
 * What the volume discount saves on one line.
 *
 * @param unitPricePaise - The list unit price in paise, a non-negative integer.
 * @param quantity - The quantity of the line, a positive integer.
 * @returns `(unit − discounted unit) × quantity` in paise.
 * @throws RangeError on invalid arguments.
 */
export function lineSavingsPaise(unitPricePaise: number, quantity: number): number {
  const discounted = discountedUnitPricePaise(unitPricePaise, quantity);
  return safeProduct(unitPricePaise - discounted, quantity, 'Line savings');
}

/** Everything the product page and a cart row show about one line's price. */
export interface LinePricing {
  /** The list unit price in paise. */
  readonly unitPricePaise: number;
  /** The quantity of the line. */
  readonly quantity: number;
  /** The volume discount percentage applied. */
  readonly discountPercent: number;
  /** The unit price after the discount, in paise. */
  readonly discountedUnitPricePaise: number;
  /** The discounted unit price times the quantity, in paise. */
  readonly lineTotalPaise: number;
  /** The saving against the list price for the whole line, in paise. */
  readonly savingsPaise: number;
}

/**
 * Prices one line in one go, for screens that show unit, discounted and total
 * prices together.
 *
 * @param unitPricePaise - The list unit price in paise, a non-negative integer.
 * @param quantity - The quantity of the line, a positive integer.
 * @returns The full breakdown of the line.
 * @throws RangeError on invalid arguments.
 */
export function linePricing(unitPricePaise: number, quantity: number): LinePricing {
  const discounted = discountedUnitPricePaise(unitPricePaise, quantity);
  return {
    unitPricePaise,
    quantity,
    discountPercent: volumeDiscountPercent(quantity),
    discountedUnitPricePaise: discounted,
    lineTotalPaise: safeProduct(discounted, quantity, 'Line total'),
    savingsPaise: safeProduct(unitPricePaise - discounted, quantity, 'Line savings'),
  };
}

/** The input of {@link cartTotals}: the list price and quantity of one line. */
export interface CartLineInput {
  /** The list unit price in paise, a non-negative integer. */
  readonly unitPricePaise: number;
  /** The quantity of the line, a positive integer. */
  readonly quantity: number;
}

/** The totals of a cart, as shown in the cart, header badge and payment card. */
export interface CartTotals {
  /** The sum of the quantities of all lines. */
  readonly itemCount: number;
  /** The sum of the discounted line totals, in paise, before shipping. */
  readonly subtotalPaise: number;
  /** The sum of the savings of all lines, in paise. */
  readonly savingsPaise: number;
}

/**
 * Adds up a cart. Each line is discounted by its own quantity; quantities of
 * different lines are never pooled.
 *
 * @param lines - The cart lines; an empty cart gives all zeros.
 * @returns Item count, subtotal and savings.
 * @throws RangeError when a line has an invalid price or quantity.
 */
export function cartTotals(lines: readonly CartLineInput[]): CartTotals {
  let itemCount = 0;
  let subtotalPaise = 0;
  let savingsPaise = 0;
  for (const line of lines) {
    const pricing = linePricing(line.unitPricePaise, line.quantity);
    itemCount += pricing.quantity;
    subtotalPaise += pricing.lineTotalPaise;
    savingsPaise += pricing.savingsPaise;
  }
  if (!Number.isSafeInteger(subtotalPaise + savingsPaise) || !Number.isSafeInteger(itemCount)) {
    throw new RangeError('Cart total is too large to be held exactly');
  }
  return { itemCount, subtotalPaise, savingsPaise };
}

/**
 * The amount charged at payment: cart total plus shipping, rounded half-up to a
 * whole rupee (spec §5 and §9).
 *
 * @param cartTotalPaise - The cart subtotal in paise, a non-negative integer.
 * @param shippingPaise - The shipping charge in paise, a non-negative integer
 *   (0 when it could not be calculated).
 * @returns The payable amount in paise, always a multiple of 100.
 * @throws RangeError on a negative or fractional amount.
 */
export function payableAmountPaise(cartTotalPaise: number, shippingPaise: number): number {
  assertNonNegativePaise(cartTotalPaise, 'cartTotalPaise');
  assertNonNegativePaise(shippingPaise, 'shippingPaise');
  const exact = cartTotalPaise + shippingPaise;
  if (!Number.isSafeInteger(exact)) {
    throw new RangeError('Payable amount is too large to be held exactly');
  }
  return divideRoundHalfUp(exact, PAISE_PER_RUPEE) * PAISE_PER_RUPEE;
}
