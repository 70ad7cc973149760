import { canClaimGuarantee, formatCustomerDate, formatRupees, GUARANTEE_MESSAGES, orderNumber, orderProgress, paymentMethodText, type TrackingLink } from '@jalaj/commerce';
import type { AddressSnapshot, GuaranteeClaimView } from '@jalaj/contracts';
import { usePrivateImage } from '@jalaj/web-kit';
import { useState } from 'react';
import { claimPhotoPath, type Order } from '../../api/orders.js';
import { Dialog } from '../ui/dialog.js';
import { ClaimForm } from './claim-form.js';
import {
  addressLines,
  claimBadge,
  deliveryEstimate,
  lineName,
  linePriceText,
  orderBadge,
  orderHistory,
  orderTitle,
  refundSummary,
} from './order-view.js';
import { OrderTotals } from './order-totals.js';
import './orders.css';

/** Props of {@link OrderDetailsDialog}. */
export interface OrderDetailsDialogProps {
  /** The order to show; null keeps the dialog closed. */
  readonly order: Order | null;
  readonly onClose: () => void;
  /** A change the shopper made here (a guarantee claim): the order as the server answered it. */
  readonly onOrderChanged?: (order: Order) => void;
}

/**
 * The Details dialog of an order (spec §2): its order number (the one name of an order for
 * shopper and seller), payment status (details context, spec §4), progress ('Paid — being
 * prepared' until the seller starts on it, then the step), payment method and PhonePe's ids, the delivery estimate while it is on its way, the lines and totals, both
 * address snapshots, the refunds if any, and the history with every fulfilment step's time.
 */
export function OrderDetailsDialog({ order, onClose, onOrderChanged }: OrderDetailsDialogProps) {
  return (
    <Dialog open={order !== null} onClose={onClose} title={order ? `Order ${orderTitle(order)}` : 'Order details'}>
      {order ? <OrderDetails order={order} onClose={onClose} onOrderChanged={onOrderChanged} /> : null}
    </Dialog>
  );
}

function OrderDetails({ order, onClose, onOrderChanged }: { readonly order: Order; readonly onClose: () => void; readonly onOrderChanged: ((order: Order) => void) | undefined }) {
  const [claiming, setClaiming] = useState(false);
  if (claiming) {
    return (
      <ClaimForm
        order={order}
        onCancel={() => setClaiming(false)}
        onFiled={(filed) => {
          setClaiming(false);
          onOrderChanged?.(filed);
        }}
      />
    );
  }
  const status = orderBadge(order.state, 'detail');
  const claim = claimBadge(order);
  const progress = orderProgress(order.state, order.fulfilmentStatus);
  const estimate = deliveryEstimate(order);
  const refunds = order.refunds.map(refundSummary);

  return (
    <div className="order-details">
      <dl className="order-facts">
        <div>
          <dt>Order number</dt>
          <dd>{orderTitle(order)}</dd>
        </div>
        <div>
          <dt>Payment status</dt>
          <dd>
            <span className={`badge badge--${status.color}`}>{status.label}</span>
          </dd>
        </div>
        {progress ? (
          <div>
            <dt>Progress</dt>
            <dd>
              <span className={`badge badge--${progress.color}`}>{progress.label}</span>
            </dd>
          </div>
        ) : null}
        <div>
          <dt>Order date</dt>
          <dd>
            <time dateTime={order.createdAt}>{formatCustomerDate(order.createdAt)}</time>
          </dd>
        </div>
        {claim ? (
          <div>
            <dt>Guarantee</dt>
            <dd>
              <span className={`badge badge--${claim.color}`}>{claim.label}</span>
            </dd>
          </div>
        ) : null}
        {order.replacementOf ? (
          <>
            <div>
              <dt>Replacement of</dt>
              <dd>Order #{orderNumber(order.replacementOf.merchantOrderId)}</dd>
            </div>
            <div>
              <dt>Payment method</dt>
              <dd>{GUARANTEE_MESSAGES.replacementPayment}</dd>
            </div>
          </>
        ) : (
          <>
            <div>
              <dt>Payment method</dt>
              <dd>{paymentMethodText(order.paymentMode)}</dd>
            </div>
            <div>
              <dt>PhonePe merchant order ID</dt>
              <dd className="order-facts__id">{order.merchantOrderId}</dd>
            </div>
          </>
        )}
        {order.transactionId ? (
          <div>
            <dt>PhonePe transaction ID</dt>
            <dd className="order-facts__id">{order.transactionId}</dd>
          </div>
        ) : null}
        {order.billNumber ? (
          <div>
            <dt>Bill number</dt>
            <dd className="order-facts__id">{order.billNumber}</dd>
          </div>
        ) : null}
      </dl>

      {estimate ? (
        <p className="order-details__estimate">
          <strong>Expected delivery:</strong> {estimate}
        </p>
      ) : null}

      <section className="order-details__section" aria-labelledby="order-details-items">
        <h3 id="order-details-items" className="order-details__heading">
          Items
        </h3>
        <ul className="order-details__lines">
          {order.lines.map((line, index) => (
            <li key={`${line.productId}-${index}`}>
              <span>
                <span className="order-details__name">{lineName(line)}</span>
                <span className="order-details__price">{linePriceText(line)}</span>
              </span>
              <span className="order-details__amount">{formatRupees(line.lineTotalPaise)}</span>
            </li>
          ))}
        </ul>
        <OrderTotals order={order} compact />
      </section>

      <div className="order-details__addresses">
        <AddressBlock title="Shipping address" address={order.shippingAddress} />
        <AddressBlock title="Billing address" address={order.billingAddress} />
      </div>

      {refunds.length > 0 ? (
        <section className="order-details__section order-details__refund" aria-labelledby="order-details-refund">
          <h3 id="order-details-refund" className="order-details__heading">
            {refunds.length === 1 ? 'Refund' : 'Refunds'}
          </h3>
          {refunds.map((refund, index) => (
            <div key={index} className="order-details__refund-item">
              <p>
                <strong>{refund.amount}</strong>: {refund.status}
              </p>
              <p>{refund.reason}</p>
            </div>
          ))}
        </section>
      ) : null}

      {order.claims.length > 0 ? (
        <section className="order-details__section" aria-labelledby="order-details-claims">
          <h3 id="order-details-claims" className="order-details__heading">
            Guarantee claims
          </h3>
          {order.claims.map((c) => (
            <ClaimSummary key={c.id} orderId={order.id} claim={c} />
          ))}
        </section>
      ) : null}

      <section className="order-details__section" aria-labelledby="order-details-history">
        <h3 id="order-details-history" className="order-details__heading">
          Order history
        </h3>
        <ol className="order-history">
          {orderHistory(order).map((entry) => (
            <li key={entry.key} className="order-history__step">
              <p className="order-history__label">{entry.label}</p>
              <p className="order-history__when">
                <time dateTime={entry.at}>{entry.when}</time>
              </p>
              {entry.details.map((detail) => (
                <p key={detail} className="order-history__detail">
                  {detail}
                </p>
              ))}
              {entry.tracking ? <TrackingNumber {...entry.tracking} /> : null}
            </li>
          ))}
        </ol>
      </section>

      <div className="dialog__actions">
        {canClaimGuarantee(order) ? (
          <button type="button" className="button button--primary" onClick={() => setClaiming(true)}>
            {GUARANTEE_MESSAGES.claim}
          </button>
        ) : null}
        <button type="button" className="button button--outline" onClick={onClose}>
          Close
        </button>
      </div>
    </div>
  );
}

