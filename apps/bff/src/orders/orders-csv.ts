import { paiseToDecimalString, SHOP_TIME_ZONE } from '@jalaj/commerce';
import type { OrderExportRow } from '@jalaj/contracts';

/** The columns of the accountant's export, in order, with their headings. */
const COLUMNS: readonly (readonly [string, (r: OrderExportRow) => string | number | null])[] = [
  ['Bill number', (r) => r.billNumber],
  ['Order number', (r) => r.orderNumber],
  ['Transaction ID', (r) => r.merchantOrderId],
  ['Ordered (IST)', (r) => istDateTime(r.createdAt)],
  ['Paid (IST)', (r) => (r.paidAt ? istDateTime(r.paidAt) : null)],
  ['Status', (r) => r.state],
  ['Fulfilment', (r) => r.fulfilmentStatus],
  ['Customer', (r) => r.customerName],
  ['Email', (r) => r.customerEmail],
  ['Place of supply', (r) => r.placeOfSupply],
  ['HSN', (r) => r.hsn],
  ['Product', (r) => r.productName],
  ['Quantity', (r) => r.quantity],
  ['Unit price (INR)', (r) => paiseToDecimalString(r.unitPricePaise)],
  ['Discount %', (r) => r.discountPercent],
  ['Line total (INR)', (r) => paiseToDecimalString(r.lineTotalPaise)],
  ['Shipping (INR)', (r) => paiseToDecimalString(r.shippingPaise)],
  ['Order total (INR)', (r) => paiseToDecimalString(r.orderTotalPaise)],
  ['Refunded (INR)', (r) => (r.refundPaise === null ? null : paiseToDecimalString(r.refundPaise))],
  ['Payment mode', (r) => r.paymentMode],
  ['PhonePe transaction', (r) => r.transactionId],
];

const istFormat = new Intl.DateTimeFormat('en-CA', { timeZone: SHOP_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/** `2026-11-22 15:45` in India time: sortable, and read as a date by spreadsheets. */
function istDateTime(iso: string): string {
  return istFormat.format(new Date(iso)).replace(', ', ' ');
}

/**
 * One CSV cell (RFC 4180): quoted when it holds a comma, quote or line break. Text that a
 * spreadsheet would run as a formula (`=`, `+`, `-`, `@`, tab, CR first) is prefixed with
 * `'`: a customer's name must never execute in the accountant's spreadsheet.
 */
export function csvCell(value: string | number | null): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** The header line (with a byte-order mark, so spreadsheets read the file as UTF-8). */
export const CSV_HEADER = `\uFEFF${COLUMNS.map(([name]) => csvCell(name)).join(',')}\r\n`;

/** One order line as a CSV line. */
export function csvRow(row: OrderExportRow): string {
  return `${COLUMNS.map(([, get]) => csvCell(get(row))).join(',')}\r\n`;
}

/** `jalaj-orders-2026-11-22.csv` (India date). */
export function csvFileName(now: Date): string {
  return `jalaj-orders-${istDateTime(now.toISOString()).slice(0, 10)}.csv`;
}
