import type { SalesOverTime } from '@jalaj/contracts';
import { salesCsv, salesCsvFileName } from './sales-csv.js';

const sales: SalesOverTime = {
  days: 2,
  from: '2026-11-22',
  to: '2026-11-23',
  current: [
    { day: '2026-11-22', orders: 0, revenuePaise: 0 },
    { day: '2026-11-23', orders: 3, revenuePaise: 123456 },
  ],
  previous: [
    { day: '2026-11-20', orders: 1, revenuePaise: 32400 },
    { day: '2026-11-21', orders: 2, revenuePaise: 5 },
  ],
  totals: { orders: 3, revenuePaise: 123456 },
  previousTotals: { orders: 3, revenuePaise: 32405 },
  bestSellers: { byUnits: [], byRevenue: [] },
};

describe('the sales CSV', () => {
  it('has one row per day beside the same day of the period before, rupees with two decimals, no total row', () => {
    expect(salesCsv(sales)).toBe(
      '\uFEFF"Day (IST)","Paid orders","Revenue (INR)","Day a period before (IST)","Paid orders a period before","Revenue a period before (INR)"\r\n' +
        '"2026-11-22",0,0.00,"2026-11-20",1,324.00\r\n' +
        '"2026-11-23",3,1234.56,"2026-11-21",2,0.05\r\n',
    );
  });

  it('is named after the period', () => {
    expect(salesCsvFileName(sales)).toBe('jalaj-sales-2026-11-22-to-2026-11-23.csv');
  });
});
