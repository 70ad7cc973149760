import type { Address, AddressPayload } from '../../api/addresses.js';
import { Dialog } from '../ui/dialog.js';
import { AddressForm } from './address-form.js';

/** Props of {@link AddressFormDialog}. */
export interface AddressFormDialogProps {
  readonly open: boolean;
  /** The address to edit; adds a new one when absent. */
  readonly address?: Address | null;
  readonly onClose: () => void;
  /** Saves; a rejection keeps the dialog open (see {@link AddressForm}). */
  readonly onSubmit: (address: AddressPayload) => Promise<void>;
}

/** The add/edit address dialog, titled 'Add New Address' or 'Edit Address'. */
export function AddressFormDialog({ open, address, onClose, onSubmit }: AddressFormDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} title={address ? 'Edit Address' : 'Add New Address'}>
      <AddressForm
        key={address?.id ?? 'new'}
        address={address ?? null}
        onSubmit={onSubmit}
        onCancel={onClose}
        submitLabel={address ? 'Update Address' : 'Add Address'}
      />
    </Dialog>
  );
}
