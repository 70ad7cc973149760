import { formatRupees, pluralizeItems, SHIPPING_PENDING_TEXT, SHIPPING_QUOTE_TEXTS } from '@jalaj/commerce';
import type { Cart } from '@jalaj/contracts';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import type { ShippingState } from '../checkout/checkout-rules.js';
import './cart.css';

/** Props of {@link CartSummary}. */
export interface CartSummaryProps {
  readonly cart: Cart;
  /** `edit` on the cart page, `review` in checkout mode. */
  readonly mode: 'edit' | 'review';
  /** Why the cart cannot be checked out now (a line to remove or fix), if it cannot. */
  readonly blockedReason?: string | null;
  /** In checkout mode: the shipping charge as far as it is known. */
  readonly shipping?: ShippingState;
  /** Asks for a shipping charge that could not be had again. */
  readonly onRetryShipping?: () => void;
}

function shippingText(shipping: ShippingState): string {
  if (shipping.status === 'unknown') return SHIPPING_PENDING_TEXT;
  if (shipping.status === 'loading') return 'Calculating...';
  if (shipping.status === 'failed') return SHIPPING_QUOTE_TEXTS.failed;
  return formatRupees(shipping.paise);
}

/**
 * The cart's totals (announced politely when they change): on the cart page with the next
 * step (Proceed to Checkout); in checkout mode with the shipping charge of the chosen
 * address, the payment card following it. Every amount is the server's.
 */
export function CartSummary({ cart, mode, blockedReason = null, shipping = { status: 'unknown' }, onRetryShipping }: CartSummaryProps) {
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
        {review ? (
          <>
            <div className="cart-summary__row">
              <dt>Subtotal</dt>
              <dd>{formatRupees(cart.subtotalPaise)}</dd>
            </div>
            <div className="cart-summary__row">
              <dt>Shipping</dt>
              <dd className={shipping.status === 'known' ? undefined : shipping.status === 'failed' ? 'cart-summary__failed' : 'cart-summary__pending'}>
                {shippingText(shipping)}
              </dd>
            </div>
            {shipping.status === 'failed' && onRetryShipping ? (
              <div className="cart-summary__row cart-summary__row--retry">
                <dt className="sr-only">Shipping charge</dt>
                <dd>
                  <button type="button" className="button button--outline button--small" onClick={onRetryShipping}>
                    {SHIPPING_QUOTE_TEXTS.retry}
                    <span className="sr-only"> calculating shipping</span>
                  </button>
                </dd>
              </div>
            ) : null}
          </>
        ) : (
          <>
            <div className="cart-summary__row">
              <dt>Shipping</dt>
              <dd>Calculated at checkout</dd>
            </div>
            <div className="cart-summary__row cart-summary__row--total">
              <dt>Subtotal</dt>
              <dd>{formatRupees(cart.subtotalPaise)}</dd>
            </div>
          </>
        )}
      </dl>

      {review ? null : (
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
