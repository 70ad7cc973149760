import { rpcSubjects } from '@jalaj/contracts';
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
    expect(line).toContain('"JLJ/26-27/000123","00a1b2c3","MO1763800000000a1b2c3_7f3k"');
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
