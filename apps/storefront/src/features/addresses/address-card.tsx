import { addressTitle, addressTypeLabel, canSetDefaultBilling, canSetDefaultShipping } from '@jalaj/commerce';
import { useId } from 'react';
import type { Address } from '../../api/addresses.js';
import { PencilIcon, TrashIcon } from '../ui/icons.js';

/** Props of {@link AddressCard}. */
export interface AddressCardProps {
  readonly address: Address;
  /** The id of the card's title, e.g. to move focus to it; generated when absent. */
  readonly titleId?: string;
  /** The level of the card's title in the page outline. */
  readonly headingLevel?: 2 | 3;
  /** Disables the card's buttons while one of its actions runs. */
  readonly busy?: boolean;
  readonly onEdit?: (address: Address) => void;
  readonly onDelete?: (address: Address) => void;
  readonly onSetDefaultShipping?: (address: Address) => void;
  readonly onSetDefaultBilling?: (address: Address) => void;
}

/**
 * One saved address: its title (nickname or 'Address'), the default and type
 * badges, the full postal address, and the edit, delete and set-default actions
 * that the caller provides.
 */
export function AddressCard({
  address,
  titleId: givenTitleId,
  headingLevel = 3,
  busy = false,
  onEdit,
  onDelete,
  onSetDefaultShipping,
  onSetDefaultBilling,
}: AddressCardProps) {
  const generatedId = useId();
  const titleId = givenTitleId ?? generatedId;
  const title = addressTitle(address.nickname);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const showShipping = onSetDefaultShipping && canSetDefaultShipping(address);
  const showBilling = onSetDefaultBilling && canSetDefaultBilling(address);

  return (
    <article className="address-card" aria-labelledby={titleId}>
      <header className="address-card__header">
        <Heading id={titleId} className="address-card__title" tabIndex={-1}>
          {title}
        </Heading>
        {onEdit || onDelete ? (
          <div className="address-card__tools">
            {onEdit ? (
              <button
                type="button"
                className="icon-button"
                onClick={() => onEdit(address)}
                disabled={busy}
                aria-label={`Edit: ${title}`}
                title="Edit"
              >
                <PencilIcon width={18} height={18} />
              </button>
            ) : null}
            {onDelete ? (
              <button
                type="button"
                className="icon-button icon-button--danger"
                onClick={() => onDelete(address)}
                disabled={busy}
                aria-label={`Delete: ${title}`}
                title="Delete"
              >
                <TrashIcon width={18} height={18} />
              </button>
            ) : null}
          </div>
        ) : null}
      </header>
      <ul className="badges" aria-label="Address labels">
        {address.isDefaultShipping ? <li className="badge badge--green">Default Shipping</li> : null}
        {address.isDefaultBilling ? <li className="badge badge--blue">Default Billing</li> : null}
        <li className="badge badge--grey">{addressTypeLabel(address.addressType)}</li>
      </ul>
      <address className="address-card__body">
        <span className="address-card__name">{address.fullName}</span>
        <span>{address.phone}</span>
        <span>{address.addressLine1}</span>
        {address.addressLine2 ? <span>{address.addressLine2}</span> : null}
        <span>
          {address.city}, {address.state} {address.postalCode}
        </span>
        <span>{address.country}</span>
      </address>
      {showShipping || showBilling ? (
        <div className="address-card__actions">
          {showShipping ? (
            <button type="button" className="button button--outline button--small" onClick={() => onSetDefaultShipping(address)} disabled={busy}>
              Set as Default Shipping
            </button>
          ) : null}
          {showBilling ? (
            <button type="button" className="button button--outline button--small" onClick={() => onSetDefaultBilling(address)} disabled={busy}>
              Set as Default Billing
            </button>
          ) : null}
        </div>
      ) : null}
    </article>
  );
}
