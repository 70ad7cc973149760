import { bestSellers, salesByDay, salesTotals } from './sales.js';

describe('sales over time', () => {
  const days = ['2026-11-21', '2026-11-22', '2026-11-23'];

  it('counts each day by the revenue rule: paid less refunded, sales only; a day without sales is 0', () => {
    const series = salesByDay(days, [
      { day: 1, state: 'paid', orders: 2, totalPaise: 64800, refundedPaise: 0 },
      { day: 1, state: 'partly_refunded', orders: 1, totalPaise: 32400, refundedPaise: 10000 },
      // Not sales: fully refunded, and a state the query should never pass (counted as nothing all the same).
      { day: 1, state: 'refund_pending', orders: 1, totalPaise: 32400, refundedPaise: 32400 },
      { day: 3, state: 'pending', orders: 5, totalPaise: 162000, refundedPaise: 0 },
      { day: 3, state: 'paid', orders: 1, totalPaise: 17400, refundedPaise: 0 },
    ]);
    expect(series).toEqual([
      { day: '2026-11-21', orders: 3, revenuePaise: 64800 + 22400 },
      { day: '2026-11-22', orders: 0, revenuePaise: 0 },
      { day: '2026-11-23', orders: 1, revenuePaise: 17400 },
    ]);
    expect(salesTotals(series)).toEqual({ orders: 4, revenuePaise: 104600 });
    expect(salesByDay(days, [])).toEqual(days.map((day) => ({ day, orders: 0, revenuePaise: 0 })));
  });

  it('ranks the plants by units and by revenue, ties by name, at most the limit', () => {
    const plant = (productId: string, productName: string, units: number, revenuePaise: number) => ({ productId, productName, units, revenuePaise });
    const plants = [plant('p1', 'Anubias', 3, 90000), plant('p2', 'Java Fern', 10, 40000), plant('p3', 'Bucephalandra', 3, 120000), plant('p4', 'Rotala', 1, 5000)];
    const { byUnits, byRevenue } = bestSellers(plants, 3);
    expect(byUnits.map((p) => p.productName)).toEqual(['Java Fern', 'Anubias', 'Bucephalandra']);
    expect(byRevenue.map((p) => p.productName)).toEqual(['Bucephalandra', 'Anubias', 'Java Fern']);
    expect(bestSellers([], 5)).toEqual({ byUnits: [], byRevenue: [] });
  });
});
