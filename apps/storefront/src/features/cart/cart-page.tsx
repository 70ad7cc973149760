import { CART_MESSAGES, pluralizeItems } from '@jalaj/commerce';
import type { CartLine } from '@jalaj/contracts';
import { useSession } from '@jalaj/web-kit';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { useOpenPayment } from '../../api/checkout.js';
import { SessionPending, SignInPrompt } from '../account/sign-in-prompt.js';
import { ConfirmDialog } from '../ui/dialog.js';
import { CheckCircleIcon, RefreshIcon, TrashIcon } from '../ui/icons.js';
import { CartLineItem, lineProblem } from './cart-line-item.js';
import { withOwnHold } from '../checkout/checkout-rules.js';
import { CheckoutView } from '../checkout/checkout-view.js';
import { CartSummary } from './cart-summary.js';
import { DiscountsButton } from './discounts-dialog.js';
import { useCart, useCartActions } from './use-cart.js';
import './cart.css';

const PLACEHOLDER_LINES = 2;

/** Props of {@link CartPage}. */
export interface CartPageProps {
  /** Checkout mode (`/cart?checkout=true`): addresses, the lines read-only, shipping and the pay button. */
  readonly checkout: boolean;
}

/**
 * `/cart`: the sign-in prompt, the empty cart, or the lines with their
 * stepper and Remove, Clear Cart (confirmed first), the Discounts dialog, the
 * totals and Proceed to Checkout. In checkout mode the same lines, read-only,
 * under the 'Ready to Checkout' banner, with the address selector, the order
 * summary with shipping and the payment card ({@link CheckoutView}).
 */
