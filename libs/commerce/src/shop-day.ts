import { madeOnFirstUse, SHOP_TIME_ZONE } from './format.js';

/**
 * The shop's calendar days. The shop works in India's time (Asia/Kolkata, UTC+05:30 all
 * year: India keeps no daylight saving), so "today" and a day's orders are India days
 * wherever the server or the browser runs.
 */

/** India's offset from UTC, in minutes. */
const SHOP_UTC_OFFSET_MINUTES = 330;
const DAY_MS = 86_400_000;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * Whether `value` is a calendar day written `YYYY-MM-DD` that exists (`2026-02-30` does not).
 *
 * @param value - The text to check.
 */
export function isCalendarDay(value: string): boolean {
  const m = DAY.exec(value);
  if (!m) return false;
  const [, y, mo, d] = m.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

const dayFormat = madeOnFirstUse(() => new Intl.DateTimeFormat('en-CA', { timeZone: SHOP_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }));

/**
 * The shop's day (India time) an instant falls on.
 *
 * @param at - The instant; now by default.
 * @returns `YYYY-MM-DD`, e.g. 2026-11-22T18:30Z → `2026-11-23`.
 */
export function shopDay(at: Date = new Date()): string {
  return dayFormat().format(at);
}

/**
 * The instants of one shop day: from its first instant (India midnight) up to, not
 * including, the next day's.
 *
 * @param day - A calendar day, `YYYY-MM-DD`.
 * @returns E.g. `2026-11-23` → 2026-11-22T18:30Z up to 2026-11-23T18:30Z.
 * @throws RangeError when `day` is not a calendar day.
 */
export function shopDayWindow(day: string): { readonly start: Date; readonly end: Date } {
  if (!isCalendarDay(day)) throw new RangeError(`Not a calendar day: ${day}`);
  const start = Date.parse(`${day}T00:00:00Z`) - SHOP_UTC_OFFSET_MINUTES * 60_000;
  return { start: new Date(start), end: new Date(start + DAY_MS) };
}

/**
 * The calendar day `count` days after `day` (before it when negative).
 *
 * @param day - A calendar day, `YYYY-MM-DD`.
 * @param count - Whole days to move.
 * @returns E.g. `2026-11-30`, 1 → `2026-12-01`.
 * @throws RangeError when `day` is not a calendar day.
 */
export function addShopDays(day: string, count: number): string {
  if (!isCalendarDay(day)) throw new RangeError(`Not a calendar day: ${day}`);
  return new Date(Date.parse(`${day}T00:00:00Z`) + count * DAY_MS).toISOString().slice(0, 10);
}

/**
 * The `count` shop days that end with `last`, oldest first: the days a period of the sales
 * over time counts (the last 30 days are the 29 days before today and today).
 *
 * @param last - The period's last day, `YYYY-MM-DD`.
 * @param count - How many days (at least 1).
 * @returns The days, e.g. `2026-11-23`, 3 → `2026-11-21`, `2026-11-22`, `2026-11-23`.
 * @throws RangeError when `last` is not a calendar day.
 */
export function shopDaysEnding(last: string, count: number): string[] {
  return Array.from({ length: count }, (_, i) => addShopDays(last, i - count + 1));
}
