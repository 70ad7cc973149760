import { CHECKOUT_MESSAGES } from '@jalaj/commerce';
import type { ErrorCode } from '@jalaj/contracts';
import { isApiError } from '@jalaj/web-kit';
import { renderApiError } from '../ui/error-text.js';

/** The title and text of a payment toast. */
export interface PaymentToastText {
  readonly title: string;
  readonly description: string;
}

/** 'Payment Error' / 'Failed to initiate payment' (spec §8 Payment). */
export const PAYMENT_ERROR_FALLBACK: PaymentToastText = Object.freeze({
  title: CHECKOUT_MESSAGES.paymentErrorTitle,
  description: CHECKOUT_MESSAGES.paymentErrorFallback,
});

// Failures that say nothing about the payment itself (the shop was down or slow): the
// shopper reads the spec's fallback rather than a text about "your change".
const UNEXPLAINED: readonly ErrorCode[] = ['UNAVAILABLE', 'INTERNAL', 'OUTCOME_UNKNOWN'];

// Answers after which the same attempt, sent again, could only be answered the same way.
const DECIDED_STATUSES = (status: number) => status >= 400 && status < 500 && status !== 408 && status !== 429;

/**
 * The toast of a payment that could not start, from the server's problem: the catalogue's
 * title and text for its code ('Payment Error' with the reason for PAYMENT_INIT_FAILED,
 * 'Insufficient Stock' with its text, 'Shipping address required' …), 'Payment Error' with
 * the text for a code without a title, and 'Payment Error' / 'Failed to initiate payment'
 * when nothing explains it (no answer, the shop unavailable, an unknown outcome).
 *
 * @param error - What the pay call threw.
 */
export function paymentErrorToast(error: unknown): PaymentToastText {
  if (!isApiError(error) || error.status === 0 || UNEXPLAINED.includes(error.code as ErrorCode)) return PAYMENT_ERROR_FALLBACK;
  const { title, message } = renderApiError(error);
  return { title: title ?? CHECKOUT_MESSAGES.paymentErrorTitle, description: message };
}

/**
 * Whether a failed pay call may have started a payment, or left nothing decided: then
 * pressing Pay again must repeat the same attempt (the same `Idempotency-Key`), so that the
 * server answers with the payment it may have started instead of starting a second one.
 * After a decided answer (a 4xx, or PAYMENT_INIT_FAILED: the order failed and its stock
 * went back), a new press is a new attempt.
 *
 * @param error - What the pay call threw.
 */
export function keepsAttempt(error: unknown): boolean {
  if (!isApiError(error)) return true;
  if (error.code === 'PAYMENT_INIT_FAILED') return false;
  return !DECIDED_STATUSES(error.status);
}

/** Codes after which the cart on screen is out of date (a plant sold out or went away). */
export function changesCart(error: unknown): boolean {
  return isApiError(error) && ['OUT_OF_STOCK', 'INSUFFICIENT_STOCK', 'PRODUCT_NOT_FOUND', 'CART_EMPTY'].includes(error.code);
}
