import { paymentPollDelayMs } from '@jalaj/commerce';
import { isApiError, useSession } from '@jalaj/web-kit';
import { useEffect, useState } from 'react';
import { type PaymentStatus, useCheckoutApi } from '../../api/checkout.js';

/**
 * What the shop knows of a payment, as a payment page shows it:
 * - `checking`: the session or the first answer is on its way (the page shows no outcome);
 * - `signed-out`: only the order's owner is told (the page asks to sign in);
 * - `not-found`: no such order in the signed-in shopper's account (unknown, someone
 *   else's, or an id the shop could not have made);
 * - `known`: the server's answer. `troubled` says the last check could not reach the shop.
 */
export type PaymentCheck =
  | { readonly kind: 'checking'; readonly troubled: boolean }
  | { readonly kind: 'signed-out' }
  | { readonly kind: 'not-found' }
  | { readonly kind: 'known'; readonly payment: PaymentStatus; readonly troubled: boolean };

/**
 * Asks the shop, as the signed-in shopper, where the payment of `orderId` stands (the
 * address of a payment page is never believed: only the server's answer is shown). A
 * check the shop could not answer is asked again on the pending page's pace; a pending
 * answer is asked again only with `untilDecided` (the pending page), else it is the answer.
 *
 * @param orderId - The merchant order id from the page's query; `null` when it has none
 *   the shop could have made.
 * @param untilDecided - Keep asking while the payment is pending.
 */
export function usePaymentCheck(orderId: string | null, untilDecided: boolean): PaymentCheck {
  const { status } = useSession();
  const api = useCheckoutApi();
  const [check, setCheck] = useState<PaymentCheck>({ kind: 'checking', troubled: false });

  useEffect(() => {
    if (status !== 'signed-in' || orderId === null) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let checks = 0;
    const ask = async () => {
      try {
        const payment = await api.status(orderId, controller.signal);
        setCheck({ kind: 'known', payment, troubled: false });
        if (payment.outcome !== 'pending' || !untilDecided) return;
      } catch (error) {
        if (controller.signal.aborted) return;
        if (isApiError(error) && (error.status === 404 || error.status === 400)) {
          setCheck({ kind: 'not-found' });
          return;
        }
        // The shop is briefly unreachable (or asks us to slow down): keep asking.
        setCheck((now) => (now.kind === 'known' || now.kind === 'checking' ? { ...now, troubled: true } : now));
      }
      checks += 1;
      timer = setTimeout(() => void ask(), paymentPollDelayMs(checks));
    };
    void ask();
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [status, orderId, api, untilDecided]);

  if (status === 'signed-out') return { kind: 'signed-out' };
  if (status === 'signed-in' && orderId === null) return { kind: 'not-found' };
  return check;
}
