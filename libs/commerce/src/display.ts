import { trimmedText } from './validation.js';

/** The badge colours the screens use. */
export type BadgeColor = 'green' | 'yellow' | 'red' | 'blue' | 'grey';

/** How an order status is shown. */
export interface StatusDisplay {
  /** The badge text. */
  readonly label: string;
  /** The badge colour. */
  readonly color: BadgeColor;
}

/** Where a status is shown: order lists, or an order's details and invoice. */
export type StatusContext = 'list' | 'detail';

const STATUS_COLORS: Readonly<Record<string, BadgeColor>> = Object.freeze({
  completed: 'green',
  pending: 'yellow',
  failed: 'red',
});

/**
 * The badge of an order status: completed green, pending yellow, failed red,
 * anything else grey. A missing status reads 'Unknown' in lists but
 * 'Completed' in details and invoices (spec §4, Order status); the two
 * screens deliberately differ, so the caller must say which one it renders.
 *
 * @param status - The stored status (compared case-insensitively).
 * @param context - `'list'` or `'detail'` (details and invoices).
 * @returns The label (status capitalised) and colour.
 */
export function orderStatusDisplay(status: string | null | undefined, context: StatusContext): StatusDisplay {
  const value = trimmedText(status).toLowerCase();
  if (value === '') {
    return context === 'list' ? { label: 'Unknown', color: 'grey' } : { label: 'Completed', color: 'green' };
  }
  return { label: value.charAt(0).toUpperCase() + value.slice(1), color: STATUS_COLORS[value] ?? 'grey' };
}

/** A profile role. */
export type Role = 'admin' | 'user';

/**
 * The colour of a role badge in the Users tab: admin red, user blue, other grey.
 *
 * @param role - The stored role.
 * @returns The badge colour.
 */
export function roleBadgeColor(role: string | null | undefined): BadgeColor {
  if (role === 'admin') return 'red';
  if (role === 'user') return 'blue';
  return 'grey';
}

/**
 * The Account Type shown on the profile page.
 *
 * @param role - The stored role.
 * @returns `"Administrator"` for admins, otherwise `"User"`.
 */
export function accountTypeLabel(role: string | null | undefined): string {
  return role === 'admin' ? 'Administrator' : 'User';
}

/**
 * Whether a profile role grants admin access; anything but exactly `admin` does not.
 *
 * @param role - The stored role.
 * @returns `true` only for `'admin'`.
 */
export function isAdminRole(role: unknown): boolean {
  return role === 'admin';
}

/**
 * The letter in a user's avatar: first letter of the name, else of the
 * e-mail, else "U"; upper-cased.
 *
 * @param user - The user's full name and e-mail, either possibly missing.
 * @returns One upper-case character.
 */
export function avatarInitial(user: { readonly fullName?: string | null; readonly email?: string | null }): string {
  const source = trimmedText(user.fullName) || trimmedText(user.email) || 'U';
  // First code point, so that a name starting outside the BMP is not split in half.
  return Array.from(source)[0]!.toUpperCase();
}

/**
 * The name shown on a user card.
 *
 * @param fullName - The stored full name.
 * @returns The trimmed name, or `"No Name"`.
 */
export function userDisplayName(fullName: string | null | undefined): string {
  return trimmedText(fullName) || 'No Name';
}

/**
 * The customer shown on an admin order card.
 *
 * @param fullName - The customer's full name, if the profile was found.
 * @returns The trimmed name, or `"Unknown User"`.
 */
export function orderCustomerName(fullName: string | null | undefined): string {
  return trimmedText(fullName) || 'Unknown User';
}

/**
 * The product name of an order line.
 *
 * @param name - The product's name, if the product still exists.
 * @returns The name, or `"Unknown Product"`.
 */
export function orderProductName(name: string | null | undefined): string {
  return trimmedText(name) || 'Unknown Product';
}

// Payment words PhonePe writes that stay in capitals.
const PAYMENT_ACRONYMS: ReadonlySet<string> = new Set(['UPI', 'QR', 'EMI', 'NEFT', 'IMPS', 'PPI']);

/**
 * PhonePe's payment mode in words: `UPI_INTENT` → 'UPI Intent', `NET_BANKING` → 'Net Banking'.
 *
 * @param mode - The mode as PhonePe reported it.
 * @returns The words, or null when PhonePe did not say.
 */
export function paymentModeWords(mode: string | null | undefined): string | null {
  const words = trimmedText(mode)
    .split(/[_\s]+/)
    .filter((word) => word !== '')
    .map((word) => (PAYMENT_ACRONYMS.has(word.toUpperCase()) ? word.toUpperCase() : word.charAt(0).toUpperCase() + word.slice(1).toLowerCase()));
  return words.length === 0 ? null : words.join(' ');
}

/** The spec's 'Not specified' when the payment method is unknown (admin screens). */
export const PAYMENT_NOT_SPECIFIED = 'Not specified';

/**
 * The payment method on the admin screens and in the accountant's export.
 *
 * @param mode - PhonePe's payment mode.
 * @returns The mode in words ({@link paymentModeWords}), or `"Not specified"`.
 */
export function paymentMethodLabel(mode: string | null | undefined): string {
  return paymentModeWords(mode) ?? PAYMENT_NOT_SPECIFIED;
}

/** The payment method when PhonePe did not say how it was paid (spec §9: the provider's name). */
export const DEFAULT_PAYMENT_METHOD = 'PhonePe';

/**
 * How an order was paid, as the shopper's screens and the bill say it: PhonePe and, when
 * PhonePe told, the way (`UPI_INTENT` → `PhonePe (UPI Intent)`).
 *
 * @param mode - PhonePe's payment mode, null when unknown.
 */
export function paymentMethodText(mode: string | null | undefined): string {
  const words = paymentModeWords(mode);
  return words === null ? DEFAULT_PAYMENT_METHOD : `${DEFAULT_PAYMENT_METHOD} (${words})`;
}
