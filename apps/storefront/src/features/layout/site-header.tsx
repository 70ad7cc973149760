import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { CloseIcon, LeafIcon, MenuIcon } from '../ui/icons.js';
import { SectionLink } from './section-link.js';

/** The brand mark: leaf and name, linking home. */
export function BrandLink({ onClick }: { readonly onClick?: () => void }) {
  return (
    <Link to="/" className="brand" onClick={onClick}>
      <span className="brand__mark" aria-hidden="true">
        <LeafIcon width={22} height={22} />
      </span>
      <span className="brand__name">Jalaj</span>
    </Link>
  );
}

/**
 * The sticky site header. Sign-in does not exist yet, so it always shows the
 * signed-out variant: the nav links and a Sign In button.
 */
export function SiteHeader() {
  const [menuOpen, setMenuOpen] = useState(false);
  const navId = useId();
  const close = () => setMenuOpen(false);

  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setMenuOpen(false);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [menuOpen]);

  return (
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
        </nav>
        <div className="site-header__actions">
          <Link to="/auth" className="button button--primary button--small">
            Sign In
          </Link>
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
  );
}
