import { renderMessage } from '@jalaj/commerce';
import { useSession } from '@jalaj/web-kit';
import { useEffect, useId, useRef, useState } from 'react';
import { type Address, type AddressPayload, useAddresses, useAddressApi } from '../../api/addresses.js';
import { useToast } from '../toast/toast-provider.js';
import { ConfirmDialog } from '../ui/dialog.js';
import { PlusIcon, RefreshIcon } from '../ui/icons.js';
import { AddressCard } from './address-card.js';
import { AddressFormDialog } from './address-form-dialog.js';
import { useCreateAddress } from './use-create-address.js';

const PLACEHOLDER_CARDS = 3;

const DELETE_FAILED = 'Failed to delete address';

/** Props of {@link AddressManager}. */
export interface AddressManagerProps {
  /** 1 on the addresses page, 2 inside the account page's tab. */
  readonly headingLevel?: 1 | 2;
}

type DefaultKind = 'shipping' | 'billing';

const DEFAULT_TEXTS: Record<DefaultKind, { done: string; failed: string }> = {
  shipping: { done: 'Default shipping address updated', failed: renderMessage('DEFAULT_ADDRESS_FAILED', { kind: 'shipping' }).message },
  billing: { done: 'Default billing address updated', failed: renderMessage('DEFAULT_ADDRESS_FAILED', { kind: 'billing' }).message },
};

const cardTitleId = (address: Address) => `address-${address.id}-title`;

/**
 * The signed-in user's address book: the list (loading placeholders, empty
 * state, one card per address), the add/edit dialog, delete with confirmation
 * and the set-default actions. The list is reloaded after every change.
 * Used by `/addresses` and by the Addresses tab of `/profile`.
 */
export function AddressManager({ headingLevel = 1 }: AddressManagerProps) {
  const { status } = useSession();
  const { data, error, isLoading, isValidating, mutate } = useAddresses(status === 'signed-in');
  const api = useAddressApi();
  const createAddress = useCreateAddress();
  const toast = useToast();
  // `undefined`: dialog closed; `null`: adding; an address: editing it.
  const [editing, setEditing] = useState<Address | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<Address | null>(null);
  const [deleteBusy, setDeleteBusy] = useState(false);
  const [busyId, setBusyId] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const headingId = useId();

  useEffect(() => {
    if (error) toast({ title: 'Failed to load addresses', tone: 'error' });
  }, [error, toast]);

  async function save(payload: AddressPayload) {
    const target = editing ?? null;
    if (target) {
      try {
        await api.update(target.id, payload);
        toast({ title: 'Address updated successfully', tone: 'success' });
      } catch (failure) {
        toast({ title: 'Failed to update address', tone: 'error' });
        throw failure;
      }
    } else {
      await createAddress(payload);
    }
    setEditing(undefined);
    await mutate();
  }

  async function confirmDelete(): Promise<boolean> {
    if (!deleting) return true;
    setDeleteBusy(true);
    try {
      await api.remove(deleting.id);
      toast({ title: 'Address deleted successfully', tone: 'success' });
      setDeleting(null);
      await mutate();
      // The deleted card took the focused button with it.
      headingRef.current?.focus();
      return true;
    } catch {
      toast({ title: DELETE_FAILED, tone: 'error' });
      return false;
    } finally {
      setDeleteBusy(false);
    }
  }

  async function setDefault(address: Address, kind: DefaultKind) {
    setBusyId(address.id);
    try {
      const list = kind === 'shipping' ? await api.setDefaultShipping(address.id) : await api.setDefaultBilling(address.id);
      toast({ title: DEFAULT_TEXTS[kind].done, tone: 'success' });
      await mutate(list, { revalidate: true });
      // The pressed button is gone now that the address is the default.
      document.getElementById(cardTitleId(address))?.focus();
    } catch {
      toast({ title: DEFAULT_TEXTS[kind].failed, tone: 'error' });
    } finally {
      setBusyId(null);
    }
  }

  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  const cardLevel = headingLevel === 1 ? 2 : 3;
  const addresses = data?.items;

  return (
    <section className="address-book" aria-labelledby={headingId} aria-busy={isLoading}>
      <header className="page-toolbar">
        <div>
          <Heading id={headingId} ref={headingRef} tabIndex={-1} className="page-title">
            My Addresses
          </Heading>
          <p className="page-lead">Save shipping and billing addresses for a faster checkout.</p>
        </div>
        <button type="button" className="button button--primary" onClick={() => setEditing(null)}>
          <PlusIcon width={18} height={18} />
          Add New Address
        </button>
      </header>

      {isLoading ? (
        <>
          <p className="sr-only" role="status">
            Loading addresses...
          </p>
          <ul className="address-grid" aria-hidden="true">
            {Array.from({ length: PLACEHOLDER_CARDS }, (_, i) => (
              <li key={i} className="address-card address-card--placeholder">
                <span className="skeleton-line skeleton-line--title" />
                <span className="skeleton-line skeleton-line--short" />
                <span className="skeleton-line" />
                <span className="skeleton-line" />
                <span className="skeleton-line skeleton-line--short" />
              </li>
            ))}
          </ul>
        </>
      ) : error && !addresses ? (
        <div className="state-panel state-panel--error" role="alert">
          <p className="state-panel__title">Failed to load addresses</p>
          <button type="button" className="button button--primary" onClick={() => void mutate()} disabled={isValidating}>
            <RefreshIcon width={18} height={18} />
            {isValidating ? 'Retrying...' : 'Try Again'}
          </button>
        </div>
      ) : !addresses || addresses.length === 0 ? (
        <div className="state-panel">
          {/* One sentence for screen readers and text search; two lines on screen. */}
          <div>
            <p className="state-panel__title">
              No addresses found<span className="sr-only"> - </span>
            </p>
            <p>Add your first address to start shopping with us</p>
          </div>
        </div>
      ) : (
        <ul className="address-grid">
          {addresses.map((address) => (
            <li key={address.id}>
              <AddressCard
                address={address}
                titleId={cardTitleId(address)}
                headingLevel={cardLevel}
                busy={busyId === address.id}
                onEdit={setEditing}
                onDelete={setDeleting}
                onSetDefaultShipping={(a) => void setDefault(a, 'shipping')}
                onSetDefaultBilling={(a) => void setDefault(a, 'billing')}
              />
            </li>
          ))}
        </ul>
      )}

      <AddressFormDialog open={editing !== undefined} address={editing ?? null} onClose={() => setEditing(undefined)} onSubmit={save} />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete Address"
        message="Are you sure you want to delete this address?"
        confirmLabel="Delete"
        busyLabel="Deleting..."
        busy={deleteBusy}
        onConfirm={confirmDelete}
        failureMessage={DELETE_FAILED}
        onCancel={() => setDeleting(null)}
      />
    </section>
  );
}
