import { FileTextOutlined } from '@ant-design/icons';
import { formatRupees, GUARANTEE_MESSAGES, ORDER_MESSAGES, orderNumber, paymentMethodLabel } from '@jalaj/commerce';
import type { AddressSnapshot, AdminOrderView } from '@jalaj/contracts';
import { Alert, Button, Descriptions, Drawer, Grid, Spin, Tag, Timeline, Typography } from 'antd';
import { useState } from 'react';
import { apiErrorMessage } from '../../api/error-messages.js';
import { useAdminOrder } from '../../api/orders.js';
import { ProductImage } from '../products/product-image.js';
import { BillModal } from './bill-modal.js';
import { ClaimPanel } from './claim-panel.js';
import { DecisionHistory, NeedsAttention } from './needs-attention.js';
import { FulfilmentForm } from './fulfilment-form.js';
import { addressLines, adminDateTime, fulfilmentLabel, statusBadge } from './order-display.js';
import { canRefund, RefundForm } from './refund-form.js';

/** The details of one order beside the list: fetched fresh, updated after each change. */
export function OrderDrawer({ orderId, onClose }: { readonly orderId: string | null; readonly onClose: () => void }) {
  const { data, error, isLoading } = useAdminOrder(orderId);
  const { md } = Grid.useBreakpoint();
  const order = data && data.id === orderId ? data : undefined;

  return (
    <Drawer
      open={orderId !== null}
      onClose={onClose}
      size={md ? 640 : '100%'}
      title={order ? `Order #${orderNumber(order.merchantOrderId)}` : 'Order'}
      destroyOnHidden
      className="order-drawer"
    >
      {error && !order ? (
        <Alert type="error" showIcon title={apiErrorMessage(error)} />
      ) : isLoading || !order ? (
        <div className="admin-loading" aria-busy="true">
          <Spin description="Loading order..." />
        </div>
      ) : (
        <OrderDetails order={order} />
      )}
    </Drawer>
  );
}

function AddressBlock({ title, address }: { readonly title: string; readonly address: AddressSnapshot }) {
  return (
    <section className="order-drawer__address" aria-label={title}>
      <Typography.Title level={4} className="order-drawer__subhead">
        {title}
      </Typography.Title>
      <address>
        {addressLines(address).map((line) => (
          <div key={line}>{line}</div>
        ))}
      </address>
    </section>
  );
}

