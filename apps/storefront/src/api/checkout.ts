import type { HttpBody, HttpResponse } from '@jalaj/contracts';
import { callRoute, useApiClient, useRoute } from '@jalaj/web-kit';
import { useMemo } from 'react';

/** The two address ids the pay call sends (never an amount: the server prices the cart). */
export type PayRequest = HttpBody<'checkout.pay'>;

/** The answer of a started payment: where to send the browser. */
export type CheckoutStarted = HttpResponse<'checkout.pay'>;

/** Where a payment stands, as the pending page polls it. */
export type PaymentStatus = HttpResponse<'payments.status'>;

/**
 * The shipping charge for a PIN code, as the server quotes it (`GET /api/shipping-quote`).
 *
 * @param postalCode - The chosen shipping address's PIN code; `null` fetches nothing.
 */
export function useShippingQuote(postalCode: string | null) {
  // A quote for a PIN code never changes while the page is open.
  return useRoute('checkout.shippingQuote', postalCode === null ? null : { query: { postalCode } }, {
    revalidateOnFocus: false,
    revalidateIfStale: false,
    shouldRetryOnError: false,
  });
}

/** The checkout and payment calls; each rejects with an ApiError. */
export interface CheckoutApi {
  /**
   * `POST /api/checkout/pay` with the given `Idempotency-Key`: the same key for every
   * retry of one attempt, so the server starts at most one payment for it.
   */
  pay(request: PayRequest, idempotencyKey: string): Promise<CheckoutStarted>;
  /** `GET /api/payments/:merchantOrderId`: the signed-in shopper's own payment. */
  status(merchantOrderId: string, signal?: AbortSignal): Promise<PaymentStatus>;
}

/** The checkout calls, bound to the app's API client. */
export function useCheckoutApi(): CheckoutApi {
  const client = useApiClient();
  return useMemo<CheckoutApi>(
    () => ({
      pay: (request, idempotencyKey) => callRoute(client, 'checkout.pay', { body: request }, { idempotencyKey }),
      status: (merchantOrderId, signal) => callRoute(client, 'payments.status', { params: { merchantOrderId } }, signal ? { signal } : {}),
    }),
    [client],
  );
}
