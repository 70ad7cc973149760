import { readPaymentFailedQuery } from '@jalaj/commerce';
import { Link, useSearchParams } from 'react-router-dom';
import { SHOP_CONTACT } from '../pages/contact.js';
import { PaymentFacts, PaymentList, PaymentResult } from './payment-result.js';

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
 * `/payment-failed`: 'Payment Failed', the error text and code from the query
 * (transactionId, error, code), the common issues and next steps, Try Again (to the cart)
 * and Continue Shopping.
 */
export function PaymentFailedPage() {
  const [params] = useSearchParams();
  const { transactionId, error, code } = readPaymentFailedQuery(params);

  return (
    <PaymentResult tone="failure" title={PAYMENT_FAILED_TITLE} lead={error}>
      <PaymentFacts
        facts={[
          ['Error Code', code],
          ['Transaction ID', transactionId],
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
