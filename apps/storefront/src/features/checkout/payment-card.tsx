import { formatRupees, pluralizeItems, SHIPPING_QUOTE_TEXTS } from '@jalaj/commerce';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import { ArrowLeftIcon, LockIcon } from '../ui/icons.js';
import type { ShippingState } from './checkout-rules.js';
import type { PayState } from './use-pay.js';

/** The payment provider's name, as the pay button and its redirecting state name it. */
export const PAYMENT_PROVIDER = 'PhonePe';

/** What the item count's line says of shipping. */
const SHIPPING_NOTES: Readonly<Record<ShippingState['status'], string>> = {
  unknown: ' · shipping added once you choose an address',
  loading: ' · calculating shipping for this address',
  failed: ' · shipping could not be calculated yet',
  known: ' · shipping included, rounded to the rupee',
};

/** Props of {@link PaymentCard}. */
export interface PaymentCardProps {
  /** The payable amount (cart total + shipping, a whole rupee); null while the chosen address's charge is not known. */
  readonly totalPaise: number | null;
  readonly itemCount: number;
  /** Where the shipping charge stands: no address yet, asked for, could not be had, or known. */
  readonly shipping: ShippingState['status'];
  readonly state: PayState;
  /** Why the cart cannot be paid as it is (a line to remove or fix), if it cannot. */
  readonly blockedReason: string | null;
  readonly onPay: () => void;
}

/**
 * The checkout's payment card (spec §2 Cart): the total amount, the item count and the pay
 * button, which reads 'Redirecting to PhonePe...' and is disabled from the press until the
 * browser has left for PhonePe. On a phone the total and the pay button form a bar fixed to
 * the bottom of the screen (checkout.css), so they stay in view however far the shopper
 * scrolls (issue #40). The bar shows the total alone (the heading says the item count, the
 * summary the shipping); the rest of the card stays in its place below the summary.
 */
export function PaymentCard({ totalPaise, itemCount, shipping, state, blockedReason, onPay }: PaymentCardProps) {
  const titleId = useId();
  const hintId = useId();
  const redirecting = state === 'redirecting';

  // No toast covers the card, nor on a phone its bar (web-kit's KEEP_CLEAR_ATTRIBUTE, issue #42).
  return (
    <section className="panel payment-card" aria-labelledby={titleId} data-notice-clear="">
      <h2 id={titleId} className="cart-summary__title">
        Payment
      </h2>
      <div className="payment-card__bar" data-notice-clear="">
        <dl className="payment-card__rows" aria-live="polite" aria-atomic="true">
          <div className="payment-card__total">
            <dt>Total Amount</dt>
            <dd className={totalPaise === null ? 'payment-card__pending' : undefined}>{totalPaise === null ? SHIPPING_QUOTE_TEXTS.totalPending : formatRupees(totalPaise)}</dd>
          </div>
          <div className="payment-card__count">
            <dt className="sr-only">Items</dt>
            <dd>
              {pluralizeItems(itemCount)}
              {SHIPPING_NOTES[shipping]}
            </dd>
          </div>
        </dl>
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
      </div>
      <p className="cart-summary__note">
        <LockIcon width={18} height={18} />
        <span>Pay securely by UPI with {PAYMENT_PROVIDER}. This demo shop uses {PAYMENT_PROVIDER}&apos;s sandbox: no real money moves.</span>
      </p>
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
