import { Link } from 'react-router-dom';
import type { PaymentCheck } from './use-payment-check.js';
import { PaymentResult } from './payment-result.js';

/** The heading of a payment page while the shop is asked (no outcome is shown before its answer). */
export const PAYMENT_CHECKING_TITLE = 'Checking your payment';

/** The heading of a payment page for an order the shopper cannot see. */
export const PAYMENT_UNKNOWN_TITLE = 'Payment not found';

/** The heading of a payment page for a signed-out visitor. */
export const PAYMENT_SIGN_IN_TITLE = 'Please sign in to check your payment';

/** The spinner of a page that is asking the shop. */
export const CHECKING_ICON = <span className="spinner payment-result__spinner" aria-hidden="true" />;

/** The live line of a page that is asking the shop: checking, or that the shop cannot be reached. */
export function CheckingStatus({ troubled }: { readonly troubled: boolean }) {
  return (
    <p className="state-message payment-result__status" role="status">
      {troubled ? 'We cannot reach the shop right now. We will keep trying.' : 'Checking your payment...'}
    </p>
  );
}

/**
 * What a payment page shows before, or instead of, the server's answer: a neutral
 * "checking" card, the sign-in prompt, or "Payment not found". Neither an amount nor an
 * outcome: those come only from the shop, for the order's owner.
 *
 * @returns The card, or null once the answer is known (the page shows it).
 */
export function PaymentCheckState({ check }: { readonly check: PaymentCheck }) {
  if (check.kind === 'signed-out') {
    return (
      <PaymentResult tone="pending" title={PAYMENT_SIGN_IN_TITLE} lead="Sign in with the account you paid from, and we will show you how your payment went.">
        <div className="payment-result__actions">
          <Link to="/auth" className="button button--primary">
            Sign In
          </Link>
        </div>
      </PaymentResult>
    );
  }
  if (check.kind === 'not-found') {
    return (
      <PaymentResult tone="failure" title={PAYMENT_UNKNOWN_TITLE} lead="We could not find this payment in your account. Your cart is still saved, so you can check it and pay again.">
        <div className="payment-result__actions">
          <Link to="/cart" className="button button--primary">
            Go to Cart
          </Link>
          <Link to="/orders" className="button button--outline">
            My Orders
          </Link>
        </div>
      </PaymentResult>
    );
  }
  if (check.kind === 'checking') {
    return (
      <PaymentResult tone="pending" title={PAYMENT_CHECKING_TITLE} lead="One moment: we are asking for the result of this payment." icon={CHECKING_ICON}>
        <CheckingStatus troubled={check.troubled} />
      </PaymentResult>
    );
  }
  return null;
}
