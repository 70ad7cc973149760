import type { IndianState } from './address.js';
import { madeOnFirstUse, SHOP_TIME_ZONE } from './format.js';

/**
 * GST bills of supply for live plants (issue #11, docs/adr/019-orders-bills-and-fulfilment.md):
 * plants are exempt (HSN 0602), so the shop issues a bill of supply instead of a tax
 * invoice, numbered by a consecutive serial per Indian financial year.
 */

/** The HSN heading of live plants (exempt from GST). */
export const LIVE_PLANTS_HSN = '0602';

/** The statement printed on every bill of supply. */
export const BILL_EXEMPT_NOTE = 'Supply of live plants (HSN 0602) is exempt from GST. No tax is charged on this bill of supply.';

/** The most characters GST rules allow in a bill's serial number. */
export const BILL_NUMBER_MAX_LENGTH = 16;

/** How many digits the serial within a financial year has (zero-padded), with a prefix of up to 3 characters. */
export const BILL_SERIAL_DIGITS = 6;

/**
 * The serial's width for a prefix: 6 digits, or 5 with a 4-character prefix, so that
 * `<prefix>/<yy-yy>/<serial>` never passes the 16 characters GST allows.
 */
export function billSerialDigits(prefix: string): number {
  return Math.min(BILL_SERIAL_DIGITS, BILL_NUMBER_MAX_LENGTH - '/yy-yy/'.length - prefix.length);
}

/** A bill-number prefix: 1 to 4 letters or digits (`JLJ`). */
export const BILL_PREFIX_PATTERN = /^[A-Za-z0-9]{1,4}$/;

/** What GST allows in a serial: letters, digits, `-` and `/`, at most 16 characters. */
export const BILL_NUMBER_PATTERN = /^[A-Za-z0-9/-]{1,16}$/;

/** A GSTIN: 2-digit state code, PAN (5 letters, 4 digits, 1 letter), entity number, `Z`, check character. */
export const GSTIN_PATTERN = /^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

/** GST state codes of the 28 states and 8 union territories (the GST portal's list), by the address form's names. */
export const GST_STATE_CODES: Readonly<Record<IndianState, string>> = Object.freeze({
  'Jammu and Kashmir': '01',
  'Himachal Pradesh': '02',
  Punjab: '03',
  Chandigarh: '04',
  Uttarakhand: '05',
  Haryana: '06',
  Delhi: '07',
  Rajasthan: '08',
  'Uttar Pradesh': '09',
  Bihar: '10',
  Sikkim: '11',
  'Arunachal Pradesh': '12',
  Nagaland: '13',
  Manipur: '14',
  Mizoram: '15',
  Tripura: '16',
  Meghalaya: '17',
  Assam: '18',
  'West Bengal': '19',
  Jharkhand: '20',
  Odisha: '21',
  Chhattisgarh: '22',
  'Madhya Pradesh': '23',
  Gujarat: '24',
  'Dadra and Nagar Haveli and Daman and Diu': '26',
  Maharashtra: '27',
  Karnataka: '29',
  Goa: '30',
  Lakshadweep: '31',
  Kerala: '32',
  'Tamil Nadu': '33',
  Puducherry: '34',
  'Andaman and Nicobar Islands': '35',
  Telangana: '36',
  'Andhra Pradesh': '37',
  Ladakh: '38',
});

const CODE_BY_LOWER_NAME: ReadonlyMap<string, string> = new Map(Object.entries(GST_STATE_CODES).map(([name, code]) => [name.toLowerCase(), code]));

/**
 * The GST state code of a state or union territory.
 *
 * @param state - Its name as the address form writes it (case and surrounding spaces ignored).
 * @returns The two-digit code (`West Bengal` → `19`), or null for a name not in the list.
 */
export function gstStateCode(state: string): string | null {
  return CODE_BY_LOWER_NAME.get(state.trim().toLowerCase()) ?? null;
}

