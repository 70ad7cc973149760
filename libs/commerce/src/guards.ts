/**
 * Whether a value is a line quantity the shop accepts: a positive safe integer.
 *
 * @param quantity - The value to test.
 * @returns `true` for 1, 2, 3, ...
 */
export function isValidQuantity(quantity: unknown): quantity is number {
  return typeof quantity === 'number' && Number.isSafeInteger(quantity) && quantity >= 1;
}

/**
 * Guards a line quantity. Callers validate user input first, so a bad value
 * reaching the pricing code is a programming error rather than a user mistake.
 *
 * @param quantity - The quantity of one cart or order line.
 * @param name - The argument name used in the error message.
 * @throws RangeError when the quantity is not a positive safe integer.
 */
export function assertQuantity(quantity: number, name = 'quantity'): void {
  if (!isValidQuantity(quantity)) {
    throw new RangeError(`${name} must be a positive integer, got ${String(quantity)}`);
  }
}

/**
 * Guards an amount of money that can never be negative (prices, totals, charges).
 *
 * @param paise - The amount in paise.
 * @param name - The argument name used in the error message.
 * @throws RangeError when the amount is not a non-negative safe integer.
 */
export function assertNonNegativePaise(paise: number, name = 'paise'): void {
  if (typeof paise !== 'number' || !Number.isSafeInteger(paise) || paise < 0) {
    throw new RangeError(`${name} must be a non-negative integer number of paise, got ${String(paise)}`);
  }
}

/**
 * Guards an amount of money that may be negative (refunds, differences).
 *
 * @param paise - The amount in paise.
 * @param name - The argument name used in the error message.
 * @throws RangeError when the amount is not a safe integer.
 */
export function assertPaise(paise: number, name = 'paise'): void {
  if (typeof paise !== 'number' || !Number.isSafeInteger(paise)) {
    throw new RangeError(`${name} must be an integer number of paise, got ${String(paise)}`);
  }
}
