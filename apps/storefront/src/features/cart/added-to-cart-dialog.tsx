import { pluralizeItems } from '@jalaj/commerce';
import { useId, useLayoutEffect, useSyncExternalStore } from 'react';
import { Link } from 'react-router-dom';
import { Dialog } from '../ui/dialog.js';
import './cart.css';

/** What was just added, as the added-to-cart dialog shows it. */
export interface AddedToCart {
  readonly product: { readonly id: string; readonly name: string };
  readonly quantity: number;
}

interface DialogStore {
  readonly added: AddedToCart | null;
  /** Mounted hosts, oldest first; the newest one shows the dialog. */
  readonly hosts: readonly string[];
}

// The dialog is opened from a hook (useAddToCart), which cannot render, so its state
// lives here and a host component placed in the page renders it.
let store: DialogStore = { added: null, hosts: [] };
const listeners = new Set<() => void>();

function update(next: Partial<DialogStore>) {
  store = { ...store, ...next };
  listeners.forEach((listener) => listener());
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const snapshot = () => store;

/**
 * Opens the added-to-cart dialog (spec §2, Product detail) in the mounted
 * {@link AddedToCartDialogHost}.
 *
 * @param added - The product and the quantity just added.
 * @returns `false` when no host is mounted, so the caller can fall back to a toast.
 */
export function openAddedToCartDialog(added: AddedToCart): boolean {
  if (store.hosts.length === 0) return false;
  update({ added });
  return true;
}

function closeAddedToCartDialog() {
  update({ added: null });
}

/**
 * Renders the added-to-cart dialog opened by `useAddToCart(…, { showDialog: true })`:
 * View Cart (to /cart), View Product (to /product/{id}) and Continue, each of
 * which closes it. The site header mounts one; when several are mounted, the newest shows it.
 */
export function AddedToCartDialogHost() {
  const id = useId();
  const { added, hosts } = useSyncExternalStore(subscribe, snapshot, snapshot);

  useLayoutEffect(() => {
    update({ hosts: [...store.hosts, id] });
    return () => {
      const rest = store.hosts.filter((host) => host !== id);
      // With no host left (the page changed) the dialog must not reappear on the next page.
      update(rest.length === 0 ? { hosts: rest, added: null } : { hosts: rest });
    };
  }, [id]);

  const active = hosts.at(-1) === id;
  const open = active && added !== null;
  return (
    <Dialog
      open={open}
      onClose={closeAddedToCartDialog}
      title="Added to Cart"
      description={added ? `${pluralizeItems(added.quantity)} of ${added.product.name} added to your cart.` : undefined}
      size="small"
    >
      {added ? (
        <div className="added-dialog__actions">
          <Link to="/cart" className="button button--primary" onClick={closeAddedToCartDialog} data-autofocus>
            View Cart
          </Link>
          <Link
            to={`/product/${encodeURIComponent(added.product.id)}`}
            className="button button--outline"
            onClick={closeAddedToCartDialog}
          >
            View Product
          </Link>
          <button type="button" className="button button--ghost" onClick={closeAddedToCartDialog}>
            Continue
          </button>
        </div>
      ) : null}
    </Dialog>
  );
}