export function CartPage({ checkout }: CartPageProps) {
  const { status } = useSession();
  const { cart: serverCart, isLoading, isValidating, error, reload } = useCart();
  // What the shopper's own payment waiting at PhonePe holds is theirs to buy (ADR 073).
  const open = useOpenPayment(status === 'signed-in');
  const payment = open.data ? open.data.payment : open.error ? null : undefined;
  const cart = useMemo(() => withOwnHold(serverCart, payment ?? null), [serverCart, payment]);
  const actions = useCartActions();
  const [busyLines, setBusyLines] = useState<ReadonlySet<string>>(() => new Set());
  const [confirmingClear, setConfirmingClear] = useState(false);
  const [clearing, setClearing] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  // Focus moves to the heading after a render, once a closing dialog has stopped making the page inert.
  const [focusRequest, setFocusRequest] = useState(0);
  useEffect(() => {
    if (focusRequest > 0) headingRef.current?.focus();
  }, [focusRequest]);
  const focusHeading = () => setFocusRequest((n) => n + 1);

  // Switching between the cart and checkout mode keeps this page mounted: move the focus like a page change would.
  const previousMode = useRef(checkout);
  useEffect(() => {
    if (previousMode.current !== checkout) focusHeading();
    previousMode.current = checkout;
  }, [checkout]);

  async function runOnLine(line: CartLine, change: () => Promise<boolean>, removesLine: boolean) {
    setBusyLines((current) => new Set(current).add(line.id));
    try {
      const done = await change();
      // The focused control went away with the line.
      if (done && removesLine) focusHeading();
    } finally {
      setBusyLines((current) => {
        const next = new Set(current);
        next.delete(line.id);
        return next;
      });
    }
  }

  async function clearCart(): Promise<boolean> {
    setClearing(true);
    try {
      const cleared = await actions.clear();
      if (cleared) {
        setConfirmingClear(false);
        focusHeading();
      }
      return cleared;
    } finally {
      setClearing(false);
    }
  }

  const title = checkout ? 'Checkout' : 'Shopping Cart';
  const heading = (lead?: string) => (
    <header className="page-toolbar cart-toolbar">
      <div>
        <h1 ref={headingRef} tabIndex={-1} className="page-title">
          {title}
        </h1>
        {lead ? <p className="page-lead">{lead}</p> : null}
      </div>
      {!checkout && cart.lines.length > 0 ? (
        <div className="cart-toolbar__actions">
          <DiscountsButton className="button button--outline button--small" />
          <button type="button" className="button button--small cart-clear" onClick={() => setConfirmingClear(true)} aria-haspopup="dialog">
            <TrashIcon width={18} height={18} />
            Clear Cart
          </button>
        </div>
      ) : null}
    </header>
  );

  if (status === 'loading') return <SessionPending />;
  if (status === 'signed-out') {
    return (
      <>
        {heading()}
        <SignInPrompt message={CART_MESSAGES.signInToViewCart} />
      </>
    );
  }
  if (isLoading) {
    return (
      <>
        {heading()}
        <p className="sr-only" role="status">
          Loading your cart...
        </p>
        <ul className="cart-lines" aria-hidden="true">
          {Array.from({ length: PLACEHOLDER_LINES }, (_, i) => (
            <li key={i} className="cart-line cart-line--placeholder">
              <span className="cart-line__media" />
              <span className="cart-line__info">
                <span className="skeleton-line skeleton-line--title" />
                <span className="skeleton-line skeleton-line--short" />
              </span>
            </li>
          ))}
        </ul>
      </>
    );
  }
  if (error) {
    return (
      <>
        {heading()}
        <div className="state-panel state-panel--error" role="alert">
          <p className="state-panel__title">{CART_MESSAGES.loadFailedTitle}</p>
          <p>{CART_MESSAGES.loadFailedText}</p>
          <button type="button" className="button button--primary" onClick={() => void reload()} disabled={isValidating}>
            <RefreshIcon width={18} height={18} />
            {isValidating ? 'Retrying...' : 'Try Again'}
          </button>
        </div>
      </>
    );
  }
  if (cart.lines.length === 0) {
    return (
      <>
        {heading()}
        <div className="state-panel cart-empty">
          <CartEmptyArt />
          <p className="state-panel__title">Your cart is empty</p>
          <p>Explore our healthy aquarium plants and add your favourites to start shopping.</p>
          <Link to={{ pathname: '/', hash: '#plants' }} className="button button--primary">
            Start Shopping
          </Link>
        </div>
      </>
    );
  }

  const problems = cart.lines.filter((line) => lineProblem(line) !== null).length;
  // Checkout says so in the banner above the lines; the cart, beside or below them.
  const blockedReason =
    problems === 0 ? null : `Please remove or adjust the ${problems === 1 ? 'plant' : 'plants'} marked ${checkout ? 'below' : 'in your cart'} before checking out.`;

  const linesSection = (
    <section aria-label="Plants in your cart">
      <ul className="cart-lines">
        {cart.lines.map((line) => (
          <li key={line.id}>
            <CartLineItem
              line={line}
              mode={checkout ? 'review' : 'edit'}
              busy={busyLines.has(line.id)}
              onSetQuantity={(l, quantity) => void runOnLine(l, () => actions.setQuantity(l, quantity), quantity <= 0)}
              onRemove={(l) => void runOnLine(l, () => actions.remove(l), true)}
            />
          </li>
        ))}
      </ul>
    </section>
  );

  return (
    <>
      {heading(`${pluralizeItems(cart.itemCount)} in your cart`)}

      {checkout ? (
        blockedReason ? (
          <div className="checkout-banner checkout-banner--warning" role="alert">
            <div>
              <p className="checkout-banner__title">Your cart needs a change</p>
              <p>{blockedReason}</p>
            </div>
            <Link to="/cart" className="button button--outline button--small">
              Back to Cart
            </Link>
          </div>
        ) : (
          <div className="checkout-banner">
            <CheckCircleIcon width={28} height={28} className="checkout-banner__icon" />
            <div>
              <p className="checkout-banner__title">Ready to Checkout</p>
              <p>Choose your addresses, check your plants and pay securely with PhonePe.</p>
            </div>
          </div>
        )
      ) : null}

      {checkout ? (
        <CheckoutView cart={cart} lines={linesSection} blockedReason={blockedReason} payment={payment} />
      ) : (
        <div className="cart-layout">
          {linesSection}
          <CartSummary cart={cart} mode="edit" blockedReason={blockedReason} />
        </div>
      )}

      <ConfirmDialog
        open={confirmingClear}
        title="Clear Cart"
        message="Are you sure you want to remove all items from your cart?"
        confirmLabel="Clear Cart"
        busyLabel="Clearing..."
        busy={clearing}
        onConfirm={clearCart}
        failureMessage={CART_MESSAGES.clearFailedText}
        onCancel={() => setConfirmingClear(false)}
      />
    </>
  );
}

function CartEmptyArt() {
  return (
    <svg className="cart-empty__art" viewBox="0 0 96 96" width="96" height="96" aria-hidden="true" focusable="false">
      <circle cx="48" cy="48" r="46" fill="var(--c-aqua-100)" />
      <path d="M48 74V44" stroke="var(--c-leaf-700)" strokeWidth="3" strokeLinecap="round" fill="none" />
      <path d="M48 54c-10 0-16-6-18-16 10 0 16 6 18 16Z" fill="var(--c-leaf-700)" opacity="0.85" />
      <path d="M48 46c2-12 10-18 20-18-1 11-8 17-20 18Z" fill="var(--c-teal-600)" opacity="0.85" />
      <path d="M30 74h36" stroke="var(--c-teal-700)" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}