/** One guarantee claim: where it stands, the plants, what happened, the photos, and the decision. */
function ClaimSummary({ orderId, claim }: { readonly orderId: string; readonly claim: GuaranteeClaimView }) {
  const badge = claimBadge({ claims: [claim] })!;
  return (
    <div className="claim-summary">
      <p>
        <span className={`badge badge--${badge.color}`}>{badge.label}</span>{' '}
        <time dateTime={claim.createdAt} className="claim-summary__when">
          {formatCustomerDate(claim.createdAt)}
        </time>
      </p>
      <p>{claim.lines.map((l) => `${l.productName} × ${l.quantity}`).join(', ')}</p>
      <p className="claim-summary__text">{claim.description}</p>
      <ul className="claim-photos" aria-label="Claim photos">
        {claim.photoIds.map((photoId, index) => (
          <li key={photoId}>
            <ClaimPhoto path={claimPhotoPath(orderId, photoId)} alt={`Claim photo ${index + 1}`} />
          </li>
        ))}
      </ul>
      {claim.declineReason ? <p>Why we declined: {claim.declineReason}</p> : null}
      {claim.replacement ? <p>Replacement order #{orderNumber(claim.replacement.merchantOrderId)} is on its way.</p> : null}
    </div>
  );
}

/** A claim photo, fetched with the shopper's own token (it is private). */
function ClaimPhoto({ path, alt }: { readonly path: string; readonly alt: string }) {
  const image = usePrivateImage(path);
  if (image.status === 'ready') return <img src={image.url} alt={alt} className="claim-photo" />;
  return <span className="claim-photo claim-photo--empty">{image.status === 'failed' ? 'Photo unavailable' : 'Loading…'}</span>;
}

/**
 * A shipment's tracking number: a link to the courier's tracking page on the shipment where
 * the shop knows one (a new tab), else the number as text; a page that takes no number in
 * its address is linked beside it.
 */
function TrackingNumber({ number, link }: { readonly number: string; readonly link: TrackingLink | null }) {
  if (!link) return <p className="order-history__detail">Tracking number: {number}</p>;
  if (link.opensShipment) {
    return (
      <p className="order-history__detail">
        Tracking number:{' '}
        <a href={link.url} target="_blank" rel="noopener noreferrer" className="order-history__link">
          {number}
          <span className="sr-only"> (track with {link.courier}, opens in a new tab)</span>
        </a>
      </p>
    );
  }
  return (
    <p className="order-history__detail">
      Tracking number: {number} ·{' '}
      <a href={link.url} target="_blank" rel="noopener noreferrer" className="order-history__link">
        Track with {link.courier}
        <span className="sr-only"> (opens in a new tab)</span>
      </a>
    </p>
  );
}

function AddressBlock({ title, address }: { readonly title: string; readonly address: AddressSnapshot }) {
  const [name, ...rest] = addressLines(address);
  return (
    <section className="order-details__address" aria-label={title}>
      <h3 className="order-details__heading">{title}</h3>
      <address>
        <span className="order-details__name">{name}</span>
        {rest.map((line) => (
          <span key={line}>{line}</span>
        ))}
      </address>
    </section>
  );
}
