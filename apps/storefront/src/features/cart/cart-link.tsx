import { pluralizeItems } from '@jalaj/commerce';
import { Link } from 'react-router-dom';
import { CartIcon } from '../ui/icons.js';
import { useCart } from './use-cart.js';
import './cart.css';

// Two digits fit the badge; the full count is in the link's accessible name.
const MAX_BADGE_COUNT = 99;

/**
 * The header's Cart button (to /cart) with a badge of the item count when it
 * is above zero (spec §2). It reads the shared cart, so every change shows
 * here at once. Its accessible name is e.g. "Cart (3 items)".
 */
export function CartLink({ onClick }: { readonly onClick?: () => void }) {
  const { cart } = useCart();
  const count = cart.itemCount;
  return (
    <Link to="/cart" className="button button--outline button--small header-cart" onClick={onClick}>
      <CartIcon width={18} height={18} />
      <span className="header-cart__label">Cart</span>
      {count > 0 ? (
        <>
          <span className="cart-badge" aria-hidden="true">
            {count > MAX_BADGE_COUNT ? `${MAX_BADGE_COUNT}+` : count}
          </span>
          <span className="sr-only"> ({pluralizeItems(count)})</span>
        </>
      ) : null}
    </Link>
  );
}
