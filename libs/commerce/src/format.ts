import { assertPaise } from './guards.js';
import { paiseToDecimalString } from './money.js';

/** The rupee sign. */
export const RUPEE_SIGN = '₹';

/** The time zone the shop works in; dates default to it so that server and browser agree. */
export const SHOP_TIME_ZONE = 'Asia/Kolkata';

/**
 * Groups the digits of a non-negative integer the Indian way: the last three
 * together, then pairs (lakh, crore).
 *
 * Done by hand because `Intl` locale data for `en-IN` is not guaranteed in every
 * runtime (small-ICU builds fall back to Western grouping).
 *
 * @param digits - A string of decimal digits without sign, e.g. `"1234567"`.
 * @returns E.g. `"12,34,567"`.
 */
export function groupIndianDigits(digits: string): string {
  if (digits.length <= 3) return digits;
  const lastThree = digits.slice(-3);
  const rest = digits.slice(0, -3);
  const pairs: string[] = [];
  for (let end = rest.length; end > 0; end -= 2) {
    pairs.unshift(rest.slice(Math.max(0, end - 2), end));
  }
  return `${pairs.join(',')},${lastThree}`;
}

/**
 * Formats an amount for display: rupee sign, Indian digit grouping, two decimals.
 *
 * @param paise - An integer amount in paise.
 * @returns E.g. `12345650` → `"₹1,23,456.50"`, `-50` → `"-₹0.50"`.
 * @throws RangeError when `paise` is not a safe integer.
 */
export function formatRupees(paise: number): string {
  assertPaise(paise);
  const [whole, fraction] = paiseToDecimalString(Math.abs(paise)).split('.') as [string, string];
  return `${paise < 0 ? '-' : ''}${RUPEE_SIGN}${groupIndianDigits(whole)}.${fraction}`;
}

/** Options of the date formatters. */
export interface DateFormatOptions {
  /** IANA time zone to show the date in; defaults to {@link SHOP_TIME_ZONE}. */
  readonly timeZone?: string;
}

/** Anything the date helpers accept: a `Date`, an ISO string or epoch milliseconds. */
export type DateInput = Date | string | number;

function toDate(value: DateInput): Date {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) {
    throw new RangeError(`Invalid date: ${String(value)}`);
  }
  return date;
}

// Newer ICU versions put narrow or non-breaking spaces before AM/PM and inside
// dates; plain spaces keep server-rendered and browser-rendered text identical.
function plainSpaces(text: string): string {
  return text.replace(/[\u00a0\u202f\u2009]/g, ' ');
}

/** The formatters made so far, by locale, styles and time zone. */
const dateFormatters = new Map<string, Intl.DateTimeFormat>();

/**
 * The date formatter of a locale, date and time style and time zone, made once: making one
 * costs far more than formatting with it (about a millisecond against microseconds; the
 * identity service made one for every order mail). A time zone that does not exist throws
 * a RangeError, as `Intl.DateTimeFormat` does, and is not kept.
 *
 * @param locale - E.g. `"en-IN"`.
 * @param options - The date and time styles and the time zone.
 */
export function dateFormatter(locale: string, options: { dateStyle?: 'long' | 'short'; timeStyle?: 'short'; timeZone: string }): Intl.DateTimeFormat {
  const key = `${locale} ${options.dateStyle ?? '-'} ${options.timeStyle ?? '-'} ${options.timeZone}`;
  let formatter = dateFormatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, options);
    dateFormatters.set(key, formatter);
  }
  return formatter;
}

/**
 * Formats a date for customers: US long date with time.
 *
 * @param value - The date to show.
 * @param options - `timeZone`, defaulting to Asia/Kolkata.
 * @returns E.g. `"November 22, 2026 at 3:04 PM"`.
 * @throws RangeError on an invalid date or time zone.
 */
export function formatCustomerDate(value: DateInput, options: DateFormatOptions = {}): string {
  return plainSpaces(dateFormatter('en-US', { dateStyle: 'long', timeStyle: 'short', timeZone: options.timeZone ?? SHOP_TIME_ZONE }).format(toDate(value)));
}

/**
 * Formats a date for admin screens: en-IN short date.
 *
 * @param value - The date to show.
 * @param options - `timeZone`, defaulting to Asia/Kolkata.
 * @returns E.g. `"22/11/26"`.
 * @throws RangeError on an invalid date or time zone.
 */
export function formatAdminDate(value: DateInput, options: DateFormatOptions = {}): string {
  return plainSpaces(dateFormatter('en-IN', { dateStyle: 'short', timeZone: options.timeZone ?? SHOP_TIME_ZONE }).format(toDate(value)));
}

/**
 * A value made on its first use and kept: for `Intl` formatters a module would otherwise make
 * as it loads. Making one costs far more than using it, most of all in a phone's browser
 * (`Intl.RelativeTimeFormat` about 17 ms of a slow CPU, each time-zone `DateTimeFormat` a
 * few): made at import, they blocked every page's first moments, used or not (issue #40).
 */
export function madeOnFirstUse<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => (made ??= { value: make() }).value;
}

const relativeFormat = madeOnFirstUse(() => new Intl.RelativeTimeFormat('en', { numeric: 'auto' }));

const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

// Calendar-free approximations: good enough for "how long ago", and they keep
// the helper independent of time zones.
const RELATIVE_UNITS: readonly (readonly [Intl.RelativeTimeFormatUnit, number])[] = [
  ['year', 365 * DAY],
  ['month', 30 * DAY],
  ['week', 7 * DAY],
  ['day', DAY],
  ['hour', HOUR],
  ['minute', MINUTE],
  ['second', SECOND],
];

/**
 * Describes how long ago (or how far ahead) a moment is, in the largest whole
 * unit that fits, truncated so that 47 hours reads "yesterday" rather than "2 days ago".
 *
 * @param value - The moment to describe.
 * @param now - The reference moment; defaults to the current time.
 * @returns E.g. `"3 days ago"`, `"yesterday"`, `"5 minutes ago"`, `"now"`.
 * @throws RangeError on an invalid date.
 */
export function formatRelativeTime(value: DateInput, now: DateInput = new Date()): string {
  const diff = toDate(value).getTime() - toDate(now).getTime();
  for (const [unit, size] of RELATIVE_UNITS) {
    if (Math.abs(diff) >= size) return relativeFormat().format(Math.trunc(diff / size), unit);
  }
  return relativeFormat().format(0, 'second');
}

/**
 * The line under each admin in the Admins tab.
 *
 * @param since - When the user became an admin (their profile's creation time).
 * @param now - The reference moment; defaults to the current time.
 * @returns E.g. `"Admin since 3 days ago"`.
 * @throws RangeError on an invalid date.
 */
export function adminSinceText(since: DateInput, now: DateInput = new Date()): string {
  return `Admin since ${formatRelativeTime(since, now)}`;
}