/** GST's code for "Other Territory": a place of supply whose state is not one of the 36. */
export const OTHER_TERRITORY_CODE = '97';

/**
 * The place of supply under GST of a delivery: the state it ships to and its code.
 *
 * @param state - The shipping address's state.
 * @returns E.g. `{ state: 'West Bengal', code: '19' }`; code '97' for a name not in the list
 *   (addresses are validated against the same names, so only an old snapshot could be).
 */
export function placeOfSupply(state: string): { state: string; code: string } {
  return { state, code: gstStateCode(state) ?? OTHER_TERRITORY_CODE };
}

/** The place of supply as bills and the accountant's export write it: `West Bengal (19)`. */
export function placeOfSupplyText(place: { readonly state: string; readonly code: string }): string {
  return `${place.state} (${place.code})`;
}

const yearMonthFormat = madeOnFirstUse(() => new Intl.DateTimeFormat('en-CA', { timeZone: SHOP_TIME_ZONE, year: 'numeric', month: '2-digit' }));

/**
 * The Indian financial year (April to March) a moment falls in, by India time.
 *
 * @param at - The moment (e.g. when the order was paid).
 * @returns `26-27` for 1 April 2026 00:00 IST up to 31 March 2027 23:59 IST.
 */
export function financialYear(at: Date): string {
  const parts = yearMonthFormat().formatToParts(at);
  const year = Number(parts.find((p) => p.type === 'year')!.value);
  const month = Number(parts.find((p) => p.type === 'month')!.value);
  const start = month >= 4 ? year : year - 1;
  const yy = (n: number) => String(n % 100).padStart(2, '0');
  return `${yy(start)}-${yy(start + 1)}`;
}

/**
 * Whether a bill-number prefix is usable: 1 to 4 letters or digits, so that
 * `<prefix>/<yy-yy>/<6 digits>` stays within 16 characters.
 */
export function isBillPrefix(prefix: string): boolean {
  return BILL_PREFIX_PATTERN.test(prefix);
}

/**
 * What every bill number of a prefix and financial year shares: its fixed head and how many
 * digits its serial is padded to (`JLJ/26-27/` and 6). The order service's SQL makes the
 * number from these as it issues the serial; {@link formatBillNumber} is the same rule.
 *
 * @throws When the prefix or year cannot make a valid number.
 */
export function billNumberPattern(prefix: string, year: string): { head: string; digits: number } {
  if (!isBillPrefix(prefix)) throw new Error(`Bill prefix must be 1 to 4 letters or digits: ${prefix}`);
  if (!/^\d{2}-\d{2}$/.test(year)) throw new Error(`Financial year must read like 26-27: ${year}`);
  return { head: `${prefix}/${year}/`, digits: billSerialDigits(prefix) };
}

/**
 * A bill of supply's number.
 *
 * @param prefix - The shop's prefix ({@link isBillPrefix}).
 * @param year - The financial year ({@link financialYear}).
 * @param serial - The serial within that year, from 1.
 * @returns E.g. `JLJ/26-27/000123` (a 4-character prefix gets 5 digits: `JLJ1/26-27/00123`).
 * @throws When the prefix or serial cannot make a valid number (at most 16 characters).
 */
export function formatBillNumber(prefix: string, year: string, serial: number): string {
  const { head, digits } = billNumberPattern(prefix, year);
  if (!Number.isInteger(serial) || serial < 1 || serial >= 10 ** digits) throw new Error(`Bill serial out of range: ${serial}`);
  return `${head}${String(serial).padStart(digits, '0')}`;
}

/** Whether a text is a valid bill-of-supply number under GST (at most 16 letters, digits, `-`, `/`). */
export function isBillNumber(value: string): boolean {
  return BILL_NUMBER_PATTERN.test(value);
}

/** Whether a text has the shape of a GSTIN (15 characters, state code first). */
export function isGstin(value: string): boolean {
  return GSTIN_PATTERN.test(value);
}
