import { formatRupees } from '@jalaj/commerce';
import type { SalesDay } from '@jalaj/contracts';
import { BRAND_COLORS } from '@jalaj/web-kit';
import { Bar, CartesianGrid, ComposedChart, Line, ResponsiveContainer, Tooltip, XAxis, YAxis, type TooltipContentProps } from 'recharts';
import { formatAxisRupees, formatCount, formatDayLong, formatDayShort } from './sales-format.js';
import { CHART_TITLES, ChartFrame, chartHeight, type Metric } from './sales-chart-frame.js';

/** One day of the chart: the period's day and the same day of the period before. */
interface Point {
  readonly day: string;
  readonly before: string;
  readonly revenue: number;
  readonly revenueBefore: number;
  readonly orders: number;
  readonly ordersBefore: number;
}

interface SalesChartProps {
  readonly current: readonly SalesDay[];
  readonly previous: readonly SalesDay[];
  readonly days: number;
  /** Narrow screens: fewer ticks, a narrower axis. */
  readonly compact: boolean;
}

/** The faint line of the period before. */
const BEFORE = { stroke: BRAND_COLORS.muted, strokeOpacity: 0.45, strokeDasharray: '4 3', strokeWidth: 1.5 };

const WORDS: Record<Metric, { value: (n: number) => string; axis: (n: number) => string }> = {
  revenue: { value: formatRupees, axis: formatAxisRupees },
  orders: { value: formatCount, axis: formatCount },
};

/** The tooltip: the day and its figure, and the same day of the period before. */
function DayTooltip({ active, payload, metric }: Partial<TooltipContentProps<number, string>> & { readonly metric: Metric }) {
  const point = payload?.[0]?.payload as Point | undefined;
  if (!active || !point) return null;
  const words = WORDS[metric];
  const now = metric === 'revenue' ? point.revenue : point.orders;
  const before = metric === 'revenue' ? point.revenueBefore : point.ordersBefore;
  return (
    <div className="admin-sales__tooltip">
      <strong>{formatDayLong(point.day)}</strong>
      <span>{words.value(now)}</span>
      <span className="admin-sales__tooltip-before">
        {formatDayShort(point.before)}: {words.value(before)}
      </span>
    </div>
  );
}

/** One chart of one figure: the period as bars or a line, the period before as a faint dashed line. */
function MetricChart({ points, metric, compact, days }: { points: Point[]; metric: Metric; compact: boolean; days: number }) {
  const words = WORDS[metric];
  const [now, before] = metric === 'revenue' ? (['revenue', 'revenueBefore'] as const) : (['orders', 'ordersBefore'] as const);
  return (
    <ChartFrame metric={metric} days={days}>
      <ResponsiveContainer width="100%" height={chartHeight(compact)}>
        <ComposedChart data={points} margin={{ top: 8, right: 18, bottom: 0, left: 0 }} title={`${CHART_TITLES[metric]}, the last ${days} days and the ${days} days before`} syncId="sales">
          <CartesianGrid vertical={false} stroke={BRAND_COLORS.border} />
          <XAxis dataKey="day" tickFormatter={formatDayShort} interval="preserveStartEnd" minTickGap={compact ? 24 : 16} tick={{ fontSize: 12, fill: BRAND_COLORS.muted }} tickLine={false} />
          <YAxis
            tickFormatter={words.axis}
            allowDecimals={false}
            width={compact ? 44 : 56}
            tick={{ fontSize: 12, fill: BRAND_COLORS.muted }}
            tickLine={false}
            axisLine={false}
          />
          <Tooltip content={<DayTooltip metric={metric} />} cursor={{ fill: BRAND_COLORS.aqua100, fillOpacity: 0.6 }} />
          {metric === 'revenue' ? (
            <Line type="linear" dataKey={now} name="Revenue" stroke={BRAND_COLORS.teal600} strokeWidth={2} dot={false} isAnimationActive={false} />
          ) : (
            <Bar dataKey={now} name="Paid orders" fill={BRAND_COLORS.leaf700} radius={[3, 3, 0, 0]} isAnimationActive={false} />
          )}
          <Line type="linear" dataKey={before} name="The period before" dot={false} isAnimationActive={false} {...BEFORE} />
        </ComposedChart>
      </ResponsiveContainer>
    </ChartFrame>
  );
}

/**
 * The sales over time as two charts that share their days (issue #42): revenue per day
 * (paid less refunded) as a line and paid orders per day as bars, each with the same days of
 * the period before as a faint dashed line. Drawn by recharts, in a chunk of its own that the
 * dashboard loads after its first paint (docs/adr/082-sales-over-time.md). The numbers are
 * also in the section's table, for screen readers and keyboards.
 */
export default function SalesChart({ current, previous, days, compact }: SalesChartProps) {
  const points: Point[] = current.map((d, i) => ({
    day: d.day,
    before: previous[i]?.day ?? d.day,
    revenue: d.revenuePaise,
    revenueBefore: previous[i]?.revenuePaise ?? 0,
    orders: d.orders,
    ordersBefore: previous[i]?.orders ?? 0,
  }));
  return (
    <div className="admin-sales__charts">
      <MetricChart points={points} metric="revenue" compact={compact} days={days} />
      <MetricChart points={points} metric="orders" compact={compact} days={days} />
    </div>
  );
}
