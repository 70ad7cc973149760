import { addressTitle } from '@jalaj/commerce';
import { useEffect, useId, useRef, useState } from 'react';
import type { Address } from '../../api/addresses.js';
import { PlusIcon, RefreshIcon } from '../ui/icons.js';
import { useMediaQuery } from '../ui/use-media-query.js';
import { type AddressPurpose, type AddressSelection, addressChoices } from './checkout-rules.js';

/** Below this width the chosen addresses read as two short lines with Change (issue #40). */
export const COMPACT_ADDRESSES_QUERY = '(max-width: 639px)';

/** Props of {@link AddressSelector}. */
export interface AddressSelectorProps {
  /** The shopper's addresses; `undefined` while they load or when they could not be. */
  readonly addresses: readonly Address[] | undefined;
  readonly loading: boolean;
  /** The load failed and no list is at hand. */
  readonly failed: boolean;
  readonly retrying: boolean;
  readonly onRetry: () => void;
  readonly selection: AddressSelection;
  readonly onChooseShipping: (id: string) => void;
  readonly onChooseBilling: (id: string) => void;
  readonly onBillingSameAsShipping: (same: boolean) => void;
  /** Opens the shared address form to add an address for one side. */
  readonly onAdd: (purpose: AddressPurpose) => void;
  /** Disables the choices while the payment starts. */
  readonly disabled?: boolean;
}

/**
 * The checkout's address selector (spec §2): the shipping choices (addresses of type
 * shipping or both) and the billing choices (billing or both) as radio groups, 'Use
 * shipping address for billing', and "Add New Address" in each group, opening the shared
 * address form. Native radios keep it keyboard-operable (arrow keys within a group).
 *
 * On a phone, once both addresses are chosen, it shows them as 'Ship to' and 'Bill to'
 * lines, each with Change, which opens the choices (and Done closes them): the page stays
 * short enough to see the plants and the total (issue #40).
 */
export function AddressSelector(props: AddressSelectorProps) {
  const { addresses, loading, failed, retrying, onRetry, selection, onBillingSameAsShipping, onAdd, disabled = false } = props;
  const titleId = useId();
  const sameId = useId();
  const phone = useMediaQuery(COMPACT_ADDRESSES_QUERY);
  // The side whose Change the shopper pressed (the choices are open), or null.
  const [open, setOpen] = useState<AddressPurpose | null>(null);
  const section = useRef<HTMLElement>(null);
  // Where the focus goes once the choices have opened or closed: the pressed side's choice, or its Change.
  const [focusTo, setFocusTo] = useState<{ readonly selector: string } | null>(null);
  useEffect(() => {
    if (!focusTo) return;
    section.current?.querySelector<HTMLElement>(focusTo.selector)?.focus();
    setFocusTo(null);
  }, [focusTo]);

  const shipping = addresses?.find((a) => a.id === selection.shippingId);
  const billing = selection.billingSameAsShipping ? shipping : addresses?.find((a) => a.id === selection.billingId);
  const compact = phone && open === null && !loading && !failed && shipping !== undefined && billing !== undefined;

  const change = (purpose: AddressPurpose) => {
    setOpen(purpose);
    let selector = 'input[name="shipping-address"]:checked';
    if (purpose === 'billing') selector = selection.billingSameAsShipping ? `#${CSS.escape(sameId)}` : 'input[name="billing-address"]:checked';
    setFocusTo({ selector });
  };
  const done = () => {
    setFocusTo({ selector: `[data-change="${open ?? 'shipping'}"]` });
    setOpen(null);
  };

  let body;
  if (loading) {
    body = (
      <>
        <p className="sr-only" role="status">
          Loading addresses...
        </p>
        {/* On a phone the chosen addresses will most often read as two lines: the placeholder keeps their height. */}
        <div className={phone ? 'address-summary' : 'address-options'} aria-hidden="true">
          {[0, 1].map((i) =>
            phone ? (
              <span key={i} className="address-summary__row address-summary__row--placeholder">
                <span className="skeleton-line skeleton-line--short" />
                <span className="skeleton-line" />
              </span>
            ) : (
              <span key={i} className="address-option address-option--placeholder">
                <span className="skeleton-line skeleton-line--title" />
                <span className="skeleton-line skeleton-line--short" />
              </span>
            ),
          )}
        </div>
      </>
    );
  } else if (failed || !addresses) {
    body = (
      <div className="state-panel state-panel--error" role="alert">
        <p className="state-panel__title">Failed to load addresses</p>
        <button type="button" className="button button--primary" onClick={onRetry} disabled={retrying}>
          <RefreshIcon width={18} height={18} />
          {retrying ? 'Retrying...' : 'Try Again'}
        </button>
      </div>
    );
  } else if (addresses.length === 0) {
    body = (
      <div className="state-panel checkout-addresses__empty">
        <p className="state-panel__title">No saved addresses yet</p>
        <p>Add the address your plants should go to. You can use it for billing too.</p>
        <button type="button" className="button button--primary" onClick={() => onAdd('shipping')} disabled={disabled}>
          <PlusIcon width={18} height={18} />
          Add New Address
        </button>
      </div>
    );
  } else if (compact && shipping && billing) {
    // What the shopper changes when Pay is refused: no toast covers it (web-kit's KEEP_CLEAR_ATTRIBUTE, issue #42).
    body = (
      <dl className="address-summary" data-notice-clear="">
        <div className="address-summary__row">
          <dt className="address-summary__label">Ship to</dt>
          <dd className="address-summary__value">
            <AddressLine address={shipping} />
            <ChangeButton purpose="shipping" onClick={change} disabled={disabled} />
          </dd>
        </div>
        <div className="address-summary__row">
          <dt className="address-summary__label">Bill to</dt>
          <dd className="address-summary__value">
            {billing.id === shipping.id ? <span className="address-summary__text">Same as shipping address</span> : <AddressLine address={billing} />}
            <ChangeButton purpose="billing" onClick={change} disabled={disabled} />
          </dd>
        </div>
      </dl>
    );
  } else {
    body = (
      <>
        <AddressGroup
          legend="Shipping Address"
          name="shipping-address"
          choices={addressChoices(addresses, 'shipping')}
          chosenId={selection.shippingId}
          onChoose={props.onChooseShipping}
          onAdd={() => onAdd('shipping')}
          emptyText="None of your addresses is for shipping yet."
          disabled={disabled}
        />
        <div className="checkbox-field">
          <input
            id={sameId}
            type="checkbox"
            className="checkbox-field__input"
            checked={selection.billingSameAsShipping}
            onChange={(event) => onBillingSameAsShipping(event.target.checked)}
            disabled={disabled}
          />
          <label htmlFor={sameId} className="checkbox-field__label">
            Use shipping address for billing
          </label>
        </div>
        {selection.billingSameAsShipping ? null : (
          <AddressGroup
            legend="Billing Address"
            name="billing-address"
            choices={addressChoices(addresses, 'billing')}
            chosenId={selection.billingId}
            onChoose={props.onChooseBilling}
            onAdd={() => onAdd('billing')}
            emptyText="None of your addresses is for billing yet."
            disabled={disabled}
          />
        )}
        {phone && open !== null ? (
          <button type="button" className="button button--outline address-summary__done" onClick={done}>
            Done
          </button>
        ) : null}
      </>
    );
  }

  return (
    <section ref={section} className="panel checkout-addresses" aria-labelledby={titleId} aria-busy={loading}>
      <h2 id={titleId} className="panel__title">
        Delivery and Billing
      </h2>
      {compact || (phone && loading) ? null : <p className="panel__lead">Choose where your plants go and the address for your invoice.</p>}
      {body}
    </section>
  );
}

