import { POSTAL_CODE_PATTERN } from './shipping.js';
import { type FieldError, textLength, trimmedText } from './validation.js';

/** The 28 states of India, official current names, alphabetical. */
export const INDIAN_STATES_ONLY = Object.freeze([
  'Andhra Pradesh',
  'Arunachal Pradesh',
  'Assam',
  'Bihar',
  'Chhattisgarh',
  'Goa',
  'Gujarat',
  'Haryana',
  'Himachal Pradesh',
  'Jharkhand',
  'Karnataka',
  'Kerala',
  'Madhya Pradesh',
  'Maharashtra',
  'Manipur',
  'Meghalaya',
  'Mizoram',
  'Nagaland',
  'Odisha',
  'Punjab',
  'Rajasthan',
  'Sikkim',
  'Tamil Nadu',
  'Telangana',
  'Tripura',
  'Uttar Pradesh',
  'Uttarakhand',
  'West Bengal',
] as const);

/** The 8 union territories of India, official current names, alphabetical. */
export const INDIAN_UNION_TERRITORIES = Object.freeze([
  'Andaman and Nicobar Islands',
  'Chandigarh',
  'Dadra and Nagar Haveli and Daman and Diu',
  'Delhi',
  'Jammu and Kashmir',
  'Ladakh',
  'Lakshadweep',
  'Puducherry',
] as const);

/** A state or union territory name from {@link INDIAN_STATES}. */
export type IndianState =
  | (typeof INDIAN_STATES_ONLY)[number]
  | (typeof INDIAN_UNION_TERRITORIES)[number];

/**
 * The fixed list offered by the address form's State select: the 28 states and
 * 8 union territories (36 names), alphabetical so the select reads naturally.
 * Sorted by code unit, which for these capitalised ASCII names is the English
 * alphabetical order (address.spec.ts checks it against `localeCompare`): sorting
 * with `localeCompare` made the browser load its collation as this module loaded,
 * about 12 ms of a slow phone's CPU on every page (issue #40).
 */
export const INDIAN_STATES: readonly IndianState[] = Object.freeze([...INDIAN_STATES_ONLY, ...INDIAN_UNION_TERRITORIES].sort());

const INDIAN_STATE_SET: ReadonlySet<string> = new Set(INDIAN_STATES);

/**
 * Whether a name is exactly one of {@link INDIAN_STATES}.
 *
 * @param value - The name to check (compared as is, case-sensitive).
 * @returns `true` when it is in the list.
 */
export function isIndianState(value: unknown): value is IndianState {
  return typeof value === 'string' && INDIAN_STATE_SET.has(value);
}

/** What an address is used for. */
export type AddressType = 'shipping' | 'billing' | 'both';

/** The address types with the labels of the type badge and the form select. */
export const ADDRESS_TYPES: readonly { readonly value: AddressType; readonly label: string }[] =
  Object.freeze([
    Object.freeze({ value: 'both' as const, label: 'Shipping & Billing' }),
    Object.freeze({ value: 'shipping' as const, label: 'Shipping' }),
    Object.freeze({ value: 'billing' as const, label: 'Billing' }),
  ]);

/**
 * Whether a value is one of the address types.
 *
 * @param value - The value to check.
 * @returns `true` for `'shipping'`, `'billing'` or `'both'`.
 */
export function isAddressType(value: unknown): value is AddressType {
  return value === 'shipping' || value === 'billing' || value === 'both';
}

/**
 * The badge label of an address type.
 *
 * @param type - The address type.
 * @returns `"Shipping & Billing"`, `"Shipping"` or `"Billing"`.
 */
export function addressTypeLabel(type: AddressType): string {
  return ADDRESS_TYPES.find((t) => t.value === type)?.label ?? type;
}

/** The country stored when the form leaves it empty. */
export const DEFAULT_COUNTRY = 'India';

/** The title of an address card that has no nickname. */
export const DEFAULT_ADDRESS_TITLE = 'Address';

