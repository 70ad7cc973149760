import { formatRupees, readPaymentSuccessQuery } from '@jalaj/commerce';
import { useSession } from '@jalaj/web-kit';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useCartCache } from '../../api/cart.js';
import { useToast } from '../toast/toast-provider.js';
import { PaymentFacts, PaymentList, PaymentResult } from './payment-result.js';

/** The success page's heading and toast title (spec §2). */
export const PAYMENT_SUCCESS_TITLE = 'Payment Successful!';

/** The What's Next list of the success page. */
export const WHATS_NEXT = Object.freeze([
  'You will receive an order confirmation email shortly.',
  'We will carefully pack your plants and process your order.',
  'Expected delivery in 3-5 business days.',
  'You can track your order in My Orders.',
]);

// The bought lines leave the cart when the cart service hears of the payment, a moment
// after the order is paid: look again a little later too.
const CART_REFRESH_DELAYS_MS = [0, 2_000, 6_000];

/**
 * `/payment-success`: 'Payment Successful!', the transaction id and the amount paid from the
 * query (transactionId, code, amount), What's Next, Continue Shopping and Back to Home, and
 * the toast 'Payment Successful!' with the transaction id, once per visit. The cart is
 * loaded again, so the header no longer counts what was bought.
 */
export function PaymentSuccessPage() {
  const [params] = useSearchParams();
  const { transactionId, amountPaise } = readPaymentSuccessQuery(params);
  const toast = useToast();
  const { status } = useSession();
  const reloadCart = useCartCache();

  const toasted = useRef(false);
  useEffect(() => {
    if (toasted.current) return;
    toasted.current = true;
    toast({ title: PAYMENT_SUCCESS_TITLE, description: transactionId ? `Transaction ID: ${transactionId}` : undefined, tone: 'success' });
  }, [toast, transactionId]);

  useEffect(() => {
    if (status !== 'signed-in') return;
    const timers = CART_REFRESH_DELAYS_MS.map((delay) => setTimeout(() => void reloadCart(), delay));
    return () => timers.forEach(clearTimeout);
  }, [status, reloadCart]);

  return (
    <PaymentResult tone="success" title={PAYMENT_SUCCESS_TITLE} lead="Thank you for your order. Your payment has been received.">
      <PaymentFacts
        facts={[
          ['Transaction ID', transactionId],
          ['Amount Paid', amountPaise === null ? null : formatRupees(amountPaise)],
        ]}
      />
      <PaymentList title="What's Next?" items={WHATS_NEXT} />
      <div className="payment-result__actions">
        <Link to={{ pathname: '/', hash: '#plants' }} className="button button--primary">
          Continue Shopping
        </Link>
        <Link to="/" className="button button--outline">
          Back to Home
        </Link>
      </div>
    </PaymentResult>
  );
}
