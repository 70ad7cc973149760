import { paiseToDecimalString } from './money.js';

/** The page PhonePe's return ends on when the payment is paid (spec §2 Payment success and failure). */
export const PAYMENT_SUCCESS_PATH = '/payment-success';

/** The page PhonePe's return ends on when the payment failed or expired. */
export const PAYMENT_FAILED_PATH = '/payment-failed';

/**
 * The page for a payment PhonePe has not decided yet (not in the spec): it keeps asking
 * the shop and moves on by itself to the success or failure page.
 */
export const PAYMENT_PENDING_PATH = '/payment-pending';

/** The `code` of the success page's query. */
export const PAYMENT_SUCCESS_CODE = 'PAYMENT_SUCCESS';

/** The failure page's `error` when PhonePe gave no reason. */
export const PAYMENT_FAILED_DEFAULT_ERROR = 'The payment could not be completed.';

/** The failure page's `code` when PhonePe gave none. */
export const PAYMENT_FAILED_DEFAULT_CODE = 'PAYMENT_ERROR';

/** A merchant order id as PhonePe allows it (≤ 63 of `A-Za-z0-9_-`); the pending page asks nothing for another. */
export const MERCHANT_ORDER_ID_PATTERN = /^[A-Za-z0-9_-]{1,63}$/;

/**
 * What a payment came to, as the shopper's pages need it: the fields of the order
 * service's payment outcome (`PaymentOutcome` in `@jalaj/contracts`) that the pages read.
 */
export interface PaymentOutcomeFacts {
  readonly merchantOrderId: string;
  /** `paid` (success page), `failed` (failure page) or `pending` (the page that keeps checking). */
  readonly outcome: 'paid' | 'failed' | 'pending';
  /** The payable amount in paise. */
  readonly amountPaise: number;
  /** PhonePe's transaction id of the deciding attempt, once it has one. */
  readonly transactionId: string | null;
  /** PhonePe's error code when the payment failed. */
  readonly errorCode: string | null;
  /** Why it failed, in words. */
  readonly errorMessage: string | null;
}

/**
 * The pending page of an order.
 *
 * @param merchantOrderId - The order's merchant order id.
 * @returns E.g. `/payment-pending?orderId=MO1763800000000a1b2c3_7f3k`.
 */
export function paymentPendingPage(merchantOrderId: string): string {
  return `${PAYMENT_PENDING_PATH}?${new URLSearchParams({ orderId: merchantOrderId })}`;
}

/**
 * The shopper's page for a payment outcome, with the query values spec §2 names: the
 * success page's transactionId, code and amount (rupees, two decimals); the failure page's
 * transactionId, error and code; and the order's id on all three. The BFF redirects
 * PhonePe's return there, and the pending page moves on to the same address. The pages
 * show none of these values: they read only the order's id and ask the shop, as the
 * order's owner, what it knows (ADR 070), so an edited address shows nothing it says.
 *
 * @param o - The outcome.
 * @returns A path with its query, e.g. `/payment-success?transactionId=OM1&code=PAYMENT_SUCCESS&amount=785.00&orderId=MO1`.
 */
export function paymentOutcomePage(o: PaymentOutcomeFacts): string {
  const q = new URLSearchParams();
  if (o.outcome === 'paid') {
    q.set('transactionId', o.transactionId ?? o.merchantOrderId);
    q.set('code', PAYMENT_SUCCESS_CODE);
    q.set('amount', paiseToDecimalString(o.amountPaise));
    q.set('orderId', o.merchantOrderId);
    return `${PAYMENT_SUCCESS_PATH}?${q}`;
  }
  if (o.outcome === 'failed') {
    q.set('transactionId', o.transactionId ?? o.merchantOrderId);
    q.set('error', o.errorMessage ?? PAYMENT_FAILED_DEFAULT_ERROR);
    q.set('code', o.errorCode ?? PAYMENT_FAILED_DEFAULT_CODE);
    q.set('orderId', o.merchantOrderId);
    return `${PAYMENT_FAILED_PATH}?${q}`;
  }
  return paymentPendingPage(o.merchantOrderId);
}

/**
 * The order a payment page is about (`orderId` of the success, failure and pending pages),
 * when it is one the shop could have made. Nothing else of the query is read.
 *
 * @param query - The page's query.
 * @returns The merchant order id, or `null`.
 */
export function readPaymentOrderId(query: URLSearchParams): string | null {
  const id = query.get('orderId')?.trim();
  return id && MERCHANT_ORDER_ID_PATTERN.test(id) ? id : null;
}

/** The pending page asks every 3 s at first… */
export const PAYMENT_POLL_FIRST_DELAY_MS = 3_000;
/** …then less often, never less often than every 30 s. */
export const PAYMENT_POLL_MAX_DELAY_MS = 30_000;
/** How many checks run at the first pace (the first minute, while most UPI payments settle). */
export const PAYMENT_POLL_FAST_CHECKS = 20;

/**
 * The pause before the pending page's next status check: every 3 s for the first minute,
 * then growing by half each time up to 30 s, so a payment left open for long does not
 * keep asking (the server's reconciler settles it anyway).
 *
 * @param checksDone - How many checks have run (0 before the first).
 * @returns The pause in milliseconds.
 */
export function paymentPollDelayMs(checksDone: number): number {
  const slow = Math.max(0, Math.floor(checksDone) - PAYMENT_POLL_FAST_CHECKS + 1);
  if (slow === 0) return PAYMENT_POLL_FIRST_DELAY_MS;
  return Math.min(PAYMENT_POLL_MAX_DELAY_MS, Math.round(PAYMENT_POLL_FIRST_DELAY_MS * 1.5 ** slow));
}