/** Validation messages of the address form, word for word from the spec. */
export const ADDRESS_MESSAGES = Object.freeze({
  fullName: 'Full name must be at least 2 characters',
  phone: 'Phone number must be at least 10 digits',
  addressLine1: 'Address line 1 is required',
  city: 'City is required',
  state: 'State is required',
  postalCode: 'Postal code must be exactly 6 digits',
  // The spec gives no text for this rule; the form's select normally prevents it.
  addressType: 'Please choose shipping, billing or both',
});

/**
 * The address form, with camelCase field names (the database columns are
 * snake_case: `full_name`, `address_line_1`, `postal_code`, `address_type`, ...).
 * Every field may be missing so raw form state can be validated as is.
 */
export interface AddressInput {
  /** Optional name of the address, e.g. "Home" (`nickname`). */
  readonly nickname?: string | null;
  /** Recipient name (`full_name`), at least 2 characters. */
  readonly fullName?: string | null;
  /** Contact phone (`phone`), an Indian mobile number (see {@link indianMobileDigits}). */
  readonly phone?: string | null;
  /** First address line (`address_line_1`), at least 5 characters. */
  readonly addressLine1?: string | null;
  /** Optional second address line (`address_line_2`). */
  readonly addressLine2?: string | null;
  /** City (`city`), at least 2 characters. */
  readonly city?: string | null;
  /** State or union territory (`state`), one of {@link INDIAN_STATES}. */
  readonly state?: string | null;
  /** Postal code (`postal_code`), exactly 6 digits. */
  readonly postalCode?: string | null;
  /** Country (`country`), defaults to India. */
  readonly country?: string | null;
  /** What the address is used for (`address_type`). */
  readonly addressType?: string | null;
}

/** The camelCase field names of the address form. */
export type AddressField = keyof AddressInput;

/** An address after {@link normalizeAddress}: trimmed, with defaults applied. */
export interface NormalizedAddress {
  /** Trimmed nickname, or `null` when empty. */
  readonly nickname: string | null;
  /** Trimmed recipient name. */
  readonly fullName: string;
  /** The phone's ten digits when it is an Indian mobile number, else the trimmed text. */
  readonly phone: string;
  /** Trimmed first line. */
  readonly addressLine1: string;
  /** Trimmed second line, or `null` when empty. */
  readonly addressLine2: string | null;
  /** Trimmed city. */
  readonly city: string;
  /** Trimmed state. */
  readonly state: string;
  /** Trimmed postal code. */
  readonly postalCode: string;
  /** Trimmed country, `'India'` when empty. */
  readonly country: string;
  /** Trimmed address type (validate it with {@link validateAddress}). */
  readonly addressType: string;
}

/**
 * An Indian mobile number as the shop keeps it: the ten digits (the first 6 to 9), read
 * from what a person types or pastes. Spaces and dashes are dropped and a `+91`, `91` or
 * `0` prefix is allowed; anything else (a letter, a dot, a digit too many) makes it no
 * number. The address form and the services (addresses, sign-in codes) all read phones
 * with this, so what the form accepts the server accepts.
 *
 * @param raw - The phone as typed, e.g. `"+91 98300-12345"`.
 * @returns E.g. `"9830012345"`, or `null` when it is not an Indian mobile number.
 */
export function indianMobileDigits(raw: string | null | undefined): string | null {
  const compact = trimmedText(raw).replace(/[\s-]/g, '');
  return /^(?:\+?91|0)?([6-9]\d{9})$/.exec(compact)?.[1] ?? null;
}

/**
 * Cleans an address before validating and storing it: trims every text,
 * turns empty optional fields into `null` (so an update clears them) and
 * defaults the country to India.
 *
 * @param input - The address form values.
 * @returns The normalised address; run {@link validateAddress} on it before saving.
 */
