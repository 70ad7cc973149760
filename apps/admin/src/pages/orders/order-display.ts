import { type BadgeColor, dateFormatter, FULFILMENT_LABELS, formatAdminDate, orderStatusDisplay, orderStatusOf, SHOP_TIME_ZONE, type FulfilmentStep } from '@jalaj/commerce';
import type { AddressSnapshot } from '@jalaj/contracts';

/** antd's preset tag colours for the shop's badge colours; grey is antd's neutral default. */
export const TAG_COLORS: Readonly<Record<BadgeColor, string | undefined>> = Object.freeze({
  green: 'green',
  yellow: 'gold',
  red: 'red',
  blue: 'blue',
  grey: undefined,
});

/** The Orders tab's status badge of a payment state (spec §4 Order status, list context). */
export function statusBadge(state: string | null | undefined): { label: string; color: string | undefined } {
  const display = orderStatusDisplay(orderStatusOf(state), 'list');
  return { label: display.label, color: TAG_COLORS[display.color] };
}

/** An order's date on the admin screens (spec §9: en-IN short), or '' when it is unreadable. */
export function adminDate(value: string | null | undefined): string {
  if (!value) return '';
  try {
    return formatAdminDate(value);
  } catch {
    return '';
  }
}

/** A date with its time on the admin screens (fulfilment history), en-IN, India time. */
export function adminDateTime(value: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return dateFormatter('en-IN', { dateStyle: 'short', timeStyle: 'short', timeZone: SHOP_TIME_ZONE }).format(date).replace(/\u202f|\u00a0/g, ' ');
}

// Payment words PhonePe writes that stay in capitals.
const ACRONYMS = new Set(['UPI', 'QR', 'EMI', 'NEFT', 'IMPS', 'PPI']);

/** The spec's 'Not specified' when the payment method is unknown. */
export const PAYMENT_NOT_SPECIFIED = 'Not specified';

/**
 * How a payment method reads on the card: PhonePe's mode in words (`UPI_INTENT` → 'UPI Intent'),
 * or 'Not specified'.
 */
export function paymentMethodLabel(mode: string | null | undefined): string {
  const words = mode?.trim();
  if (!words) return PAYMENT_NOT_SPECIFIED;
  return words
    .split(/[_\s]+/)
    .map((w) => (ACRONYMS.has(w.toUpperCase()) ? w.toUpperCase() : w.charAt(0).toUpperCase() + w.slice(1).toLowerCase()))
    .join(' ');
}

/** How a fulfilment step, or the fulfilment filter's `none` and `to-ship`, reads. */
export function fulfilmentLabel(step: FulfilmentStep | 'none' | 'to-ship' | null): string {
  if (step === 'to-ship') return 'Waiting to ship';
  return step === null || step === 'none' ? 'Not started' : FULFILMENT_LABELS[step];
}

/** The lines of an address snapshot as printed (name, street lines, city and PIN, state, phone). */
export function addressLines(address: AddressSnapshot): string[] {
  return [
    address.fullName,
    address.addressLine1,
    address.addressLine2 ?? '',
    `${address.city} ${address.postalCode}`,
    `${address.state}, ${address.country}`,
    address.phone ? `Phone: ${address.phone}` : '',
  ].filter((line) => line.trim() !== '');
}