/** A chosen address on one line: its title, then the name, street, city and PIN code. */
function AddressLine({ address }: { readonly address: Address }) {
  return (
    <span className="address-summary__text">
      <strong className="address-summary__title">{addressTitle(address.nickname)}</strong> {address.fullName}, {address.addressLine1}, {address.city} {address.postalCode}
    </span>
  );
}

/** Change beside a chosen address; its name says which ('Change shipping address'). */
function ChangeButton({ purpose, onClick, disabled }: { readonly purpose: AddressPurpose; readonly onClick: (purpose: AddressPurpose) => void; readonly disabled: boolean }) {
  return (
    <button
      type="button"
      className="button button--ghost button--small address-summary__change"
      data-change={purpose}
      aria-label={`Change ${purpose} address`}
      onClick={() => onClick(purpose)}
      disabled={disabled}
    >
      Change
    </button>
  );
}

interface AddressGroupProps {
  readonly legend: string;
  readonly name: string;
  readonly choices: readonly Address[];
  readonly chosenId: string | null;
  readonly onChoose: (id: string) => void;
  readonly onAdd: () => void;
  readonly emptyText: string;
  readonly disabled: boolean;
}

/** One radio group of addresses, with its "Add New Address". */
function AddressGroup({ legend, name, choices, chosenId, onChoose, onAdd, emptyText, disabled }: AddressGroupProps) {
  return (
    <fieldset className="address-group" disabled={disabled}>
      <legend className="address-group__legend">{legend}</legend>
      {choices.length === 0 ? <p className="address-group__empty">{emptyText}</p> : null}
      <div className="address-options">
        {choices.map((address) => (
          <AddressOption key={address.id} address={address} name={name} checked={address.id === chosenId} onChoose={onChoose} />
        ))}
        <button type="button" className="address-option address-option--add" onClick={onAdd}>
          <PlusIcon width={20} height={20} />
          Add New Address
        </button>
      </div>
    </fieldset>
  );
}

function AddressOption({ address, name, checked, onChoose }: { readonly address: Address; readonly name: string; readonly checked: boolean; readonly onChoose: (id: string) => void }) {
  const inputId = useId();
  const title = addressTitle(address.nickname);
  return (
    <label htmlFor={inputId} className={checked ? 'address-option address-option--checked' : 'address-option'}>
      <input
        id={inputId}
        type="radio"
        name={name}
        value={address.id}
        checked={checked}
        onChange={() => onChoose(address.id)}
        className="address-option__radio"
        aria-label={`${title}: ${address.fullName}, ${address.city} ${address.postalCode}`}
      />
      <span className="address-option__text">
        <span className="address-option__title">
          {title}
          {address.isDefaultShipping && name === 'shipping-address' ? <span className="badge badge--green">Default</span> : null}
          {address.isDefaultBilling && name === 'billing-address' ? <span className="badge badge--blue">Default</span> : null}
        </span>
        <span className="address-option__name">{address.fullName}</span>
        <span>
          {address.addressLine1}
          {address.addressLine2 ? `, ${address.addressLine2}` : ''}
        </span>
        <span>
          {address.city}, {address.state} {address.postalCode}
        </span>
        <span>{address.phone}</span>
      </span>
    </label>
  );
}
