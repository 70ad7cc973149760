import { formatRupees } from './format.js';

/** The error shown when shipping cannot be calculated for a postal code (spec §5). */
export const INVALID_POSTAL_CODE_MESSAGE = 'Invalid postal code. Must be 6 digits.';

/** Shipping within the seller's region around Kolkata, in paise (₹75). */
export const REGIONAL_SHIPPING_PAISE = 7_500;

/** Shipping everywhere else, including the Andaman and Nicobar Islands, in paise (₹150). */
export const STANDARD_SHIPPING_PAISE = 15_000;

/**
 * Shipping assumed when none could be calculated: the checkout still goes on
 * with 0 rather than blocking the payment (spec §8, §9).
 */
export const DEFAULT_SHIPPING_PAISE = 0;

/** The text shown in place of the shipping charge until an address is chosen. */
export const SHIPPING_PENDING_TEXT = 'Select address to calculate';

/**
 * The checkout's words when the shipping charge of the chosen address could not be had
 * (issue #38): the charge is never shown as less than will be charged (not as 0), and Pay
 * waits until it is known.
 */
export const SHIPPING_QUOTE_TEXTS = Object.freeze({
  /** In place of the charge in the order summary. */
  failed: 'Could not be calculated',
  /** In place of the total while the charge is asked for, or could not be had. */
  totalPending: 'To be calculated',
  /** Why Pay waits: the title and text of its toast, and the hint under the button. */
  blockedTitle: 'Shipping not calculated',
  failedReason: 'We could not calculate the shipping charge for this address. Try again in a moment.',
  loadingReason: 'The shipping charge for this address is being calculated.',
  retry: 'Try again',
});

/** A postal code as the shop accepts it: exactly six ASCII digits. */
export const POSTAL_CODE_PATTERN = /^[0-9]{6}$/;

/** The outcome of {@link shippingChargePaise}. */
export type ShippingChargeResult =
  | { readonly ok: true; readonly paise: number }
  | { readonly ok: false; readonly message: string };

/**
 * The shipping charge for a delivery postal code (spec §9).
 *
 * Returns a result rather than throwing because a bad postal code is an
 * expected user-input outcome that the caller must show, not a bug.
 * The code is checked as given: whitespace or other characters make it
 * invalid, so callers pass the stored (already normalised) postal code.
 *
 * - 744000–744999 (Andaman and Nicobar Islands, shipped by sea or air): ₹150;
 * - other 700000–749999 (West Bengal and the neighbouring region): ₹75;
 * - every other six-digit code: ₹150.
 *
 * @param postalCode - The six-digit postal code of the shipping address.
 * @returns `{ ok: true, paise }` or `{ ok: false, message: INVALID_POSTAL_CODE_MESSAGE }`.
 */
export function shippingChargePaise(postalCode: string): ShippingChargeResult {
  if (typeof postalCode !== 'string' || !POSTAL_CODE_PATTERN.test(postalCode)) {
    return { ok: false, message: INVALID_POSTAL_CODE_MESSAGE };
  }
  const code = Number(postalCode);
  if (code >= 744_000 && code <= 744_999) return { ok: true, paise: STANDARD_SHIPPING_PAISE };
  if (code >= 700_000 && code <= 749_999) return { ok: true, paise: REGIONAL_SHIPPING_PAISE };
  return { ok: true, paise: STANDARD_SHIPPING_PAISE };
}

/**
 * The shipping charge to use at checkout: the calculated charge, or
 * {@link DEFAULT_SHIPPING_PAISE} when it cannot be calculated (spec §8:
 * "If shipping charge calculation fails, the charges become 0").
 *
 * @param postalCode - The postal code of the shipping address, if any.
 * @returns The shipping charge in paise.
 */
export function shippingChargeOrDefaultPaise(postalCode: string | null | undefined): number {
  if (postalCode == null) return DEFAULT_SHIPPING_PAISE;
  const result = shippingChargePaise(postalCode);
  return result.ok ? result.paise : DEFAULT_SHIPPING_PAISE;
}

/** How long a delivery takes once an order is paid, as the shop promises it everywhere (spec §9). */
export const EXPECTED_DELIVERY_TEXT = '3-5 business days';

/** The product page's Check delivery: its words beside the charge (issue #41). */
export const DELIVERY_CHECK_TEXTS = Object.freeze({
  label: 'PIN code',
  button: 'Check delivery',
  checking: 'Checking...',
  failed: 'We could not check delivery right now. Please try again.',
});

/** The outcome of {@link deliveryQuote}: what delivery to a PIN code costs and takes. */
export type DeliveryQuote =
  | { readonly ok: true; readonly postalCode: string; readonly shippingPaise: number; readonly estimate: string }
  | { readonly ok: false; readonly message: string };

/**
 * What delivery to a PIN code costs and how long it takes, before checkout: the charge is
 * {@link shippingChargePaise}, the rule the order service charges at checkout, so the
 * product page and the order can never disagree.
 *
 * @param postalCode - Six digits as typed (surrounding whitespace is ignored).
 * @returns The quote, or `{ ok: false, message: INVALID_POSTAL_CODE_MESSAGE }`.
 */
export function deliveryQuote(postalCode: string): DeliveryQuote {
  const code = typeof postalCode === 'string' ? postalCode.trim() : postalCode;
  const charge = shippingChargePaise(code);
  if (!charge.ok) return charge;
  return { ok: true, postalCode: code, shippingPaise: charge.paise, estimate: EXPECTED_DELIVERY_TEXT };
}

/**
 * A charge in whole rupees without the paise when it has none (₹75, not ₹75.00), as a
 * sentence shows it; otherwise as {@link formatRupees} shows it.
 */
export function formatShortRupees(paise: number): string {
  const text = formatRupees(paise);
  return paise % 100 === 0 ? text.replace(/\.00$/, '') : text;
}

/**
 * The sentence the product page answers a PIN code with (issue #41).
 *
 * @example deliveryQuoteText({ postalCode: '700016', shippingPaise: 7500, estimate: '3-5 business days' })
 *   // 'Delivery to 700016: ₹75 shipping, 3-5 business days'
 */
export function deliveryQuoteText(quote: { readonly postalCode: string; readonly shippingPaise: number; readonly estimate: string }): string {
  return `Delivery to ${quote.postalCode}: ${formatShortRupees(quote.shippingPaise)} shipping, ${quote.estimate}`;
}
