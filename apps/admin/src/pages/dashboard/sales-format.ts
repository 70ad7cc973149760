/**
 * How the sales over time writes its days and amounts: India's days (`YYYY-MM-DD` as the
 * server counts them) and rupees, as elsewhere in the console; compact amounts on the axis.
 */

// The days are calendar days already (India's); formatting them at UTC midnight keeps them the same day everywhere.
const shortDay = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const longDay = new Intl.DateTimeFormat('en-IN', { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
const compactRupees = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', notation: 'compact', maximumFractionDigits: 1 });

const atUtcMidnight = (day: string) => new Date(`${day}T00:00:00Z`);

/** `2026-11-23` → `23 Nov` (the chart's axis). */
export const formatDayShort = (day: string): string => shortDay.format(atUtcMidnight(day));

/** `2026-11-23` → `Mon, 23 Nov, 2026` (the table and the tooltip). */
export const formatDayLong = (day: string): string => longDay.format(atUtcMidnight(day));

/** Paise on the axis: `₹12K`, `₹1.2L`, `₹9.9Cr`. */
export const formatAxisRupees = (paise: number): string => compactRupees.format(paise / 100);

/** A count as India writes it: 1,00,000. */
export const formatCount = (n: number): string => n.toLocaleString('en-IN');

/**
 * The change from the period before, in words: `+12% on the 30 days before`, `no change`,
 * or `none the 30 days before` when there is nothing to compare with.
 *
 * @param now - The period's figure.
 * @param before - The period before's.
 * @param days - The period's length.
 */
export function changeText(now: number, before: number, days: number): string {
  if (before === 0) return now === 0 ? `none the ${days} days before either` : `none the ${days} days before`;
  const percent = Math.round(((now - before) / before) * 100);
  return percent === 0 ? `no change on the ${days} days before` : `${percent > 0 ? '+' : '−'}${Math.abs(percent)}% on the ${days} days before`;
}

