import { formatRupees, pluralizeItems } from '@jalaj/commerce';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import { ArrowLeftIcon, LockIcon } from '../ui/icons.js';
import type { PayState } from './use-pay.js';

/** The payment provider's name, as the pay button and its redirecting state name it. */
export const PAYMENT_PROVIDER = 'PhonePe';

/** Props of {@link PaymentCard}. */
export interface PaymentCardProps {
  /** The payable amount (cart total + shipping, a whole rupee). */
  readonly totalPaise: number;
  readonly itemCount: number;
  /** Whether the shipping charge is still to be known (no address yet, or its quote is on its way). */
  readonly shippingPending: boolean;
  readonly state: PayState;
  /** Why the cart cannot be paid as it is (a line to remove or fix), if it cannot. */
  readonly blockedReason: string | null;
  readonly onPay: () => void;
}

/**
 * The checkout's payment card (spec §2 Cart): the total amount, the item count and the pay
 * button, which reads 'Redirecting to PhonePe...' and is disabled from the press until the
 * browser has left for PhonePe.
 */
export function PaymentCard({ totalPaise, itemCount, shippingPending, state, blockedReason, onPay }: PaymentCardProps) {
  const titleId = useId();
  const hintId = useId();
  const redirecting = state === 'redirecting';

  return (
    <section className="panel payment-card" aria-labelledby={titleId}>
      <h2 id={titleId} className="cart-summary__title">
        Payment
      </h2>
      <dl className="payment-card__rows" aria-live="polite" aria-atomic="true">
        <div className="payment-card__total">
          <dt>Total Amount</dt>
          <dd>{formatRupees(totalPaise)}</dd>
        </div>
        <div className="payment-card__count">
          <dt className="sr-only">Items</dt>
          <dd>
            {pluralizeItems(itemCount)}
            {shippingPending ? ' · shipping added once you choose an address' : ' · shipping included, rounded to the rupee'}
          </dd>
        </div>
      </dl>
      <p className="cart-summary__note">
        <LockIcon width={18} height={18} />
        <span>Pay securely by UPI with {PAYMENT_PROVIDER}. This demo shop uses {PAYMENT_PROVIDER}&apos;s sandbox: no real money moves.</span>
      </p>
      <button
        type="button"
        className="button button--primary button--block payment-card__pay"
        onClick={onPay}
        disabled={redirecting}
        aria-disabled={blockedReason ? true : undefined}
        aria-describedby={blockedReason ? hintId : undefined}
      >
        {redirecting ? <span className="spinner spinner--light" aria-hidden="true" /> : null}
        {redirecting ? `Redirecting to ${PAYMENT_PROVIDER}...` : `Pay with ${PAYMENT_PROVIDER}`}
      </button>
      {blockedReason ? (
        <p id={hintId} className="cart-summary__blocked">
          {blockedReason}
        </p>
      ) : null}
      <p className="sr-only" role="status">
        {redirecting ? `Redirecting to ${PAYMENT_PROVIDER}...` : ''}
      </p>
      <Link to="/cart" className="button button--outline button--block">
        <ArrowLeftIcon width={18} height={18} />
        Back to Cart
      </Link>
    </section>
  );
}
