import { paymentOutcomePage, paymentPollDelayMs, readPaymentPendingQuery } from '@jalaj/commerce';
import { isApiError, useSession } from '@jalaj/web-kit';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useCheckoutApi } from '../../api/checkout.js';
import { SessionPending } from '../account/sign-in-prompt.js';
import { PaymentResult } from './payment-result.js';

/** The pending page's heading. */
export const PAYMENT_PENDING_TITLE = 'We are confirming your payment';

/** The pending page's heading for an order the shop does not know. */
export const PAYMENT_UNKNOWN_TITLE = 'Payment not found';

type Check = 'checking' | 'not-found';

/**
 * `/payment-pending?orderId=…` (not in the spec): PhonePe has not decided yet. The page asks
 * the shop for the signed-in shopper's payment at once, then every 3 s (less often after a
 * minute), and moves on by itself to the success or failure page with the same query the
 * BFF's return redirect builds. Signed out, it asks to sign in; for an order the shop does
 * not know (or an id it could not have made), it says so and links to the cart.
 */
export function PaymentPendingPage() {
  const [params] = useSearchParams();
  const orderId = readPaymentPendingQuery(params);
  const { status } = useSession();
  const api = useCheckoutApi();
  const navigate = useNavigate();
  const [check, setCheck] = useState<Check>('checking');
  const [troubled, setTroubled] = useState(false);

  useEffect(() => {
    if (status !== 'signed-in' || orderId === null) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let checks = 0;
    const ask = async () => {
      try {
        const payment = await api.status(orderId, controller.signal);
        setTroubled(false);
        if (payment.outcome !== 'pending') {
          navigate(paymentOutcomePage(payment), { replace: true });
          return;
        }
      } catch (error) {
        if (controller.signal.aborted) return;
        if (isApiError(error) && (error.status === 404 || error.status === 400)) {
          setCheck('not-found');
          return;
        }
        // The shop is briefly unreachable: the payment is still being decided, keep asking.
        setTroubled(true);
      }
      checks += 1;
      timer = setTimeout(() => void ask(), paymentPollDelayMs(checks));
    };
    void ask();
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [status, orderId, api, navigate]);

  if (status === 'loading') {
    return (
      <>
        <title>{`${PAYMENT_PENDING_TITLE} — Jalaj`}</title>
        <SessionPending />
      </>
    );
  }

  if (status === 'signed-out') {
    return (
      <PaymentResult tone="pending" title="Please sign in to check your payment" lead="Sign in with the account you paid from, and we will show you how your payment went.">
        <div className="payment-result__actions">
          <Link to="/auth" className="button button--primary">
            Sign In
          </Link>
        </div>
      </PaymentResult>
    );
  }

  if (orderId === null || check === 'not-found') {
    return (
      <PaymentResult tone="failure" title={PAYMENT_UNKNOWN_TITLE} lead="We could not find this payment in your account. Your cart is still saved, so you can check it and pay again.">
        <div className="payment-result__actions">
          <Link to="/cart" className="button button--primary">
            Go to Cart
          </Link>
          <Link to="/" className="button button--outline">
            Back to Home
          </Link>
        </div>
      </PaymentResult>
    );
  }

  return (
    <PaymentResult
      tone="pending"
      title={PAYMENT_PENDING_TITLE}
      lead="PhonePe has not told us the result yet. This usually takes a few seconds; this page moves on by itself."
      icon={<span className="spinner payment-result__spinner" aria-hidden="true" />}
    >
      <p className="state-message payment-result__status" role="status">
        {troubled ? 'We cannot reach the shop right now. We will keep trying.' : 'Checking your payment...'}
      </p>
      <p className="payment-result__note">Please do not pay again while we check: if the payment fails, your cart is kept and you can try again.</p>
      <div className="payment-result__actions">
        <Link to="/" className="button button--outline">
          Back to Home
        </Link>
      </div>
    </PaymentResult>
  );
}
