import { type BadgeColor, dateFormatter, orderStatusDisplay, orderStatusOf, SHOP_TIME_ZONE } from '@jalaj/commerce';

/** How a fulfilment step reads: one rule with the accountant's export (libs/commerce). */
export { fulfilmentLabel } from '@jalaj/commerce';
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

/**
 * A date with its time of day on the admin screens (the order cards, the drawer, the
 * fulfilment history; issue #42): en-IN short (spec §9), India time, e.g. `23/11/26, 1:30 am`;
 * '' when it is unreadable.
 */
export function adminDateTime(value: string | null | undefined): string {
  if (!value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return dateFormatter('en-IN', { dateStyle: 'short', timeStyle: 'short', timeZone: SHOP_TIME_ZONE }).format(date).replace(/\u202f|\u00a0/g, ' ');
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
