import { Injectable } from '@nestjs/common';
import { shopDay, shopDaysEnding, shopDayWindow } from '@jalaj/commerce';
import { BEST_SELLERS_LIMIT, fail, ok, type Actor, type Result, type SalesOverTime, type SalesQuery } from '@jalaj/contracts';
import { AdminCheck } from './admin-check.js';
import { OrderListCache } from './order-list-cache.js';
import { OrdersRepository } from './orders.repository.js';
import { bestSellers, salesByDay, salesTotals } from './sales.js';

/**
 * The dashboard's sales over time (issue #42, docs/adr/082-sales-over-time.md): per India
 * day of a period and of the period before it, the sales and what they brought in, counted
 * as today's figures count them; and the period's best-selling plants. Admins only.
 */
@Injectable()
export class SalesService {
  constructor(
    private readonly orders: OrdersRepository,
    private readonly admins: AdminCheck,
    private readonly listCache: OrderListCache,
  ) {}

  /**
   * The period of `query.days` India days ending `query.to` (today when left out), and as
   * many days before it: two grouped statements, computed once per list version and period
   * ({@link OrderListCache}), so they are exact after every change.
   */
  async salesOverTime(actor: Actor, query: SalesQuery): Promise<Result<SalesOverTime>> {
    if (!(await this.admins.mayRead(actor))) return fail('ADMIN_REQUIRED');
    const to = query.to ?? shopDay();
    const version = await this.listCache.currentVersion();
    return ok(await this.listCache.get(version, `sales ${query.days} ${to}`, () => this.compute(query.days, to)));
  }

  private async compute(days: number, to: string): Promise<SalesOverTime> {
    // The period before and the period, oldest first: one statement over both.
    const both = shopDaysEnding(to, 2 * days);
    const starts = both.map((day) => shopDayWindow(day).start);
    const end = shopDayWindow(to).end;
    const [groups, plants] = await Promise.all([this.orders.salesByDayAndState(starts, end), this.orders.plantSales(starts[days]!, end)]);
    const series = salesByDay(both, groups);
    const previous = series.slice(0, days);
    const current = series.slice(days);
    return {
      days,
      from: current[0]!.day,
      to,
      current,
      previous,
      totals: salesTotals(current),
      previousTotals: salesTotals(previous),
      bestSellers: bestSellers(plants, BEST_SELLERS_LIMIT),
    };
  }
}
