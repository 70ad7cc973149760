import { formatCustomerDate, orderNumber, orderPagePath, paymentOutcomePage, readPaymentOrderId } from '@jalaj/commerce';
import { useEffect } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { CHECKING_ICON, CheckingStatus, PaymentCheckState } from './payment-check-states.js';
import { PaymentResult } from './payment-result.js';
import { usePaymentCheck } from './use-payment-check.js';

/** The pending page's heading. */
export const PAYMENT_PENDING_TITLE = 'We are confirming your payment';

/**
 * `/payment-pending?orderId=…` (not in the spec): PhonePe has not decided yet. The page asks
 * the shop for the signed-in shopper's payment at once, then every 3 s (less often after a
 * minute), and moves on by itself to the success or failure page. It says how long PhonePe
 * may take (until the payment expires) and links to the order. Signed out, it asks to
 * sign in; for an order the shopper cannot see (or an id the shop could not have made), it
 * says so and links to the cart.
 */
export function PaymentPendingPage() {
  const [params] = useSearchParams();
  const check = usePaymentCheck(readPaymentOrderId(params), true);
  const payment = check.kind === 'known' ? check.payment : null;
  const navigate = useNavigate();

  useEffect(() => {
    if (payment && payment.outcome !== 'pending') void navigate(paymentOutcomePage(payment), { replace: true });
  }, [payment, navigate]);

  if (check.kind === 'signed-out' || check.kind === 'not-found') return <PaymentCheckState check={check} />;

  return (
    <PaymentResult
      tone="pending"
      title={PAYMENT_PENDING_TITLE}
      lead="PhonePe has not told us the result yet. This page moves on by itself as soon as it does."
      icon={CHECKING_ICON}
    >
      <CheckingStatus troubled={check.troubled} />
      {payment ? (
        <p className="payment-result__note">
          Most payments are confirmed within a minute. PhonePe may take until <strong>{formatCustomerDate(payment.expiresAt)}</strong>; if it has not confirmed
          the payment by then, the payment fails and no money is taken.
        </p>
      ) : null}
      <p className="payment-result__note">Please do not pay again while we check: if the payment fails, your cart is kept and you can try again.</p>
      <div className="payment-result__actions">
        {payment ? (
          <Link to={orderPagePath(payment.orderId)} className="button button--primary">
            View Order #{orderNumber(payment.merchantOrderId)}
          </Link>
        ) : null}
        <Link to="/" className="button button--outline">
          Back to Home
        </Link>
      </div>
    </PaymentResult>
  );
}
