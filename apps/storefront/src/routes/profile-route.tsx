import { useSession } from '@jalaj/web-kit';
import { AccountHeader } from '../features/account/account-header.js';
import { SessionPending, SignInPrompt } from '../features/account/sign-in-prompt.js';
import { AccountTabs } from '../features/profile/account-tabs.js';

/** `/profile`: My Account, with the Profile, Addresses and Settings tabs. */
export function ProfileRoute() {
  const { status } = useSession();
  return (
    <>
      <title>My Account — Jalaj</title>
      <AccountHeader showSignOut={status === 'signed-in'} />
      <main id="main-content" className="account-page container">
        {status === 'loading' ? (
          <SessionPending />
        ) : status === 'signed-out' ? (
          <SignInPrompt message="Please log in to view your profile" />
        ) : (
          <>
            <header className="page-toolbar">
              <div>
                <h1 className="page-title">My Account</h1>
                <p className="page-lead">Manage your profile, addresses and account settings.</p>
              </div>
            </header>
            <AccountTabs />
          </>
        )}
      </main>
    </>
  );
}
