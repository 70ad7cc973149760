import { rpcSubjects, type OrderExportRow } from '@jalaj/contracts';
import { parseCsv } from '@jalaj/testing';
import { CSV_HEADER, csvFileName, csvNumber, csvRow, csvText } from './orders-csv.js';

const fixture = rpcSubjects['rpc.order.admin.export'].fixtures.reply;
const row = fixture.data.rows[0]!;

describe('the orders CSV export', () => {
  it('has one heading per column and a byte-order mark', () => {
    expect(CSV_HEADER.startsWith('\uFEFF"Bill number","Order number","Transaction ID",')).toBe(true);
    expect(CSV_HEADER.endsWith('\r\n')).toBe(true);
    expect(parseCsv(CSV_HEADER)[0]).toHaveLength(parseCsv(csvRow(row))[0]!.length);
  });

  it('writes amounts in rupees with two decimals, bare, and times in India time', () => {
    const line = csvRow(row);
    expect(line).toContain(',709.65,');
    expect(line).toContain(',"2026-11-22 15:44",');
    expect(line).toContain(',0.35,785.00,0.00,785.00,');
    expect(line).toContain('"JLJ/26-27/000123","00a1b2c3","MO1763800000000a1b2c3_7f3k"');
  });

  /** The file's cells by heading, one record per line. */
  const records = (rows: OrderExportRow[]) => {
    const [header, ...lines] = parseCsv(CSV_HEADER.replace(/^\uFEFF/, '') + rows.map(csvRow).join(''));
    return lines.map((cells) => Object.fromEntries(header!.map((h, i) => [h, cells[i]!])));
  };

  it('reads states, steps and payment modes in the admin screens’ words, not the stored codes', () => {
    const [paid, part, failed] = records([
      row,
      { ...row, state: 'partly_refunded', fulfilmentStatus: null, paymentMode: 'NET_BANKING' },
      { ...row, state: 'failed', fulfilmentStatus: null, paymentMode: null },
    ]);
    expect([paid!.Status, paid!.Fulfilment, paid!['Payment mode']]).toEqual(['Completed', 'Shipped', 'UPI Intent']);
    expect([part!.Status, part!.Fulfilment, part!['Payment mode']]).toEqual(['Partly refunded', 'Not started', 'Net Banking']);
    expect([failed!.Status, failed!.Fulfilment, failed!['Payment mode']]).toEqual(['Failed', '', 'Not specified']);
  });

  it('says in the headings that the order’s amounts are on its first line, leaves them empty on the others, and the columns sum', () => {
    // One order of two lines (rounded up by ₹0.44, ₹100 refunded), then one of a single line.
    const first = { ...row, state: 'partly_refunded' as const, lineTotalPaise: 69980, discountPaise: 0, shippingPaise: 15000, roundingPaise: 44, orderTotalPaise: 161600, refundPaise: 10000, revenuePaise: 151600 };
    const second = { ...row, lineNumber: 2, productName: 'Java fern', lineTotalPaise: 76576, shippingPaise: null, roundingPaise: null, orderTotalPaise: null, refundPaise: null, revenuePaise: null };
    const file = records([first, second, row]);
    const amounts = ['Shipping', 'Rounding', 'Order total', 'Refunded', 'Revenue'].map((what) => `${what} (INR, order's first line only)`);
    expect(Object.keys(file[0]!)).toEqual(expect.arrayContaining(['Line', 'Discount (INR)', 'Line total (INR)', ...amounts]));
    expect(amounts.map((h) => file[1]![h])).toEqual(['', '', '', '', '']);
    expect(file.map((r) => r.Line)).toEqual(['1', '2', '1']);
    const total = (heading: string) => Math.round(file.reduce((sum, r) => sum + Number(r[heading] || 0), 0) * 100);
    expect(total("Order total (INR, order's first line only)")).toBe(161600 + 78500);
    expect(total('Line total (INR)') + total("Shipping (INR, order's first line only)") + total("Rounding (INR, order's first line only)")).toBe(total("Order total (INR, order's first line only)"));
    expect(total("Order total (INR, order's first line only)") - total("Refunded (INR, order's first line only)")).toBe(total("Revenue (INR, order's first line only)"));
  });

  it('quotes every text cell, doubles its quotes, and leaves empty cells for nulls', () => {
    expect(csvText('Ananya Sen')).toBe('"Ananya Sen"');
    expect(csvText('Sen, Ananya')).toBe('"Sen, Ananya"');
    expect(csvText('6" pot')).toBe('"6"" pot"');
    expect(csvText('two\nlines')).toBe('"two\nlines"');
    expect(csvText('')).toBe('""');
    expect(csvText(null)).toBe('');
    expect(csvNumber(3)).toBe('3');
    expect(csvNumber('709.65')).toBe('709.65');
    expect(csvNumber(null)).toBe('');
    // Only numbers go bare: anything else that reaches a number column is text.
    expect(csvNumber('1;=1+1')).toBe('"1;=1+1"');
  });

  it('never lets a cell run as a spreadsheet formula, whatever the spreadsheet splits on', () => {
    expect(csvText('=HYPERLINK("http://evil")')).toBe('"\'=HYPERLINK(""http://evil"")"');
    expect(csvText('+91 98300')).toBe('"\'+91 98300"');
    expect(csvText('-1')).toBe('"\'-1"');
    expect(csvText('@SUM(A1)')).toBe('"\'@SUM(A1)"');
    expect(csvText('\t=1+1')).toBe('"\'\t=1+1"');
    expect(csvText('\r=1+1')).toBe('"\'\r=1+1"');
    // A spreadsheet that splits on `;` keeps a quoted `x;=1+1` whole: it starts with x, no formula.
    const hostile = csvRow({ ...row, customerName: 'x;=1+1', productName: 'Moss;@SUM(A1)' });
    const cells = parseCsv(hostile, ';')[0]!;
    expect(cells.filter((c) => /^[=+\-@]/.test(c))).toEqual([]);
    expect(parseCsv(hostile)[0]).toEqual(expect.arrayContaining(['x;=1+1', 'Moss;@SUM(A1)']));
  });

  it('names the file by the India date', () => {
    expect(csvFileName(new Date('2026-11-22T20:00:00Z'))).toBe('jalaj-orders-2026-11-23.csv');
  });
});
