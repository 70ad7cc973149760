import { DownloadOutlined, TableOutlined } from '@ant-design/icons';
import { formatRupees } from '@jalaj/commerce';
import { SALES_PERIODS, type PlantSales, type SalesPeriod } from '@jalaj/contracts';
import { Alert, Button, Empty, Grid, Segmented, Skeleton } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { apiErrorMessage } from '../../api/error-messages.js';
import { saveFile } from '../../api/download.js';
import { downloadSalesCsv, useSalesOverTime, type SalesReply } from '../../api/sales.js';
import { changeText, formatCount, formatDayLong } from './sales-format.js';
import { ChartsPlaceholder } from './sales-chart-frame.js';
import { useNotification } from '../../use-notification.js';

// recharts is ~110 kB gzipped: its own chunk, asked for once there are sales to draw, so the dashboard paints without it.
const SalesChart = lazy(() => import('./sales-chart.js'));

/** Not in the spec: the section's own texts. */
export const SALES_TEXTS = Object.freeze({
  heading: 'Sales over time',
  failed: 'Sales over time could not be loaded',
  exportFailed: 'The sales could not be downloaded',
  empty: (days: number) => `No paid orders in the last ${days} days`,
  showTable: 'Show the numbers',
  hideTable: 'Hide the numbers',
  download: 'Download CSV',
});

const PLANT_REVENUE_NOTE = 'What the plants’ lines were sold for, after volume discounts, without shipping; a refund of part of an order is not taken from a plant.';

/** The period's sums beside the period before's. */
function Totals({ sales }: { sales: SalesReply }) {
  const { totals, previousTotals, days } = sales;
  return (
    <dl className="admin-sales__totals">
      <div className="admin-sales__total">
        <dt>Revenue</dt>
        <dd>
          <span className="admin-sales__total-value">{formatRupees(totals.revenuePaise)}</span>
          <span className="admin-sales__total-change">{changeText(totals.revenuePaise, previousTotals.revenuePaise, days)}</span>
        </dd>
      </div>
      <div className="admin-sales__total">
        <dt>Paid orders</dt>
        <dd>
          <span className="admin-sales__total-value">{formatCount(totals.orders)}</span>
          <span className="admin-sales__total-change">{changeText(totals.orders, previousTotals.orders, days)}</span>
        </dd>
      </div>
    </dl>
  );
}

