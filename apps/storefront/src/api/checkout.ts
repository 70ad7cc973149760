import { apiPath, type HttpBody, type HttpResponse } from '@jalaj/contracts';
import { callRoute, useApiClient, useRoute } from '@jalaj/web-kit';
import { useEffect, useMemo } from 'react';

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

/** The cache key of the shopper's payment waiting at PhonePe. */
export const OPEN_PAYMENT_PATH = apiPath('checkout.open');

/** The shopper's payment still waiting at PhonePe, with what it holds for them. */
export type OpenPayment = NonNullable<HttpResponse<'checkout.open'>['payment']>;

/**
 * The shopper's payment still waiting at PhonePe (`GET /api/checkout/open`), asked again
 * when the page comes back from the browser's back/forward cache (Back from PhonePe).
 *
 * @param enabled - Whether a shopper is signed in.
 */
export function useOpenPayment(enabled: boolean) {
  const open = useRoute('checkout.open', enabled ? {} : null, { revalidateOnFocus: false });
  const { mutate } = open;
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) void mutate();
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, [mutate]);
  return open;
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
