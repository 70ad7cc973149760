import { PAYMENT_FAILED_DEFAULT_ERROR } from './payment-pages.js';

/**
 * Readable reasons for the failure page (spec §2 Payment failure: 'the error text and
 * code'), by the code the order service keeps: PhonePe's UPI error codes, or the shop's own
 * codes for what happened after PhonePe took the money.
 */
export const PAYMENT_FAILURE_TEXTS: Readonly<Record<string, string>> = Object.freeze({
  ZA: 'The payment was declined in the UPI app.',
  Z9: 'The account does not have enough funds.',
  ZM: 'The UPI PIN entered was wrong.',
  U30: 'The bank could not debit the account.',
  EXPIRED: 'The payment was not completed in time.',
  PAYMENT_EXPIRED: 'The payment was not completed in time.',
  TXN_AUTO_FAILED: 'The payment was not completed in time.',
  AMOUNT_MISMATCH: 'The amount paid does not match the order total. We are checking the payment and will contact you.',
  STOCK_GONE: 'The plants sold out before your payment was confirmed. Your money is being refunded.',
  REPLACED: 'You started a new payment for a changed checkout, which replaced this one.',
});


/**
 * The readable reason for a failed payment.
 *
 * @param code - PhonePe's (detailed) error code or the shop's own, if any.
 * @returns E.g. `'ZA'` → `'The payment was declined in the UPI app.'`; unknown → {@link PAYMENT_FAILED_DEFAULT_ERROR}.
 */
export function paymentFailureText(code: string | null | undefined): string {
  return code && Object.hasOwn(PAYMENT_FAILURE_TEXTS, code) ? PAYMENT_FAILURE_TEXTS[code]! : PAYMENT_FAILED_DEFAULT_ERROR;
}

/**
 * Why a payment could not start, for 'Payment Error' (spec §8).
 *
 * @param status - The HTTP status PhonePe answered, 0 when it could not be reached.
 * @returns The reason shown under the toast's title.
 */
export function paymentInitFailureReason(status: number): string {
  return status === 0 ? 'PhonePe is not reachable. Please try again.' : 'PhonePe could not start the payment. Please try again.';
}
