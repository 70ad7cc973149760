import { isAdminRole } from '@jalaj/commerce';
import { BRAND_NAME, BrandMark, useSession } from '@jalaj/web-kit';
import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { useSignOut } from '../account/use-sign-out.js';
import { AddedToCartDialogHost } from '../cart/added-to-cart-dialog.js';
import { CartLink } from '../cart/cart-link.js';
import { CloseIcon, LogOutIcon, MenuIcon, PackageIcon, ShieldIcon, UserIcon } from '../ui/icons.js';
import { SectionLink } from './section-link.js';

/** The brand mark (shared with the admin) and name, linking home. */
export function BrandLink({ onClick }: { readonly onClick?: () => void }) {
  return (
    <Link to="/" className="brand" onClick={onClick}>
      <BrandMark className="brand__mark" />
      <span className="brand__name">{BRAND_NAME}</span>
    </Link>
  );
}

/**
 * The sticky site header: the nav links, then the account buttons (Admin for
 * admins, My Orders, My Account, Cart, Sign Out) or Sign In. While the session
 * is still being restored it shows neither, so the wrong set never flashes.
 * Below the desktop width the nav and the account links fold into the menu, but
 * My Orders and the Cart stay in the bar, one tap away, and Sign Out moves into
 * the menu (issue #40): each link is drawn once for each width, the other hidden.
 */
export function SiteHeader() {
  const { status, user } = useSession();
  const signOut = useSignOut();
  const [menuOpen, setMenuOpen] = useState(false);
  const navId = useId();
  const close = () => setMenuOpen(false);
  const onSignOut = () => {
    close();
    void signOut();
  };

  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setMenuOpen(false);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [menuOpen]);

  return (
    <>
      <header className="site-header">
        <div className="container site-header__bar">
          <BrandLink onClick={close} />
          <nav id={navId} aria-label="Main" className={menuOpen ? 'site-nav site-nav--open' : 'site-nav'}>
            <ul className="site-nav__list">
              <li>
                <SectionLink sectionId="plants" className="site-nav__link" onClick={close}>
                  Plants
                </SectionLink>
              </li>
              <li>
                <Link to="/about-us" className="site-nav__link" onClick={close}>
                  About
                </Link>
              </li>
              <li>
                <SectionLink sectionId="contact" className="site-nav__link" onClick={close}>
                  Contact
                </SectionLink>
              </li>
            </ul>
            {status === 'signed-in' ? (
              <ul className="site-nav__list site-nav__account">
                {isAdminRole(user?.role) ? (
                  <li>
                    {/* The admin area is a separate app: a full page load, not a client-side route. */}
                    <a href="/admin" className="site-nav__link" onClick={close}>
                      <ShieldIcon width={18} height={18} />
                      Admin
                    </a>
                  </li>
                ) : null}
                <li className="site-nav__wide-only">
                  <Link to="/orders" className="site-nav__link" onClick={close}>
                    <PackageIcon width={18} height={18} />
                    My Orders
                  </Link>
                </li>
                <li>
                  <Link to="/profile" className="site-nav__link" onClick={close}>
                    <UserIcon width={18} height={18} />
                    My Account
                  </Link>
                </li>
                <li className="site-nav__narrow-only">
                  <button type="button" className="site-nav__link site-nav__button" onClick={onSignOut}>
                    <LogOutIcon width={18} height={18} />
                    Sign Out
                  </button>
                </li>
              </ul>
            ) : null}
          </nav>
          <div className="site-header__actions">
            {status === 'signed-in' ? (
              <>
                {/* Named 'My Orders' at every width; a phone shows 'Orders', the narrowest the icon alone. */}
                <Link to="/orders" className="button button--outline button--small header-orders" aria-label="My Orders" onClick={close}>
                  <PackageIcon width={18} height={18} />
                  <span className="header-orders__label">Orders</span>
                </Link>
                <CartLink onClick={close} />
                <button type="button" className="button button--ghost button--small header-signout" onClick={onSignOut}>
                  <LogOutIcon width={18} height={18} className="header-signout__icon" />
                  Sign Out
                </button>
              </>
            ) : null}
            {status === 'signed-out' ? (
              <Link to="/auth" className="button button--primary button--small">
                Sign In
              </Link>
            ) : null}
            <button
              type="button"
              className="menu-toggle"
              aria-expanded={menuOpen}
              aria-controls={navId}
              onClick={() => setMenuOpen((open) => !open)}
            >
              {menuOpen ? <CloseIcon /> : <MenuIcon />}
              <span className="sr-only">Menu</span>
            </button>
          </div>
        </div>
      </header>
      <AddedToCartDialogHost />
    </>
  );
}
