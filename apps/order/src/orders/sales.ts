import { salesFigures, type RevenueGroup } from '@jalaj/commerce';
import type { PlantSales, SalesDay } from '@jalaj/contracts';

/** The sales of one state placed on one day of a period, summed by the database (`group by`). */
export interface DayStateGroup extends RevenueGroup {
  /** Which day: 1 for the first day asked for, 2 for the next… (`width_bucket` over the days' first instants). */
  readonly day: number;
}

/**
 * Each of `days` with its sales and what they brought in, counted by `salesFigures` (the
 * one revenue rule, ADR 074) over the groups of that day; a day without sales is 0 and 0.
 *
 * @param days - The days asked for, oldest first (`YYYY-MM-DD`).
 * @param groups - The database's sums per day number (1-based, as `days`) and state.
 * @returns One entry per day, in the order of `days`.
 */
export function salesByDay(days: readonly string[], groups: readonly DayStateGroup[]): SalesDay[] {
  const byDay = new Map<number, DayStateGroup[]>();
  for (const group of groups) byDay.set(group.day, [...(byDay.get(group.day) ?? []), group]);
  return days.map((day, i) => {
    const { orders, revenuePaise } = salesFigures(byDay.get(i + 1) ?? []);
    return { day, orders, revenuePaise };
  });
}

/** The sums of a list of days. */
export function salesTotals(days: readonly SalesDay[]): { orders: number; revenuePaise: number } {
  return days.reduce((sum, d) => ({ orders: sum.orders + d.orders, revenuePaise: sum.revenuePaise + d.revenuePaise }), { orders: 0, revenuePaise: 0 });
}

/**
 * The best-selling plants of a period: the `limit` with most units, and the `limit` with most
 * revenue; a tie goes to the name, then the id, so the lists never shuffle between reloads.
 *
 * @param plants - Every plant sold in the period with its units and line revenue.
 * @param limit - How many each list names.
 */
export function bestSellers(plants: readonly PlantSales[], limit: number): { byUnits: PlantSales[]; byRevenue: PlantSales[] } {
  const ranked = (key: 'units' | 'revenuePaise') =>
    [...plants].sort((a, b) => b[key] - a[key] || a.productName.localeCompare(b.productName) || a.productId.localeCompare(b.productId)).slice(0, limit);
  return { byUnits: ranked('units'), byRevenue: ranked('revenuePaise') };
}
