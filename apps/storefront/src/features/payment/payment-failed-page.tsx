import { PAYMENT_FAILED_DEFAULT_CODE, PAYMENT_FAILED_DEFAULT_ERROR, paymentOutcomePage, readPaymentOrderId } from '@jalaj/commerce';
import { useEffect } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { SHOP_CONTACT } from '../pages/contact.js';
import { PaymentCheckState } from './payment-check-states.js';
import { PaymentFacts, PaymentList, PaymentResult } from './payment-result.js';
import { usePaymentCheck } from './use-payment-check.js';

/** The failure page's heading (spec §2). */
export const PAYMENT_FAILED_TITLE = 'Payment Failed';

/** The common issues the failure page lists. */
export const COMMON_ISSUES = Object.freeze([
  'Insufficient balance in your bank account',
  'Incorrect UPI PIN entered',
  'Payment declined by your bank',
  'Payment timed out before it was approved',
  'Temporary bank server issue',
]);

/** The next steps the failure page lists. */
export const NEXT_STEPS = Object.freeze([
  'Your cart is saved: nothing in it has changed.',
  'Try the payment again.',
  'Use another UPI app or payment method.',
  `Contact us at ${SHOP_CONTACT.email} if money left your account.`,
]);

/**
 * `/payment-failed?orderId=…`: 'Payment Failed', the error text and code, the common
 * issues and next steps, Try Again (to the cart) and Continue Shopping (spec §2). The
 * error, its code and the transaction id are the shop's answer for the signed-in owner of
 * the order, never the words of the address (which could be anyone's). An order that did
 * not fail moves on to its own page.
 */
export function PaymentFailedPage() {
  const [params] = useSearchParams();
  const check = usePaymentCheck(readPaymentOrderId(params), false);
  const payment = check.kind === 'known' ? check.payment : null;
  const failed = payment?.outcome === 'failed' ? payment : null;
  const navigate = useNavigate();

  useEffect(() => {
    if (payment && payment.outcome !== 'failed') void navigate(paymentOutcomePage(payment), { replace: true });
  }, [payment, navigate]);

  if (!failed) return <PaymentCheckState check={check.kind === 'known' ? { kind: 'checking', troubled: false } : check} />;

  return (
    <PaymentResult tone="failure" title={PAYMENT_FAILED_TITLE} lead={failed.errorMessage ?? PAYMENT_FAILED_DEFAULT_ERROR}>
      <PaymentFacts
        facts={[
          ['Error Code', failed.errorCode ?? PAYMENT_FAILED_DEFAULT_CODE],
          ['Transaction ID', failed.transactionId ?? failed.merchantOrderId],
        ]}
      />
      <div className="payment-result__columns">
        <PaymentList title="Common issues" items={COMMON_ISSUES} />
        <PaymentList title="What you can do" items={NEXT_STEPS} />
      </div>
      <div className="payment-result__actions">
        <Link to="/cart" className="button button--primary">
          Try Again
        </Link>
        <Link to={{ pathname: '/', hash: '#plants' }} className="button button--outline">
          Continue Shopping
        </Link>
      </div>
    </PaymentResult>
  );
}
