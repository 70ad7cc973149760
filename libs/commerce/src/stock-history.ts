/**
 * A plant's stock history (issue #42): why each change of its stock happened, in the words
 * the admin's product dialog shows. Catalog records every change with one of these causes
 * (ADR 080); the admin only shows them.
 */
import { dateFormatter, SHOP_TIME_ZONE } from './format.js';

/**
 * The causes catalog records (`STOCK_CHANGE_CAUSES` of the contracts, which say what each
 * means). Named again here, as this library does not import the contracts: the admin hands
 * the contract's rows to these functions, so a cause added there without words here fails
 * the admin's type check.
 */
export type StockChangeCause = 'opening' | 'created' | 'edit' | 'adjustment' | 'sale' | 'release' | 'expiry';

/** The causes an admin makes: the history names the admin. */
export const ADMIN_STOCK_CAUSES: readonly StockChangeCause[] = ['created', 'edit', 'adjustment'];

/** The facts of one change that its words need. */
export interface StockChangeFacts {
  readonly cause: StockChangeCause;
  /** The order whose checkout took or gave back the plants (sale, release, expiry). */
  readonly orderNumber: string | null;
  /** An adjustment's reason. */
  readonly note: string | null;
  /** The admin's name (created, edit, adjustment), as identity knows them now; null when the account is gone. */
  readonly actorName: string | null;
}

/** Words of the stock history in the product dialog. */
export const STOCK_HISTORY_MESSAGES = Object.freeze({
  title: 'Stock history',
  empty: 'No stock changes recorded yet',
  loadFailed: 'Could not load the stock history.',
  retry: 'Try again',
  when: 'When',
  cause: 'What changed it',
  by: 'By',
  change: 'Change',
  after: 'Stock after',
  adjustTitle: 'Adjust stock',
  adjustChange: 'Change (+ or −)',
  adjustReason: 'Reason',
  adjustReasonPlaceholder: 'e.g. New batch received, plants lost in transit',
  adjustSubmit: 'Adjust',
  adjustChangeRequired: 'Enter how many plants were added (+) or removed (−)',
  adjustReasonRequired: 'Say why the stock changed',
  adjustedTitle: 'Stock adjusted',
  adjusted: (stockQuantity: number) => `Stock is now ${stockQuantity}.`,
  formerAdmin: 'A former admin',
  checkout: 'Checkout',
  automatic: 'Automatic',
});

const ofOrder = (orderNumber: string | null) => (orderNumber ? ` ${orderNumber}` : '');

/** What changed the stock, in words: 'Sale, order 1A2B3C4D', 'Adjusted: plants lost in transit'. */
export function stockChangeCauseText(c: Pick<StockChangeFacts, 'cause' | 'orderNumber' | 'note'>): string {
  switch (c.cause) {
    case 'opening':
      return 'Stock when its history began';
    case 'created':
      return 'Added with the product';
    case 'edit':
      return 'Product form saved';
    case 'adjustment':
      return c.note ? `Adjusted: ${c.note}` : 'Adjusted';
    case 'sale':
      return `Sale, order${ofOrder(c.orderNumber)}`;
    case 'release':
      return `Order${ofOrder(c.orderNumber)} not paid: its hold was given back`;
    case 'expiry':
      return `Order${ofOrder(c.orderNumber)} not paid in time: its hold expired`;
  }
}

/** Who made the change: the admin by name, the checkout, or the shop itself (an expired hold, the opening stock). */
export function stockChangeByText(c: Pick<StockChangeFacts, 'cause' | 'actorName'>): string {
  if (ADMIN_STOCK_CAUSES.includes(c.cause)) return c.actorName ?? STOCK_HISTORY_MESSAGES.formerAdmin;
  if (c.cause === 'sale' || c.cause === 'release') return STOCK_HISTORY_MESSAGES.checkout;
  return STOCK_HISTORY_MESSAGES.automatic;
}

/** A change with its sign: '+5', '−2' (a minus sign, not a hyphen). */
export function signedChangeText(change: number): string {
  return change > 0 ? `+${change}` : `\u2212${Math.abs(change)}`;
}

/** When a change was made, in the shop's time zone, date and time of day: '22/11/26, 3:04 pm'. */
export function stockChangeWhenText(at: string | Date, timeZone: string = SHOP_TIME_ZONE): string {
  return dateFormatter('en-IN', { dateStyle: 'short', timeStyle: 'short', timeZone })
    .format(new Date(at))
    .replace(/[\u00a0\u202f\u2009]/g, ' ');
}
