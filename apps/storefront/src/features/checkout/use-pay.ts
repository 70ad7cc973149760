import { checkPaymentStart } from '@jalaj/commerce';
import type { Cart } from '@jalaj/contracts';
import { newIdempotencyKey } from '@jalaj/web-kit';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSWRConfig } from 'swr';
import { CART_PATH } from '../../api/cart.js';
import { OPEN_PAYMENT_PATH, useCheckoutApi } from '../../api/checkout.js';
import { lineProblem } from '../cart/cart-line-item.js';
import { type ToastInput, useToast } from '../toast/toast-provider.js';
import { type AddressSelection, type WaitingPayment, withOwnHold } from './checkout-rules.js';
import { changesCart, keepsAttempt, PAYMENT_ERROR_FALLBACK, paymentErrorToast } from './payment-toasts.js';

/** The pay button's state (spec §4 Payment): idle, or redirecting from the press until the browser leaves. */
export type PayState = 'idle' | 'redirecting';

/** The title of the toast shown when a line blocks paying. */
export const CART_NEEDS_CHANGE_TITLE = 'Your cart needs a change';

/** What {@link usePay} gives the payment card. */
export interface Pay {
  readonly state: PayState;
  /** Starts the payment; a press while one runs does nothing. */
  readonly pay: () => void;
}

/** Whether `url` is a web address (the only kind the browser is sent to for PhonePe). */
export const isWebAddress = (url: string) => {
  try {
    return ['https:', 'http:'].includes(new URL(url).protocol);
  } catch {
    return false;
  }
};

/**
 * The pay button's behaviour (spec §4 Payment, §5): the blocking toasts first, checked
 * against the cart as the server has it now; then `POST /api/checkout/pay` with the two
 * address ids, and the browser sent to PhonePe's `redirectUrl`. One press at a time: the
 * state is 'redirecting' from the press until the page is left. A retry of an attempt whose
 * outcome is unknown carries the same `Idempotency-Key`, so it can never start a second
 * payment; a changed cart or address choice, or a decided failure, makes a new attempt.
 *
 * @param cart - The cart on screen (with what the shopper's own waiting payment holds).
 * @param selection - The chosen addresses.
 * @param payment - The shopper's payment waiting at PhonePe, or null.
 */
export function usePay(cart: Cart, selection: AddressSelection, payment: WaitingPayment | null): Pay {
  const api = useCheckoutApi();
  const toast = useToast();
  const { mutate } = useSWRConfig();
  const [state, setState] = useState<PayState>('idle');
  // A ref, not state: a double click lands before React re-renders the disabled button.
  const running = useRef(false);
  const attempt = useRef<{ readonly signature: string; readonly key: string } | null>(null);

  // Back from PhonePe through the browser's back button, the page may come back from the
  // back/forward cache exactly as it was left: redirecting. Let the shopper pay again.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      running.current = false;
      setState('idle');
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);

  const pay = useCallback(() => {
    if (running.current) return;
    const { shippingId, billingId } = selection;
    // The spec's blocking toasts (§5), then a line that cannot be bought as it is.
    const refusal = (current: Cart): ToastInput | null => {
      const decision = checkPaymentStart({
        itemCount: current.itemCount,
        shippingAddressRequired: true,
        shippingAddressId: shippingId,
        billingAddressRequired: true,
        billingAddressId: billingId,
      });
      if (!decision.ok) return { title: decision.title, description: decision.message, tone: 'error' };
      const problem = current.lines.map(lineProblem).find((p) => p !== null);
      return problem ? { title: CART_NEEDS_CHANGE_TITLE, description: problem, tone: 'error' } : null;
    };
    const first = refusal(cart);
    if (first) return toast(first);
    running.current = true;
    setState('redirecting');
    const stop = () => {
      running.current = false;
      setState('idle');
    };

    void (async () => {
      // Another tab may have emptied or changed the cart: check the cart as it is now.
      // What the shopper's own waiting payment holds stays theirs (ADR 073).
      const reloaded = await mutate<Cart>(CART_PATH).catch(() => undefined);
      const fresh = reloaded ? withOwnHold(reloaded, payment) : cart;
      const second = refusal(fresh);
      if (second) {
        toast(second);
        return stop();
      }

      const signature = [shippingId, billingId, ...fresh.lines.map((l) => `${l.productId}:${l.quantity}`)].join('|');
      if (attempt.current?.signature !== signature) attempt.current = { signature, key: newIdempotencyKey() };
      try {
        const started = await api.pay({ shippingAddressId: shippingId, billingAddressId: billingId }, attempt.current.key);
        if (!isWebAddress(started.redirectUrl)) {
          toast({ ...PAYMENT_ERROR_FALLBACK, tone: 'error' });
          return stop();
        }
        // The next press, back from PhonePe, is a new attempt (the server answers a pending
        // payment of the same unchanged cart with that one anyway).
        attempt.current = null;
        window.location.assign(started.redirectUrl);
      } catch (error) {
        if (!keepsAttempt(error)) attempt.current = null;
        toast({ ...paymentErrorToast(error), tone: 'error' });
        stop();
        // A refused new payment may have replaced the waiting one (ADR 073): ask again what waits.
        await mutate(OPEN_PAYMENT_PATH).catch(() => undefined);
        if (changesCart(error)) await mutate(CART_PATH).catch(() => undefined);
      }
    })();
  }, [api, cart, mutate, payment, selection, toast]);

  return { state, pay };
}