function OrderDetails({ order }: { readonly order: AdminOrderView }) {
  const [billOpen, setBillOpen] = useState(false);
  const badge = statusBadge(order.state);

  const facts = [
    { key: 'status', label: 'Status', children: <Tag color={badge.color}>{badge.label}</Tag> },
    { key: 'customer', label: 'Customer', children: order.customer ? `${order.customer.fullName?.trim() || 'Unknown User'} (${order.customer.email})` : 'Unknown User' },
    { key: 'date', label: 'Ordered', children: adminDateTime(order.createdAt) },
    { key: 'paid', label: 'Paid', children: order.paidAt ? adminDateTime(order.paidAt) : '—' },
    // One name for the order, the shopper's and the seller's (issue #38, item 8); PhonePe's ids beside it, as on the bill.
    { key: 'number', label: 'Order number', children: `#${orderNumber(order.merchantOrderId)}` },
    ...(order.replacementOf
      ? [
          { key: 'replaces', label: 'Replacement of', children: `#${orderNumber(order.replacementOf.merchantOrderId)}` },
          { key: 'mode', label: 'Payment', children: GUARANTEE_MESSAGES.replacementPayment },
        ]
      : [
          { key: 'txn', label: 'PhonePe merchant order ID', children: <span className="order-drawer__mono">{order.merchantOrderId}</span> },
          { key: 'phonepe', label: 'PhonePe transaction ID', children: order.transactionId ?? '—' },
          { key: 'mode', label: 'Payment mode', children: paymentMethodLabel(order.paymentMode) },
        ]),
    { key: 'bill', label: 'Bill number', children: order.billNumber ?? '—' },
    { key: 'subtotal', label: 'Subtotal', children: formatRupees(order.subtotalPaise) },
    { key: 'shipping', label: 'Shipping', children: formatRupees(order.shippingPaise) },
    { key: 'total', label: 'Total', children: <strong>{formatRupees(order.totalPaise)}</strong> },
    ...(order.reportedAmountPaise !== null ? [{ key: 'reported', label: 'PhonePe took', children: formatRupees(order.reportedAmountPaise) }] : []),
    ...(order.refundedPaise > 0 ? [{ key: 'refunded', label: 'Refunded', children: formatRupees(order.refundedPaise) }] : []),
  ];

  return (
    <div className="order-drawer__body">
      {order.archivedAt && <Alert type="warning" showIcon title={`Deleted on ${adminDateTime(order.archivedAt)}: this order is in Archived and can be restored from the list.`} />}
      <NeedsAttention order={order} />

      <Descriptions size="small" column={1} bordered items={facts} className="order-drawer__facts" />

      <div className="order-drawer__actions">
        <Button icon={<FileTextOutlined />} disabled={order.billNumber === null} onClick={() => setBillOpen(true)}>
          Bill
        </Button>
      </div>

      <section aria-label="Items">
        <Typography.Title level={4} className="order-drawer__subhead">
          Items
        </Typography.Title>
        <ul className="order-card__lines">
          {order.lines.map((line, index) => (
            <li key={`${line.productId}-${index}`} className="order-line">
              <ProductImage url={line.imageUrl ?? undefined} variant="thumb" alt="" className="order-line__thumb" />
              <div className="order-line__what">
                <Typography.Text strong className="order-line__name">
                  {line.productName}
                </Typography.Text>
                <span className="order-line__meta">
                  <Typography.Text type="secondary">Qty: {line.quantity}</Typography.Text>
                  <Typography.Text type="secondary">{formatRupees(line.discountedUnitPricePaise)} each</Typography.Text>
                  {line.discountPercent > 0 && <Typography.Text type="secondary">{line.discountPercent}% off {formatRupees(line.unitPricePaise)}</Typography.Text>}
                </span>
              </div>
              <Typography.Text strong className="order-line__total">
                {formatRupees(line.lineTotalPaise)}
              </Typography.Text>
            </li>
          ))}
        </ul>
      </section>

      <ClaimPanel order={order} />

      <div className="order-drawer__addresses">
        <AddressBlock title="Shipping address" address={order.shippingAddress} />
        <AddressBlock title="Billing address" address={order.billingAddress} />
      </div>

      <section aria-label="Fulfilment">
        <Typography.Title level={4} className="order-drawer__subhead">
          Fulfilment: {fulfilmentLabel(order.fulfilmentStatus)}
        </Typography.Title>
        {order.fulfilment.length > 0 && (
          <Timeline
            className="order-drawer__timeline"
            items={order.fulfilment.map((step, index) => ({
              key: `${step.status}-${index}`,
              color: step.status === 'cancelled' ? 'red' : step.status === 'delivered' ? 'green' : 'blue',
              content: (
                <>
                  <div>
                    <strong>{fulfilmentLabel(step.status)}</strong> · {adminDateTime(step.at)}
                  </div>
                  {step.courier && step.trackingNumber && (
                    <div>
                      {step.courier}, tracking number {step.trackingNumber}
                    </div>
                  )}
                  {step.note && <div className="order-drawer__step-note">{step.note}</div>}
                </>
              ),
            }))}
          />
        )}
        {!order.archivedAt && <FulfilmentForm key={`${order.id}-${order.fulfilmentStatus ?? 'none'}`} order={order} />}
      </section>

      <section aria-label="Refund">
        <Typography.Title level={4} className="order-drawer__subhead">
          {order.refunds.length > 1 ? 'Refunds' : 'Refund'}
        </Typography.Title>
        {order.refunds.map((refund, index) => (
          <Descriptions
            key={index}
            size="small"
            column={1}
            bordered
            className="order-drawer__refund"
            items={[
              { key: 'amount', label: 'Amount', children: formatRupees(refund.amountPaise) },
              { key: 'reason', label: 'Reason', children: refund.reason === 'stock-gone' ? 'The plants were sold out when the payment arrived' : refund.reason },
              { key: 'state', label: 'PhonePe', children: refund.providerState ?? 'Not asked yet' },
              { key: 'requested', label: 'Requested', children: refund.requestedAt ? adminDateTime(refund.requestedAt) : '—' },
              { key: 'refunded', label: 'Refunded', children: refund.refundedAt ? adminDateTime(refund.refundedAt) : '—' },
            ]}
          />
        ))}
        {order.refunds.length > 0 && (
          <Typography.Paragraph className="order-drawer__note">
            Refunded {formatRupees(order.refundedPaise)} of {formatRupees(order.totalPaise)}; {formatRupees(order.totalPaise - order.refundedPaise)} stays paid.
          </Typography.Paragraph>
        )}
        {canRefund(order) ? (
          <RefundForm key={`${order.id}-${order.refundedPaise}`} order={order} />
        ) : order.refunds.length === 0 ? (
          <Typography.Paragraph type="secondary" className="order-drawer__note">
            {ORDER_MESSAGES.refundNotPaid}
          </Typography.Paragraph>
        ) : null}
      </section>

      <DecisionHistory decisions={order.decisions} />

      <BillModal orderId={billOpen ? order.id : null} onClose={() => setBillOpen(false)} />
    </div>
  );
}
