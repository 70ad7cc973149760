import { formatRupees, orderNumber, orderPagePath, paymentOutcomePage, readPaymentOrderId } from '@jalaj/commerce';
import { useEffect, useRef } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useCartCache } from '../../api/cart.js';
import { useOrder } from '../../api/orders.js';
import { OrderTotals } from '../orders/order-totals.js';
import { useToast } from '../toast/toast-provider.js';
import { PaymentCheckState } from './payment-check-states.js';
import { PaymentFacts, PaymentList, PaymentResult } from './payment-result.js';
import { usePaymentCheck } from './use-payment-check.js';

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
 * `/payment-success?orderId=…`: 'Payment Successful!', the order number (the one name of the
 * order everywhere, with View Order to its Details), the transaction id and the amount
 * paid with the order's money lines (as every screen shows them), What's Next, Continue Shopping and Back to Home, and the toast 'Payment
 * Successful!' with the transaction id, once per visit (spec §2). Every fact is the shop's
 * answer for the signed-in owner of the order; the rest of the query (transactionId, code,
 * amount) is never shown. An order that is not paid moves on to its own page; signed out,
 * or for an order the shopper cannot see, the page shows no outcome at all.
 */
export function PaymentSuccessPage() {
  const [params] = useSearchParams();
  const check = usePaymentCheck(readPaymentOrderId(params), false);
  const payment = check.kind === 'known' ? check.payment : null;
  const paid = payment?.outcome === 'paid' ? payment : null;
  const toast = useToast();
  const navigate = useNavigate();
  const reloadCart = useCartCache();
  const { data: order } = useOrder(paid?.orderId ?? null);

  useEffect(() => {
    if (payment && payment.outcome !== 'paid') void navigate(paymentOutcomePage(payment), { replace: true });
  }, [payment, navigate]);

  const toasted = useRef(false);
  useEffect(() => {
    if (!paid || toasted.current) return;
    toasted.current = true;
    toast({ title: PAYMENT_SUCCESS_TITLE, description: paid.transactionId ? `Transaction ID: ${paid.transactionId}` : undefined, tone: 'success' });
  }, [toast, paid]);

  useEffect(() => {
    if (!paid) return;
    const timers = CART_REFRESH_DELAYS_MS.map((delay) => setTimeout(() => void reloadCart(), delay));
    return () => timers.forEach(clearTimeout);
  }, [paid, reloadCart]);

  if (!paid) return <PaymentCheckState check={check.kind === 'known' ? { kind: 'checking', troubled: false } : check} />;

  return (
    <PaymentResult tone="success" title={PAYMENT_SUCCESS_TITLE} lead="Thank you for your order. Your payment has been received.">
      <PaymentFacts
        facts={[
          ['Order number', `#${orderNumber(paid.merchantOrderId)}`],
          ['Transaction ID', paid.transactionId ?? paid.merchantOrderId],
          ['Amount Paid', formatRupees(paid.amountPaise)],
        ]}
      />
      {order ? (
        <section className="payment-result__section" aria-label="What you paid">
          <h2 className="payment-result__subtitle">What you paid</h2>
          <OrderTotals order={order} />
        </section>
      ) : null}
      <PaymentList title="What's Next?" items={WHATS_NEXT} />
      <div className="payment-result__actions">
        <Link to={orderPagePath(paid.orderId)} className="button button--primary">
          View Order #{orderNumber(paid.merchantOrderId)}
        </Link>
        <Link to={{ pathname: '/', hash: '#plants' }} className="button button--outline">
          Continue Shopping
        </Link>
        <Link to="/" className="button button--outline">
          Back to Home
        </Link>
      </div>
    </PaymentResult>
  );
}
