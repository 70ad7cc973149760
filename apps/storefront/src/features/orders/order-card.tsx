import { formatCustomerDate, formatRupees } from '@jalaj/commerce';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import type { Order } from '../../api/orders.js';
import { ProductImage } from '../catalog/product-image.js';
import { PackageIcon } from '../ui/icons.js';
import { ReceiptIcon } from './order-icons.js';
import { invoiceUnavailableReason, lineName, linePriceText, orderCardBadges, orderTitle, productPath } from './order-view.js';
import { OrderTotals } from './order-totals.js';
import './orders.css';

/** Props of {@link OrderCard}. */
export interface OrderCardProps {
  readonly order: Order;
  readonly onDetails: (order: Order) => void;
  readonly onInvoice: (order: Order) => void;
}

/**
 * One order on `/orders` (spec §2): its number, date and badges (a paid order: where it is on
 * its way, 'Paid — being prepared' until the seller starts on it), the lines as bought
 * (frozen name, picture and price; each with View Product), the totals with shipping, and
 * Details and Invoice. An unpaid order's Invoice is disabled, with the reason beside it.
 */
export function OrderCard({ order, onDetails, onInvoice }: OrderCardProps) {
  const titleId = useId();
  const reasonId = useId();
  const badges = orderCardBadges(order);
  const noInvoice = invoiceUnavailableReason(order);

  return (
    <article className="order-card" aria-labelledby={titleId}>
      <header className="order-card__header">
        <div>
          <h2 id={titleId} className="order-card__title">
            Order {orderTitle(order)}
          </h2>
          <p className="order-card__date">
            <time dateTime={order.createdAt}>{formatCustomerDate(order.createdAt)}</time>
          </p>
        </div>
        <ul className="badges order-card__badges" aria-label="Order status">
          {badges.map((badge) => (
            <li key={badge.label} className={`badge badge--${badge.color}`}>
              {badge.label}
            </li>
          ))}
        </ul>
      </header>

      <ul className="order-lines" aria-label="Plants in this order">
        {order.lines.map((line, index) => {
          const name = lineName(line);
          return (
            <li key={`${line.productId}-${index}`} className="order-line">
              <div className="order-line__media">
                {/* The name beside it says what it shows. */}
                <ProductImage
                  url={line.imageUrl ?? undefined}
                  alt=""
                  className="order-line__image"
                  variant="thumb"
                  srcSetVariants={['thumb', 'card']}
                  sizes="72px"
                  width={200}
                  height={200}
                />
              </div>
              <div className="order-line__info">
                <p className="order-line__name">{name}</p>
                <p className="order-line__price">
                  <span className="sr-only">Quantity and price: </span>
                  {linePriceText(line)}
                </p>
                <Link to={productPath(line.productId)} className="order-line__link">
                  View Product<span className="sr-only">: {name}</span>
                </Link>
              </div>
              <p className="order-line__total">
                <span className="sr-only">Line total </span>
                {formatRupees(line.lineTotalPaise)}
              </p>
            </li>
          );
        })}
      </ul>

      <OrderTotals order={order} />

      <div className="order-card__actions">
        <button type="button" className="button button--outline button--small" onClick={() => onDetails(order)} aria-haspopup="dialog">
          <PackageIcon width={18} height={18} />
          Details
        </button>
        <button
          type="button"
          className="button button--outline button--small"
          onClick={() => onInvoice(order)}
          disabled={noInvoice !== null}
          aria-describedby={noInvoice ? reasonId : undefined}
        >
          <ReceiptIcon width={18} height={18} />
          Invoice
        </button>
        {noInvoice ? (
          <p id={reasonId} className="order-card__hint">
            {noInvoice}
          </p>
        ) : null}
      </div>
    </article>
  );
}
