import { formatAdminDate, formatRupees, GUARANTEE_MESSAGES, shopDayWindow } from '@jalaj/commerce';
import { Alert, Button, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { apiErrorMessage } from '../../api/error-messages.js';
import { useAdminFigures } from '../../api/figures.js';
import { figureLinks } from './figure-links.js';

/** Not in the spec: the strip's own load failure. */
export const FIGURES_FAILED = "Today's figures could not be loaded";

/** A count as India writes it: 30,000 and 1,00,000. */
const count = (n: number): string => n.toLocaleString('en-IN');

interface FigureProps {
  readonly to: string;
  readonly label: string;
  readonly value: ReactNode;
  readonly hint: string;
  /** Drawn to be noticed (something waits for the seller). */
  readonly alert?: boolean;
}

/** One figure: a link to the list it counts. */
function Figure({ to, label, value, hint, alert = false }: FigureProps) {
  return (
    <li className={alert ? 'admin-figure admin-figure--alert' : 'admin-figure'}>
      <Link to={to} className="admin-figure__link">
        <span className="admin-figure__label">{label}</span>
        <span className="admin-figure__value">{value}</span>
        <span className="admin-figure__hint">{hint}</span>
      </Link>
    </li>
  );
}

const LABELS = ['Orders today', 'Revenue today', 'To ship', 'Low on stock', 'Needs attention', GUARANTEE_MESSAGES.waitingFigure] as const;

/**
 * The strip above the dashboard's tabs with what a seller checks each morning (issue #14):
 * today's paid orders and revenue (India time), the orders waiting to ship (sales and
 * guarantee replacements), the plants low on stock, the orders that need a decision (issue
 * #42) and, of those, the ones with a guarantee claim waiting (issue #41), each a link to the
 * matching filtered list. A failure shows beside
 * the tabs with a Retry, never in their way.
 */
export function TodaysFigures() {
  const { data, error, isValidating, mutate } = useAdminFigures();
  const links = data ? figureLinks(data.day) : null;

  return (
    <section className="admin-figures" aria-labelledby="figures-heading" aria-busy={!data && !error}>
      <h2 id="figures-heading" className="admin-figures__title">
        Today{data && <span className="admin-figures__day">{formatAdminDate(shopDayWindow(data.day).start)}</span>}
      </h2>
      {error && (
        <Alert
          className="admin-figures__error"
          type="error"
          showIcon
          title={FIGURES_FAILED}
          description={apiErrorMessage(error, 'Please try again in a moment.')}
          action={
            <Button size="small" onClick={() => void mutate()} loading={isValidating}>
              Retry
            </Button>
          }
        />
      )}
      {data && links ? (
        <ul className="admin-figures__list" aria-label="Today's figures">
          <Figure to={links.paidOnDay} label={LABELS[0]} value={count(data.paidOrders)} hint="Paid orders placed today" />
          <Figure to={links.paidOnDay} label={LABELS[1]} value={formatRupees(data.revenuePaise)} hint="Paid today, in rupees" />
          <Figure to={links.toShip} label={LABELS[2]} value={count(data.toShip)} hint="Paid or replacements, waiting to ship" />
          <Figure to={links.lowStock} label={LABELS[3]} value={count(data.lowStock)} hint={`Plants with stock ≤ ${data.lowStockThreshold}`} />
          <Figure to={links.needsAttention} label={LABELS[4]} value={count(data.needsAttention)} hint="Orders waiting for your decision" alert={data.needsAttention > 0} />
          {/* Guarantee claims (docs/adr/078): the orders that "Needs attention" counts for a claim, on their own. */}
          <Figure to={links.claimsWaiting} label={LABELS[5]} value={count(data.claimsWaiting)} hint="Orders with a guarantee claim to decide" />
        </ul>
      ) : (
        !error && (
          <ul className="admin-figures__list" aria-label="Loading today's figures...">
            {LABELS.map((label) => (
              <li key={label} className="admin-figure admin-figure--loading">
                <span className="admin-figure__label">{label}</span>
                <Skeleton active title={{ width: '60%' }} paragraph={{ rows: 1, width: '80%' }} />
              </li>
            ))}
          </ul>
        )
      )}
    </section>
  );
}
