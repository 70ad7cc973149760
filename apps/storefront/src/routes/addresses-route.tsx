import { useSession } from '@jalaj/web-kit';
import { AccountHeader } from '../features/account/account-header.js';
import { SessionPending, SignInPrompt } from '../features/account/sign-in-prompt.js';
import { AddressManager } from '../features/addresses/address-manager.js';

/** `/addresses`: the signed-in user's address book. */
export function AddressesRoute() {
  const { status } = useSession();
  return (
    <>
      <title>My Addresses — Jalaj</title>
      <AccountHeader />
      <main id="main-content" className="account-page container">
        {status === 'loading' ? (
          <SessionPending />
        ) : status === 'signed-out' ? (
          <SignInPrompt message="Please log in to manage your addresses" />
        ) : (
          <AddressManager />
        )}
      </main>
    </>
  );
}
