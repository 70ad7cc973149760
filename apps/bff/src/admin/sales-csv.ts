import { paiseToDecimalString } from '@jalaj/commerce';
import type { SalesOverTime } from '@jalaj/contracts';
import { csvNumber, csvText } from '../orders/orders-csv.js';

/** The columns of the sales CSV: a day of the period, then the same day of the period before. */
const HEADINGS = ['Day (IST)', 'Paid orders', 'Revenue (INR)', 'Day a period before (IST)', 'Paid orders a period before', 'Revenue a period before (INR)'];

/**
 * The numbers behind the sales chart (issue #42) as CSV (RFC 4180, CRLF, a byte-order mark so
 * spreadsheets read UTF-8): one row per India day of the period, oldest first, beside the
 * day as many days before. Revenue in rupees with two decimals, paid less refunded. No total
 * row, so a column sums to the period's total.
 */
export function salesCsv(sales: SalesOverTime): string {
  const rows = sales.current.map((day, i) => {
    const before = sales.previous[i]!;
    return [csvText(day.day), csvNumber(day.orders), csvNumber(paiseToDecimalString(day.revenuePaise)), csvText(before.day), csvNumber(before.orders), csvNumber(paiseToDecimalString(before.revenuePaise))];
  });
  return `\uFEFF${[HEADINGS.map(csvText), ...rows].map((cells) => `${cells.join(',')}\r\n`).join('')}`;
}

/** `jalaj-sales-2026-10-25-to-2026-11-23.csv`: the period's India days. */
export function salesCsvFileName(sales: Pick<SalesOverTime, 'from' | 'to'>): string {
  return `jalaj-sales-${sales.from}-to-${sales.to}.csv`;
}
