import { Skeleton } from 'antd';
import type { ReactNode } from 'react';

/** The two figures the sales section draws. */
export type Metric = 'revenue' | 'orders';

/** Each chart's title, in its caption. */
export const CHART_TITLES: Record<Metric, string> = { revenue: 'Revenue per day', orders: 'Paid orders per day' };

/** How tall a chart's drawing is: narrow screens stack the two, so each is lower. */
export const chartHeight = (compact: boolean) => (compact ? 160 : 190);

/** A chart's figure and caption (title and legend) around its drawing. */
export function ChartFrame({ metric, days, labelled = true, children }: { metric: Metric; days: number; labelled?: boolean; children: ReactNode }) {
  const id = `sales-chart-${metric}-title`;
  return (
    <figure className="admin-sales__chart" aria-labelledby={labelled ? id : undefined}>
      <figcaption id={labelled ? id : undefined} className="admin-sales__chart-title">
        {CHART_TITLES[metric]}
        <span className="admin-sales__legend" aria-hidden="true">
          <span className={`admin-sales__key admin-sales__key--${metric}`} /> last {days} days
          <span className="admin-sales__key admin-sales__key--before" /> the {days} days before
        </span>
      </figcaption>
      {children}
    </figure>
  );
}

/**
 * What stands in for the charts while their chunk loads: the same frames with a skeleton of
 * each drawing's height, so nothing below moves when the charts arrive. Hidden from screen
 * readers: the section is busy meanwhile.
 */
export function ChartsPlaceholder({ days, compact }: { days: number; compact: boolean }) {
  const height = chartHeight(compact);
  return (
    <div className="admin-sales__charts" aria-hidden="true" data-testid="sales-charts-placeholder">
      {(['revenue', 'orders'] as const).map((metric) => (
        <ChartFrame key={metric} metric={metric} days={days} labelled={false}>
          <Skeleton.Node active styles={{ root: { display: 'block', width: '100%' }, content: { width: '100%', height } }} />
        </ChartFrame>
      ))}
    </div>
  );
}
