import { formatRupees, pluralizeItems } from '@jalaj/commerce';
import type { Cart } from '@jalaj/contracts';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import { ArrowLeftIcon, LockIcon } from '../ui/icons.js';
import './cart.css';

/** Props of {@link CartSummary}. */
export interface CartSummaryProps {
  readonly cart: Cart;
  /** `edit` on the cart page, `review` in checkout mode. */
  readonly mode: 'edit' | 'review';
  /** Why the cart cannot be checked out now (a line to remove or fix), if it cannot. */
  readonly blockedReason?: string | null;
}

/**
 * The cart's totals (announced politely when they change) and the next step:
 * Proceed to Checkout on the cart page, the payment note in checkout mode.
 * Every amount is the server's.
 */
export function CartSummary({ cart, mode, blockedReason = null }: CartSummaryProps) {
  const titleId = useId();
  const hintId = useId();
  const review = mode === 'review';

  return (
    <aside className="panel cart-summary" aria-labelledby={titleId}>
      <h2 id={titleId} className="cart-summary__title">
        Order Summary
      </h2>
      <dl className="cart-summary__rows" aria-live="polite" aria-atomic="true">
        <div className="cart-summary__row">
          <dt>Items</dt>
          <dd>{pluralizeItems(cart.itemCount)}</dd>
        </div>
        {cart.savingsPaise > 0 ? (
          <div className="cart-summary__row cart-summary__row--saving">
            <dt>Volume discount savings</dt>
            <dd>{formatRupees(cart.savingsPaise)}</dd>
          </div>
        ) : null}
        <div className="cart-summary__row">
          <dt>Shipping</dt>
          <dd>{review ? 'Select address to calculate' : 'Calculated at checkout'}</dd>
        </div>
        <div className="cart-summary__row cart-summary__row--total">
          <dt>Subtotal</dt>
          <dd>{formatRupees(cart.subtotalPaise)}</dd>
        </div>
      </dl>

      {review ? (
        <div className="cart-summary__next">
          <p className="cart-summary__note">
            <LockIcon width={18} height={18} />
            <span>Choosing your delivery address and paying online come next.</span>
          </p>
          <Link to="/cart" className="button button--outline button--block">
            <ArrowLeftIcon width={18} height={18} />
            Back to Cart
          </Link>
        </div>
      ) : (
        <div className="cart-summary__next">
          {blockedReason ? (
            <>
              <button type="button" className="button button--primary button--block" aria-disabled="true" aria-describedby={hintId}>
                Proceed to Checkout
              </button>
              <p id={hintId} className="cart-summary__blocked">
                {blockedReason}
              </p>
            </>
          ) : (
            <Link to="/cart?checkout=true" className="button button--primary button--block">
              Proceed to Checkout
            </Link>
          )}
          <Link to={{ pathname: '/', hash: '#plants' }} className="button button--ghost button--block">
            Continue Shopping
          </Link>
        </div>
      )}
    </aside>
  );
}
