import { assertQuantity } from './guards.js';

/**
 * One row of the volume discount table: lines whose quantity falls in
 * `[minQuantity, maxQuantity]` get `percent` off the unit price.
 */
export interface DiscountTier {
  /** Smallest quantity of the tier (inclusive). */
  readonly minQuantity: number;
  /** Largest quantity of the tier (inclusive), or `null` for the open-ended top tier. */
  readonly maxQuantity: number | null;
  /** Whole-number percentage taken off the unit price. */
  readonly percent: number;
}

/**
 * The volume discount table (spec §9), ordered by quantity, contiguous from 1
 * and open-ended at the top. This is the only copy in the code base: the
 * Discounts dialog, the product page and the order services all read it from here.
 */
export const DISCOUNT_TIERS: readonly DiscountTier[] = Object.freeze([
  Object.freeze({ minQuantity: 1, maxQuantity: 2, percent: 0 }),
  Object.freeze({ minQuantity: 3, maxQuantity: 4, percent: 5 }),
  Object.freeze({ minQuantity: 5, maxQuantity: 6, percent: 10 }),
  Object.freeze({ minQuantity: 7, maxQuantity: 9, percent: 15 }),
  Object.freeze({ minQuantity: 10, maxQuantity: 14, percent: 20 }),
  Object.freeze({ minQuantity: 15, maxQuantity: 19, percent: 25 }),
  Object.freeze({ minQuantity: 20, maxQuantity: null, percent: 30 }),
]);

/**
 * The tier a line quantity falls into.
 *
 * @param quantity - The quantity of one line, a positive integer.
 * @returns The matching row of {@link DISCOUNT_TIERS}.
 * @throws RangeError when `quantity` is not a positive integer.
 */
export function discountTierFor(quantity: number): DiscountTier {
  assertQuantity(quantity);
  // Tiers are contiguous from 1, so the last tier starting at or below the
  // quantity is the one that contains it.
  let found = DISCOUNT_TIERS[0]!;
  for (const tier of DISCOUNT_TIERS) {
    if (tier.minQuantity <= quantity) found = tier;
  }
  return found;
}

/**
 * The volume discount for the quantity of one line.
 *
 * @param quantity - The quantity of one line, a positive integer.
 * @returns The percentage off the unit price: 0, 5, 10, 15, 20, 25 or 30.
 * @throws RangeError when `quantity` is not a positive integer.
 */
export function volumeDiscountPercent(quantity: number): number {
  return discountTierFor(quantity).percent;
}

/** How far a line is from the next discount tier. */
export interface NextDiscountTier {
  /** How many more items the line needs to reach the next tier. */
  readonly additionalQuantity: number;
  /** The percentage off the unit price at the next tier. */
  readonly percent: number;
}

/**
 * What the shopper has to add to reach the next discount tier (the product
 * page nudge).
 *
 * @param quantity - The current quantity of the line, a positive integer.
 * @returns The missing quantity and the next tier's percentage, or `null` once
 *   the top tier (20 or more) is reached.
 * @throws RangeError when `quantity` is not a positive integer.
 */
export function nextDiscountTier(quantity: number): NextDiscountTier | null {
  const current = discountTierFor(quantity);
  const next = DISCOUNT_TIERS[DISCOUNT_TIERS.indexOf(current) + 1];
  if (!next) return null;
  return { additionalQuantity: next.minQuantity - quantity, percent: next.percent };
}

/**
 * The nudge text shown on the product page, word for word from the spec.
 *
 * @param next - The result of {@link nextDiscountTier}.
 * @returns E.g. `"Add 2 more to get 5% off"`.
 */
export function formatDiscountNudge(next: NextDiscountTier): string {
  return `Add ${next.additionalQuantity} more to get ${next.percent}% off`;
}

/**
 * The product-page nudge for a quantity, or `null` when there is nothing left
 * to unlock.
 *
 * @param quantity - The current quantity of the line, a positive integer.
 * @returns E.g. `"Add 1 more to get 5% off"` for 2, `null` for 20 or more.
 * @throws RangeError when `quantity` is not a positive integer.
 */
export function discountNudgeText(quantity: number): string | null {
  const next = nextDiscountTier(quantity);
  return next ? formatDiscountNudge(next) : null;
}

/**
 * The quantity label of a row of the Discounts dialog.
 *
 * @param tier - A row of {@link DISCOUNT_TIERS}.
 * @returns `"1-2 items"`, `"7-9 items"`, `"20+ items"`; a single-quantity tier
 *   reads `"1 item"` / `"3 items"`.
 */
export function discountTierLabel(tier: DiscountTier): string {
  if (tier.maxQuantity === null) return `${tier.minQuantity}+ items`;
  if (tier.maxQuantity === tier.minQuantity) {
    return `${tier.minQuantity} ${tier.minQuantity === 1 ? 'item' : 'items'}`;
  }
  return `${tier.minQuantity}-${tier.maxQuantity} items`;
}

/**
 * The discount label of a row of the Discounts dialog.
 *
 * @param tier - A row of {@link DISCOUNT_TIERS}.
 * @returns `"No discount"` for 0%, otherwise e.g. `"5% off"`.
 */
export function discountPercentLabel(tier: DiscountTier): string {
  return tier.percent === 0 ? 'No discount' : `${tier.percent}% off`;
}
