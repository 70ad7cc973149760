import { Link } from 'react-router-dom';
import { BrandLink } from '../layout/site-header.js';
import { ArrowLeftIcon, LogOutIcon } from '../ui/icons.js';
import { useSignOut } from './use-sign-out.js';

/** The slim header of the account pages: the brand, Back to Home and, where asked for, Sign Out. */
export function AccountHeader({ showSignOut = false }: { readonly showSignOut?: boolean }) {
  const signOut = useSignOut();
  return (
    <header className="site-header">
      <div className="container site-header__bar">
        <BrandLink />
        <div className="site-header__actions account-header__actions">
          <Link to="/" className="button button--outline button--small">
            <ArrowLeftIcon width={18} height={18} />
            Back to Home
          </Link>
          {showSignOut ? (
            <button type="button" className="button button--ghost button--small" onClick={() => void signOut()}>
              <LogOutIcon width={18} height={18} />
              Sign Out
            </button>
          ) : null}
        </div>
      </div>
    </header>
  );
}
