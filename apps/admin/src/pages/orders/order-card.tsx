import { CalendarOutlined, CreditCardOutlined, DeleteOutlined, EyeOutlined, MailOutlined, NumberOutlined, UndoOutlined } from '@ant-design/icons';
import { adminShortId, formatRupees, GUARANTEE_MESSAGES, isShippable, orderNumber, paymentMethodLabel } from '@jalaj/commerce';
import type { AdminOrderSummary } from '@jalaj/contracts';
import { Button, Card, Checkbox, Tag, Typography } from 'antd';
import { useConfirm } from '../../use-confirm.js';
import { ProductImage } from '../products/product-image.js';
import { adminDateTime, fulfilmentLabel, statusBadge } from './order-display.js';

/** The spec's name for an order whose account no longer exists. */
const UNKNOWN_USER = 'Unknown User';

interface OrderCardProps {
  readonly order: AdminOrderSummary;
  readonly selected: boolean;
  /** A change of this order is under way (delete, restore). */
  readonly busy: boolean;
  readonly onToggle: (id: string) => void;
  readonly onOpen: (id: string) => void;
  /** Deletes (archives) the order; shown on orders that are not archived. */
  readonly onDelete: (order: AdminOrderSummary) => Promise<void>;
  /** Brings an archived order back. */
  readonly onRestore: (order: AdminOrderSummary) => Promise<void>;
}

/**
 * One order in the Orders tab (spec §2): its checkbox, customer and email, status badge,
 * date, order number (the one name of an order for shopper and seller; PhonePe's ids are in
 * Details and on the bill), payment method, total and item lines, with Details and delete
 * (or Restore when it is archived; the confirmation and the notice keep the spec's short
 * transaction id).
 */
export function OrderCard({ order, selected, busy, onToggle, onOpen, onDelete, onRestore }: OrderCardProps) {
  const number = orderNumber(order.merchantOrderId);
  const shortId = adminShortId(order.merchantOrderId);
  const badge = statusBadge(order.state);
  const customerName = order.customer?.fullName?.trim() || UNKNOWN_USER;
  const archived = order.archivedAt !== null;
  const headingId = `order-${order.id}-heading`;
  const confirm = useConfirm();

  return (
    <Card size="small" className={`order-card${selected ? ' order-card--selected' : ''}${archived ? ' order-card--archived' : ''}`}>
      <div className="order-card__head">
        {!archived && (
          <Checkbox
            className="order-card__check"
            checked={selected}
            onChange={() => onToggle(order.id)}
            aria-label={`Select order ${number}`}
          />
        )}
        <div className="order-card__who">
          <Typography.Title level={3} id={headingId} className="order-card__customer" ellipsis={{ tooltip: customerName }}>
            {customerName}
          </Typography.Title>
          {order.customer?.email && (
            <Typography.Text type="secondary" className="order-card__email" ellipsis={{ tooltip: order.customer.email }}>
              <MailOutlined aria-hidden="true" /> {order.customer.email}
            </Typography.Text>
          )}
        </div>
        <div className="order-card__badges">
          <Tag color={badge.color} className="order-card__status">
            {badge.label}
          </Tag>
          {isShippable(order.state) && <Tag className="order-card__fulfilment">{fulfilmentLabel(order.fulfilmentStatus)}</Tag>}
          {order.claimWaiting && <Tag color="gold">{GUARANTEE_MESSAGES.waitingFilter}</Tag>}
          {archived && (
            <Tag color="default" className="order-card__archived">
              Deleted
            </Tag>
          )}
        </div>
      </div>

      <dl className="order-card__facts">
        <div>
          <dt>
            <CalendarOutlined aria-hidden="true" /> Date
          </dt>
          <dd>{adminDateTime(order.createdAt)}</dd>
        </div>
        <div>
          <dt>
            <NumberOutlined aria-hidden="true" /> Order number
          </dt>
          <dd className="order-card__mono" title={`PhonePe merchant order ID ${order.merchantOrderId}`}>
            #{number}
          </dd>
        </div>
        <div>
          <dt>
            <CreditCardOutlined aria-hidden="true" /> Payment
          </dt>
          <dd>{paymentMethodLabel(order.paymentMode)}</dd>
        </div>
        <div className="order-card__total">
          <dt>Total</dt>
          <dd>{formatRupees(order.totalPaise)}</dd>
        </div>
      </dl>

      <ul className="order-card__lines" aria-label={`Items of order ${number}`}>
        {order.lines.map((line, index) => (
          <li key={`${line.productId}-${index}`} className="order-line">
            <ProductImage url={line.imageUrl ?? undefined} variant="thumb" alt="" className="order-line__thumb" />
            <div className="order-line__what">
              <Typography.Text strong className="order-line__name" ellipsis={{ tooltip: line.productName }}>
                {line.productName}
              </Typography.Text>
              <span className="order-line__meta">
                <Typography.Text type="secondary">Qty: {line.quantity}</Typography.Text>
                <Typography.Text type="secondary">{formatRupees(line.discountedUnitPricePaise)} each</Typography.Text>
              </span>
            </div>
            <Typography.Text strong className="order-line__total">
              {formatRupees(line.lineTotalPaise)}
            </Typography.Text>
          </li>
        ))}
      </ul>

      <div className="order-card__actions">
        <Button icon={<EyeOutlined />} onClick={() => onOpen(order.id)} aria-describedby={headingId}>
          Details
        </Button>
        {archived ? (
          <Button icon={<UndoOutlined />} loading={busy} onClick={() => void onRestore(order)} aria-describedby={headingId}>
            Restore
          </Button>
        ) : (
          <Button
            danger
            icon={<DeleteOutlined />}
            loading={busy}
            aria-describedby={headingId}
            onClick={() =>
              confirm({
                title: 'Delete Order',
                content: (
                  <>
                    Delete order <strong className="order-card__mono">#{number}</strong> (transaction ID <span className="order-card__mono">{shortId}</span>)? It moves
                    to Archived, where it can be restored.
                  </>
                ),
                okText: 'Delete',
                onConfirm: () => onDelete(order),
              })
            }
          >
            Delete
          </Button>
        )}
      </div>
    </Card>
  );
}
