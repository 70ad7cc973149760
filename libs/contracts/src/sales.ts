import { z } from 'zod';
import { resultSchema } from './errors.js';
import { calendarDaySchema } from './order-history.js';
import { actorSchema } from './schemas.js';
import type { RpcDefinition } from './subjects.js';

/**
 * The sales over time of the admin dashboard (issue #42, docs/adr/082-sales-over-time.md):
 * paid revenue and paid orders per India day over a period, the same period before it, and
 * the best-selling plants. Counted as today's figures count (ADR 074): an order is a sale
 * while it is paid or partly refunded, it brought in what was paid less what was refunded,
 * its day is the India day it was placed, archived orders are left out.
 */

/** The periods the dashboard offers, in days (the last 30, or 90, India days up to today). */
export const SALES_PERIODS = [30, 90] as const;
export type SalesPeriod = (typeof SALES_PERIODS)[number];

/** How many plants each best-seller list names. */
export const BEST_SELLERS_LIMIT = 5;

/** What a period asks for: its length and its last day. */
export const salesQuerySchema = z
  .object({
    /** The period's length in days: 30 or 90. */
    days: z.union([z.literal(30), z.literal(90)]),
    /** The period's last India day, `YYYY-MM-DD`; today (Asia/Kolkata) when left out. */
    to: calendarDaySchema.optional(),
  })
  .strict();
export type SalesQuery = z.infer<typeof salesQuerySchema>;

/** One India day of a period: its sales and what they brought in. A day without sales is 0 and 0. */
export const salesDaySchema = z.object({
  /** `YYYY-MM-DD`, India time. */
  day: z.string(),
  /** Orders placed that day that are sales (paid, or partly refunded). */
  orders: z.number().int().nonnegative(),
  /** What they brought in, in paise: paid less refunded (`salesFigures` of @jalaj/commerce). */
  revenuePaise: z.number().int().nonnegative(),
});
export type SalesDay = z.infer<typeof salesDaySchema>;

/** A plant's sales in a period: units on the lines of its sales, and what those lines were charged. */
export const plantSalesSchema = z.object({
  productId: z.string(),
  /** The name on its latest line of the period (lines keep the name as bought). */
  productName: z.string(),
  units: z.number().int().nonnegative(),
  /**
   * What its lines were charged, in paise: after the volume discount, without shipping. A
   * partial refund is of an order, not of a plant, so no plant's figure is lowered by one; a
   * fully refunded order is no sale and counts for none.
   */
  revenuePaise: z.number().int().nonnegative(),
});
export type PlantSales = z.infer<typeof plantSalesSchema>;

/** The sales over a period and the same length of days before it. */
export const salesOverTimeSchema = z.object({
  days: z.number().int().positive(),
  /** The period's first and last India day. */
  from: z.string(),
  to: z.string(),
  /** Each day of the period, oldest first (`days` of them). */
  current: z.array(salesDaySchema),
  /** Each day of the period before, oldest first: `previous[i]` is `days` days before `current[i]`. */
  previous: z.array(salesDaySchema),
  /** The period's sums, and the period before's. */
  totals: z.object({ orders: z.number().int().nonnegative(), revenuePaise: z.number().int().nonnegative() }),
  previousTotals: z.object({ orders: z.number().int().nonnegative(), revenuePaise: z.number().int().nonnegative() }),
  /** The period's best-selling plants: most units first, and most revenue first (ties: by name). */
  bestSellers: z.object({ byUnits: z.array(plantSalesSchema), byRevenue: z.array(plantSalesSchema) }),
});
export type SalesOverTime = z.infer<typeof salesOverTimeSchema>;

const adminActor = { id: 'usr_01JD0000000000000000000001', role: 'admin' as const };
const fixtureDay = (day: string, orders: number, revenuePaise: number): SalesDay => ({ day, orders, revenuePaise });
const plantFixture: PlantSales = { productId: 'prd_01JD0000000000000000000000', productName: 'Java Fern', units: 4, revenuePaise: 99600 };

/** The order service's subjects of the sales over time. */
export const salesSubjects = {
  /**
   * The sales over time for the dashboard (admins only, role re-checked with identity): per
   * India day of the period ending `to` (today when left out), and of the period before, the
   * sales and what they brought in; and the period's best-selling plants.
   */
  'rpc.order.admin.sales': {
    request: z.object({ actor: actorSchema, query: salesQuerySchema }).strict(),
    reply: resultSchema(salesOverTimeSchema),
    fixtures: {
      request: { actor: adminActor, query: { days: 30, to: '2026-11-23' } },
      reply: {
        ok: true,
        data: {
          days: 30,
          from: '2026-10-25',
          to: '2026-11-23',
          current: [fixtureDay('2026-11-23', 2, 64800)],
          previous: [fixtureDay('2026-10-24', 1, 32400)],
          totals: { orders: 2, revenuePaise: 64800 },
          previousTotals: { orders: 1, revenuePaise: 32400 },
          bestSellers: { byUnits: [plantFixture], byRevenue: [plantFixture] },
        },
      },
    },
  },
} as const satisfies Record<`rpc.order.${string}`, RpcDefinition>;
