import { rpcSubjects } from '@jalaj/contracts';
import { CSV_HEADER, csvCell, csvFileName, csvRow } from './orders-csv.js';

const fixture = rpcSubjects['rpc.order.admin.export'].fixtures.reply;
const row = fixture.data.rows[0]!;

describe('the orders CSV export', () => {
  it('has one heading per column and a byte-order mark', () => {
    expect(CSV_HEADER.startsWith('\uFEFFBill number,Order number,Transaction ID,')).toBe(true);
    expect(CSV_HEADER.endsWith('\r\n')).toBe(true);
    expect(CSV_HEADER.split(',')).toHaveLength(csvRow(row).split(',').length);
  });

  it('writes amounts in rupees with two decimals and times in India time', () => {
    const line = csvRow(row);
    expect(line).toContain(',709.65,');
    expect(line).toContain(',2026-11-22 15:44,');
    expect(line).toContain('JLJ/26-27/000123,00a1b2c3,MO1763800000000a1b2c3_7f3k');
  });

  it('quotes commas, quotes and line breaks, and leaves empty cells for nulls', () => {
    expect(csvCell('Sen, Ananya')).toBe('"Sen, Ananya"');
    expect(csvCell('6" pot')).toBe('"6"" pot"');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(null)).toBe('');
    expect(csvCell(3)).toBe('3');
  });

  it('never lets a cell run as a spreadsheet formula', () => {
    expect(csvCell('=HYPERLINK("http://evil")')).toBe('"\'=HYPERLINK(""http://evil"")"');
    expect(csvCell('+91 98300')).toBe("'+91 98300");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
  });

  it('names the file by the India date', () => {
    expect(csvFileName(new Date('2026-11-22T20:00:00Z'))).toBe('jalaj-orders-2026-11-23.csv');
  });
});