/** The numbers behind the chart: a row per day, beside the same day of the period before. */
function SalesTable({ sales, id }: { sales: SalesReply; id: string }) {
  const caption = `Sales per day, the last ${sales.days} days and the ${sales.days} days before`;
  return (
    // Scrolls sideways on a phone; focusable so a keyboard can scroll it.
    <div id={id} className="admin-sales__table-wrap" role="region" aria-label={caption} tabIndex={0}>
      <table className="admin-sales__table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">Paid orders</th>
            <th scope="col">Revenue</th>
            <th scope="col">Day before</th>
            <th scope="col">Paid orders before</th>
            <th scope="col">Revenue before</th>
          </tr>
        </thead>
        <tbody>
          {[...sales.current].reverse().map((day) => {
            const before = sales.previous[sales.current.indexOf(day)]!;
            return (
              <tr key={day.day}>
                <th scope="row">{formatDayLong(day.day)}</th>
                <td>{formatCount(day.orders)}</td>
                <td>{formatRupees(day.revenuePaise)}</td>
                <td>{formatDayLong(before.day)}</td>
                <td>{formatCount(before.orders)}</td>
                <td>{formatRupees(before.revenuePaise)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** One ranked list of the best sellers. */
function BestSellerList({ title, plants, value, note }: { title: string; plants: readonly PlantSales[]; value: (p: PlantSales) => string; note?: string }) {
  const id = `best-${title.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <div className="admin-sales__best">
      <h4 id={id} className="admin-sales__best-title">
        {title}
      </h4>
      {plants.length ? (
        <ol className="admin-sales__best-list" aria-labelledby={id}>
          {plants.map((p) => (
            <li key={p.productId}>
              <span className="admin-sales__best-name">{p.productName}</span>
              <span className="admin-sales__best-value">{value(p)}</span>
            </li>
          ))}
        </ol>
      ) : (
        <p className="admin-sales__muted">No plants sold in this period.</p>
      )}
      {note && <p className="admin-sales__note">{note}</p>}
    </div>
  );
}

/**
 * The dashboard's sales over time (issue #42): revenue (paid less refunded) and paid orders
 * per India day over the last 30 or 90 days, the period before as a faint line, the best
 * sellers by units and by revenue, the numbers as a table (shown on request) and as CSV.
 * The chart's library loads in its own chunk; until then, and while the numbers load, a
 * skeleton holds the place. A failure is an alert with Retry inside the section.
 */
export function SalesOverTime() {
  const [days, setDays] = useState<SalesPeriod>(30);
  const [tableOpen, setTableOpen] = useState(false);
  const [exporting, setExporting] = useState(false);
  const { data, error, isValidating, mutate } = useSalesOverTime(days);
  const { md } = Grid.useBreakpoint();
  const notification = useNotification();
  // The last period stays on screen while the one asked for loads.
  const sales = data;
  const loading = !data && !error;
  const tableLabel = tableOpen ? SALES_TEXTS.hideTable : SALES_TEXTS.showTable;

  const handleExport = async () => {
    setExporting(true);
    try {
      saveFile(await downloadSalesCsv(days));
    } catch (caught) {
      notification.error({ title: SALES_TEXTS.exportFailed, description: apiErrorMessage(caught, 'Please try again in a moment.') });
    } finally {
      setExporting(false);
    }
  };

  return (
    <section className="admin-sales" aria-labelledby="sales-heading" aria-busy={loading || (isValidating && data?.days !== days)}>
      <div className="admin-sales__head">
        <h2 id="sales-heading" className="admin-sales__title">
          {SALES_TEXTS.heading}
          {sales && (
            <span className="admin-sales__period">
              {formatDayLong(sales.from)} – {formatDayLong(sales.to)}
            </span>
          )}
        </h2>
        <div className="admin-sales__controls">
          <Segmented<SalesPeriod>
            aria-label="Period"
            size={md ? 'middle' : 'small'}
            value={days}
            onChange={setDays}
            options={SALES_PERIODS.map((n) => ({ value: n, label: `${n} days` }))}
          />
          {/* On a phone the labels are short, the buttons named in full (the short label is part of the name). */}
          <span className="admin-sales__actions">
            <Button
              size={md ? 'middle' : 'small'}
              icon={<TableOutlined />}
              aria-label={md ? undefined : tableLabel}
              aria-expanded={tableOpen}
              aria-controls={tableOpen ? 'sales-table' : undefined}
              onClick={() => setTableOpen((open) => !open)}
              disabled={!sales}
            >
              {md ? tableLabel : 'Numbers'}
            </Button>
            <Button
              size={md ? 'middle' : 'small'}
              icon={<DownloadOutlined />}
              aria-label={md ? undefined : SALES_TEXTS.download}
              loading={exporting}
              onClick={() => void handleExport()}
              disabled={!sales}
            >
              {md ? SALES_TEXTS.download : 'CSV'}
            </Button>
          </span>
        </div>
      </div>
      {error && !sales && (
        <Alert
          type="error"
          showIcon
          title={SALES_TEXTS.failed}
          description={apiErrorMessage(error, 'Please try again in a moment.')}
          action={
            <Button size="small" onClick={() => void mutate()} loading={isValidating}>
              Retry
            </Button>
          }
        />
      )}
      {loading && <Skeleton active className="admin-sales__loading" paragraph={{ rows: 6 }} aria-label="Loading the sales..." />}
      {sales && (
        <div className="admin-sales__body">
          <Totals sales={sales} />
          {sales.totals.orders === 0 ? (
            <Empty className="admin-sales__empty" image={Empty.PRESENTED_IMAGE_SIMPLE} description={SALES_TEXTS.empty(sales.days)} />
          ) : (
            <Suspense fallback={<ChartsPlaceholder days={sales.days} compact={!md} />}>
              <SalesChart current={sales.current} previous={sales.previous} days={sales.days} compact={!md} />
            </Suspense>
          )}
          {tableOpen && <SalesTable sales={sales} id="sales-table" />}
          <div className="admin-sales__bests">
            <h3 className="admin-sales__subtitle">Best sellers, the last {sales.days} days</h3>
            <BestSellerList title="By units" plants={sales.bestSellers.byUnits} value={(p) => `${formatCount(p.units)} ${p.units === 1 ? 'unit' : 'units'}`} />
            <BestSellerList title="By revenue" plants={sales.bestSellers.byRevenue} value={(p) => formatRupees(p.revenuePaise)} note={PLANT_REVENUE_NOTE} />
          </div>
        </div>
      )}
    </section>
  );
}
