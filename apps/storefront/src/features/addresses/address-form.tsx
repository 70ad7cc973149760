import {
  ADDRESS_TYPES,
  type AddressField,
  DEFAULT_COUNTRY,
  INDIAN_STATES,
  isAddressType,
  normalizeAddress,
  sanitizePostalCodeInput,
  validateAddress,
} from '@jalaj/commerce';
import { type FormEvent, useRef, useState } from 'react';
import type { Address, AddressPayload } from '../../api/addresses.js';
import { serverFieldErrors } from '../ui/error-text.js';
import { SelectField, TextField, useFocusFirstInvalid } from '../ui/form-field.js';

/** The raw values of the address form, as typed. */
export interface AddressFormValues {
  nickname: string;
  fullName: string;
  phone: string;
  addressLine1: string;
  addressLine2: string;
  city: string;
  state: string;
  postalCode: string;
  country: string;
  addressType: string;
}

/**
 * The form's starting values: an existing address to edit, or an empty form
 * for a new one (country India, used for shipping and billing).
 *
 * @param address - The address being edited, if any.
 * @returns Values for {@link AddressForm}.
 */
export function addressFormValues(address?: Address | null): AddressFormValues {
  return {
    nickname: address?.nickname ?? '',
    fullName: address?.fullName ?? '',
    phone: address?.phone ?? '',
    addressLine1: address?.addressLine1 ?? '',
    addressLine2: address?.addressLine2 ?? '',
    city: address?.city ?? '',
    state: address?.state ?? '',
    postalCode: address?.postalCode ?? '',
    country: address?.country ?? DEFAULT_COUNTRY,
    addressType: address?.addressType ?? 'both',
  };
}

/** Props of {@link AddressForm}. */
export interface AddressFormProps {
  /** The address to edit; a blank form when absent. */
  readonly address?: Address | null;
  /**
   * Saves the normalised, validated address. A rejection keeps the form open;
   * the `fieldErrors` of a rejected ApiError are shown beside their fields
   * (the caller shows its own toast).
   */
  readonly onSubmit: (address: AddressPayload) => Promise<void>;
  /** Shows a Cancel button that calls this. */
  readonly onCancel?: () => void;
  /** The submit button's text, e.g. 'Add Address'. */
  readonly submitLabel: string;
}

/**
 * The shared address form (addresses page, account page and checkout): the
 * spec §5 rules from commerce, checked on submit and shown beside each field,
 * a State select of the 36 states and union territories, and a postal code
 * input that keeps only six digits. That input has no `maxLength`: the browser
 * would cut a pasted '700 016' to '700 01' before the non-digits are stripped.
 */
export function AddressForm({ address, onSubmit, onCancel, submitLabel }: AddressFormProps) {
  const [values, setValues] = useState<AddressFormValues>(() => addressFormValues(address));
  const [errors, setErrors] = useState<Partial<Record<AddressField, string>>>({});
  const [saving, setSaving] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const focusFirstInvalid = useFocusFirstInvalid(formRef);

  const set = (field: keyof AddressFormValues, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
  };

  const text = (field: keyof AddressFormValues) => ({
    name: field,
    value: values[field],
    error: errors[field],
    onChange: (event: { target: { value: string } }) => set(field, event.target.value),
  });

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    const payload = normalizeAddress(values);
    const problems = validateAddress(payload);
    // validateAddress reports a bad addressType; the guard tells the compiler it is one of the contract's.
    const { addressType } = payload;
    if (problems.length > 0 || !isAddressType(addressType)) {
      setErrors(Object.fromEntries(problems.map((p) => [p.field, p.message])));
      focusFirstInvalid();
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      await onSubmit({ ...payload, addressType });
    } catch (error) {
      const fromServer = serverFieldErrors(error);
      if (Object.keys(fromServer).length > 0) {
        setErrors(fromServer);
        focusFirstInvalid();
      }
    } finally {
      setSaving(false);
    }
  }

  return (
    <form ref={formRef} className="form address-form" noValidate onSubmit={(event) => void submit(event)} aria-busy={saving}>
      <div className="form-grid">
        <TextField label="Nickname" optional placeholder="Home, Office…" autoComplete="off" {...text('nickname')} data-autofocus />
        <SelectField
          label="Address Type"
          name="addressType"
          value={values.addressType}
          error={errors.addressType}
          onChange={(event) => set('addressType', event.target.value)}
        >
          {ADDRESS_TYPES.map((type) => (
            <option key={type.value} value={type.value}>
              {type.label}
            </option>
          ))}
        </SelectField>
        <TextField label="Full Name" autoComplete="name" required {...text('fullName')} />
        <TextField label="Phone Number" type="tel" inputMode="tel" autoComplete="tel" required {...text('phone')} />
        <TextField
          label="Address Line 1"
          autoComplete="address-line1"
          placeholder="House number, street"
          required
          wrapperClassName="form-grid__wide"
          {...text('addressLine1')}
        />
        <TextField
          label="Address Line 2"
          optional
          autoComplete="address-line2"
          placeholder="Area, landmark"
          wrapperClassName="form-grid__wide"
          {...text('addressLine2')}
        />
        <TextField label="City" autoComplete="address-level2" required {...text('city')} />
        <SelectField
          label="State"
          name="state"
          autoComplete="address-level1"
          value={values.state}
          error={errors.state}
          onChange={(event) => set('state', event.target.value)}
          required
        >
          <option value="">Select a state</option>
          {INDIAN_STATES.map((state) => (
            <option key={state} value={state}>
              {state}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Postal Code"
          inputMode="numeric"
          autoComplete="postal-code"
          required
          {...text('postalCode')}
          onChange={(event) => set('postalCode', sanitizePostalCodeInput(event.target.value))}
        />
        <TextField label="Country" autoComplete="country-name" {...text('country')} />
      </div>
      <div className="form-actions">
        {onCancel ? (
          <button type="button" className="button button--outline" onClick={onCancel} disabled={saving}>
            Cancel
          </button>
        ) : null}
        <button type="submit" className="button button--primary" disabled={saving}>
          {saving ? 'Saving...' : submitLabel}
        </button>
      </div>
    </form>
  );
}