export function normalizeAddress(input: AddressInput): NormalizedAddress {
  const optional = (value: unknown): string | null => trimmedText(value) || null;
  return {
    nickname: optional(input.nickname),
    fullName: trimmedText(input.fullName),
    phone: indianMobileDigits(input.phone) ?? trimmedText(input.phone),
    addressLine1: trimmedText(input.addressLine1),
    addressLine2: optional(input.addressLine2),
    city: trimmedText(input.city),
    state: trimmedText(input.state),
    postalCode: trimmedText(input.postalCode),
    country: trimmedText(input.country) || DEFAULT_COUNTRY,
    addressType: trimmedText(input.addressType),
  };
}

/**
 * Checks an address against the rules of spec §5. Lengths are counted on the
 * trimmed text so that blanks cannot satisfy a minimum. Nickname, second line
 * and country are free.
 *
 * @param input - The address form values (raw or normalised).
 * @returns One error per invalid field, in form order; empty when valid.
 */
export function validateAddress(input: AddressInput): FieldError<AddressField>[] {
  const errors: FieldError<AddressField>[] = [];
  const atLeast = (field: AddressField, min: number): void => {
    if (textLength(trimmedText(input[field])) < min) {
      errors.push({ field, message: ADDRESS_MESSAGES[field as keyof typeof ADDRESS_MESSAGES] });
    }
  };
  atLeast('fullName', 2);
  if (indianMobileDigits(input.phone) === null) errors.push({ field: 'phone', message: ADDRESS_MESSAGES.phone });
  atLeast('addressLine1', 5);
  atLeast('city', 2);
  const state = trimmedText(input.state);
  if (textLength(state) < 2 || !isIndianState(state)) {
    errors.push({ field: 'state', message: ADDRESS_MESSAGES.state });
  }
  if (!POSTAL_CODE_PATTERN.test(trimmedText(input.postalCode))) {
    errors.push({ field: 'postalCode', message: ADDRESS_MESSAGES.postalCode });
  }
  if (!isAddressType(trimmedText(input.addressType))) {
    errors.push({ field: 'addressType', message: ADDRESS_MESSAGES.addressType });
  }
  return errors;
}

/**
 * What the postal code input keeps of what is typed or pasted: digits only,
 * at most six.
 *
 * @param raw - The raw input text.
 * @returns E.g. `"700 001"` → `"700001"`, `"7000011"` → `"700001"`.
 */
export function sanitizePostalCodeInput(raw: string): string {
  return raw.replace(/[^0-9]/g, '').slice(0, 6);
}

/**
 * The title of an address card.
 *
 * @param nickname - The address nickname, if any.
 * @returns The trimmed nickname, or `"Address"`.
 */
export function addressTitle(nickname: string | null | undefined): string {
  return trimmedText(nickname) || DEFAULT_ADDRESS_TITLE;
}

/** The parts of an address that decide which default buttons its card shows. */
export interface AddressDefaultsState {
  /** What the address is used for. */
  readonly addressType: AddressType;
  /** Whether it is the default shipping address. */
  readonly isDefaultShipping: boolean;
  /** Whether it is the default billing address. */
  readonly isDefaultBilling: boolean;
}

/** Whether an address may be shipped to: its type is shipping or both. */
export function canShipTo(address: { readonly addressType: AddressType }): boolean {
  return address.addressType === 'shipping' || address.addressType === 'both';
}

/** Whether an address may be billed to: its type is billing or both. */
export function canBillTo(address: { readonly addressType: AddressType }): boolean {
  return address.addressType === 'billing' || address.addressType === 'both';
}

/**
 * Whether the card offers 'Set as Default Shipping': the address can ship and
 * is not already the default.
 *
 * @param address - The address type and default flags.
 * @returns `true` to show the button.
 */
export function canSetDefaultShipping(address: AddressDefaultsState): boolean {
  return !address.isDefaultShipping && canShipTo(address);
}

/**
 * Whether the card offers 'Set as Default Billing': the address can bill and
 * is not already the default.
 *
 * @param address - The address type and default flags.
 * @returns `true` to show the button.
 */
export function canSetDefaultBilling(address: AddressDefaultsState): boolean {
  return !address.isDefaultBilling && canBillTo(address);
}
