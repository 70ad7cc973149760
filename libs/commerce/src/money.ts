import { assertPaise } from './guards.js';

/** Number of paise in one rupee. */
export const PAISE_PER_RUPEE = 100;

// Optional sign, digits, optional fraction. Either side of the point may be
// empty ("5." or ".5") but not both, which is checked after matching.
const DECIMAL_PATTERN = /^([+-]?)(\d*)(?:\.(\d*))?$/;

/**
 * Converts rupees, as they appear at the edges (database decimals, form inputs,
 * JSON), into integer paise without going through floating-point arithmetic.
 *
 * Strings are parsed digit by digit, so `"199.99"` is exactly `19999`. Numbers
 * are first turned into their shortest round-trip decimal text (what
 * `String(n)` gives), which for any literal like `199.99` is that literal.
 * Fraction digits beyond the second are accepted only when they are zeros
 * (`"199.900"` from a wider decimal column is still exact); anything else
 * would need rounding and is refused. Surrounding whitespace in strings is ignored.
 *
 * @param rupees - An amount in rupees, e.g. `199.99` or `"199.99"`.
 * @returns The amount in paise, a safe integer (may be negative for a negative input).
 * @throws RangeError when the value is not a finite decimal number, has more than
 *   two significant fraction digits, or is too large to be held exactly.
 */
export function rupeesToPaise(rupees: number | string): number {
  let text: string;
  if (typeof rupees === 'number') {
    if (!Number.isFinite(rupees)) {
      throw new RangeError(`Rupee amount must be finite, got ${String(rupees)}`);
    }
    text = String(rupees);
    // String() only switches to exponent notation outside [1e-6, 1e21).
    if (/e/i.test(text)) {
      throw new RangeError(
        Math.abs(rupees) >= 1
          ? `Rupee amount is too large to be held exactly: ${text}`
          : `Rupee amount has more than 2 decimals: ${text}`,
      );
    }
  } else if (typeof rupees === 'string') {
    text = rupees.trim();
  } else {
    throw new RangeError(`Rupee amount must be a number or a decimal string, got ${typeof rupees}`);
  }

  const match = DECIMAL_PATTERN.exec(text);
  const sign = match?.[1] ?? '';
  const whole = match?.[2] ?? '';
  const fraction = match?.[3] ?? '';
  if (!match || (whole === '' && fraction === '')) {
    throw new RangeError(`Not a decimal rupee amount: ${JSON.stringify(rupees)}`);
  }
  if (/[^0]/.test(fraction.slice(2))) {
    throw new RangeError(`Rupee amount has more than 2 decimals: ${text}`);
  }

  const magnitude = BigInt(whole || '0') * 100n + BigInt(fraction.slice(0, 2).padEnd(2, '0'));
  if (magnitude > BigInt(Number.MAX_SAFE_INTEGER)) {
    throw new RangeError(`Rupee amount is too large to be held exactly: ${text}`);
  }
  const paise = Number(magnitude);
  // Avoid handing out -0, which prints and compares surprisingly.
  return sign === '-' && paise !== 0 ? -paise : paise;
}

/**
 * Converts integer paise to a rupee number for edges that insist on a number
 * (e.g. a payment provider's JSON body). Prefer {@link paiseToDecimalString}
 * wherever text is accepted, as it cannot drift.
 *
 * @param paise - An integer amount in paise.
 * @returns The amount in rupees, e.g. `19999` → `199.99`.
 * @throws RangeError when `paise` is not a safe integer.
 */
export function paiseToRupees(paise: number): number {
  assertPaise(paise);
  return paise / PAISE_PER_RUPEE;
}

/**
 * Renders integer paise as a plain decimal rupee string with exactly two
 * decimals and no currency sign or grouping, as a database decimal or an
 * `<input type="number">` expects.
 *
 * @param paise - An integer amount in paise.
 * @returns E.g. `19990` → `"199.90"`, `-50` → `"-0.50"`.
 * @throws RangeError when `paise` is not a safe integer.
 */
export function paiseToDecimalString(paise: number): string {
  assertPaise(paise);
  const abs = Math.abs(paise);
  const fraction = abs % PAISE_PER_RUPEE;
  // Subtracting first keeps the division exact even near 2^53.
  const whole = (abs - fraction) / PAISE_PER_RUPEE;
  return `${paise < 0 ? '-' : ''}${whole}.${String(fraction).padStart(2, '0')}`;
}

/**
 * Integer division rounded half-up (half away from zero, like
 * `RoundingMode.HALF_UP`), computed exactly with big integers so that no
 * intermediate product can lose precision.
 *
 * @param numerator - A safe integer.
 * @param denominator - A positive safe integer.
 * @returns `round(numerator / denominator)` with halves rounded away from zero.
 * @throws RangeError when an argument is not a safe integer or the denominator
 *   is not positive.
 */
export function divideRoundHalfUp(numerator: number, denominator: number): number {
  if (!Number.isSafeInteger(numerator)) {
    throw new RangeError(`numerator must be a safe integer, got ${String(numerator)}`);
  }
  if (!Number.isSafeInteger(denominator) || denominator <= 0) {
    throw new RangeError(`denominator must be a positive safe integer, got ${String(denominator)}`);
  }
  const n = BigInt(numerator);
  const d = BigInt(denominator);
  const abs = n < 0n ? -n : n;
  const roundedAbs = (abs * 2n + d) / (2n * d);
  const result = Number(n < 0n ? -roundedAbs : roundedAbs);
  return result === 0 ? 0 : result;
}
