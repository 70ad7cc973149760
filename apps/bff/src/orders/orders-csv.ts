import { claimStatusText, fulfilmentLabel, isShippable, orderStatusDisplay, orderStatusOf, paiseToDecimalString, paymentMethodLabel, SHOP_TIME_ZONE } from '@jalaj/commerce';
import type { OrderExportRow } from '@jalaj/contracts';

/** A column of the accountant's export: its heading, and its cell of one order line. */
interface Column {
  readonly heading: string;
  readonly cell: (r: OrderExportRow) => string;
}

/** A column of text: every cell quoted (RFC 4180) and never a formula ({@link csvText}). */
const text = (heading: string, get: (r: OrderExportRow) => string | null): Column => ({ heading, cell: (r) => csvText(get(r)) });

/** A column of numbers the shop computes (quantities, rupees, percentages): left bare, so spreadsheets add them up. */
const number = (heading: string, get: (r: OrderExportRow) => string | number | null): Column => ({ heading, cell: (r) => csvNumber(get(r)) });

/** Rupees with two decimals, or an empty cell for none. */
const rupees = (paise: number | null) => (paise === null ? null : paiseToDecimalString(paise));

/**
 * The heading of an order's amount: it is on the order's first line only (docs/adr/079), so
 * a column sums to the orders' amounts; the heading says so where the accountant reads it.
 */
const perOrder = (what: string) => `${what} (INR, order's first line only)`;

/**
 * The columns of the accountant's export, in order: one row per order line; the order's
 * amounts on its first line. States, steps and payment modes in the words the admin screens
 * use (libs/commerce), not the stored codes.
 */
const COLUMNS: readonly Column[] = [
  text('Bill number', (r) => r.billNumber),
  text('Order number', (r) => r.orderNumber),
  text('Transaction ID', (r) => r.merchantOrderId),
  text('Ordered (IST)', (r) => istDateTime(r.createdAt)),
  text('Paid (IST)', (r) => (r.paidAt ? istDateTime(r.paidAt) : null)),
  text('Status', (r) => orderStatusDisplay(orderStatusOf(r.state), 'list').label),
  // An order that goes nowhere (no sale, no guarantee replacement): no step, rather than "Not started".
  text('Fulfilment', (r) => (r.fulfilmentStatus !== null || isShippable(r.state) ? fulfilmentLabel(r.fulfilmentStatus) : null)),
  text('Customer', (r) => r.customerName),
  text('Email', (r) => r.customerEmail),
  text('Place of supply', (r) => r.placeOfSupply),
  number('Line', (r) => r.lineNumber),
  text('HSN', (r) => r.hsn),
  text('Product', (r) => r.productName),
  number('Quantity', (r) => r.quantity),
  number('Unit price (INR)', (r) => paiseToDecimalString(r.unitPricePaise)),
  number('Discount %', (r) => r.discountPercent),
  number('Discount (INR)', (r) => paiseToDecimalString(r.discountPaise)),
  number('Line total (INR)', (r) => paiseToDecimalString(r.lineTotalPaise)),
  number(perOrder('Shipping'), (r) => rupees(r.shippingPaise)),
  number(perOrder('Rounding'), (r) => rupees(r.roundingPaise)),
  number(perOrder('Order total'), (r) => rupees(r.orderTotalPaise)),
  number(perOrder('Refunded'), (r) => rupees(r.refundPaise)),
  // What the order brought in (paid less refunded, 0 when it is no sale), as today's figures and the user drawer count it.
  number(perOrder('Revenue'), (r) => rupees(r.revenuePaise)),
  text('Payment mode', (r) => paymentMethodLabel(r.paymentMode)),
  text('PhonePe transaction', (r) => r.transactionId),
  // The 30-day guarantee (docs/adr/078): a replacement names the order it replaces; a claimed line says how much claims cover and where the latest stands.
  text('Replacement of order', (r) => r.replacementOf),
  number('Claimed quantity', (r) => r.claimedQuantity),
  text('Claim status', (r) => (r.claimState ? claimStatusText(r.claimState) : null)),
];

const istFormat = new Intl.DateTimeFormat('en-CA', { timeZone: SHOP_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/** `2026-11-22 15:45` in India time: sortable, and read as a date by spreadsheets. */
function istDateTime(iso: string): string {
  return istFormat.format(new Date(iso)).replace(', ', ' ');
}

/**
 * A text cell, always quoted (RFC 4180), so that no separator inside it splits it, whatever
 * the spreadsheet splits on (`x;=1+1` stays one cell where `;` separates). Text that a
 * spreadsheet would run as a formula (`=`, `+`, `-`, `@`, tab, CR first) is also prefixed
 * with `'`: a customer's name must never execute in the accountant's spreadsheet. Empty for
 * null.
 */
export function csvText(value: string | null): string {
  if (value === null) return '';
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replaceAll('"', '""')}"`;
}

/**
 * A number cell, bare: an integer or a decimal the shop wrote itself. Anything else is
 * written as text, so no value can leave a cell unquoted by mistake.
 */
export function csvNumber(value: string | number | null): string {
  if (value === null) return '';
  const written = String(value);
  return /^-?\d+(\.\d+)?$/.test(written) ? written : csvText(written);
}

/** The header line (with a byte-order mark, so spreadsheets read the file as UTF-8). */
export const CSV_HEADER = `\uFEFF${COLUMNS.map((c) => csvText(c.heading)).join(',')}\r\n`;

/** One order line as a CSV line. */
export function csvRow(row: OrderExportRow): string {
  return `${COLUMNS.map((c) => c.cell(row)).join(',')}\r\n`;
}

/** `jalaj-orders-2026-11-22.csv` (India date). */
export function csvFileName(now: Date): string {
  return `jalaj-orders-${istDateTime(now.toISOString()).slice(0, 10)}.csv`;
}
