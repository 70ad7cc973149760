import { formatRupees } from '@jalaj/commerce';
import type { Order } from '../../api/orders.js';

/** An order's subtotal, shipping and total, on its card and in its Details dialog. */
export function OrderTotals({ order, compact = false }: { order: Pick<Order, 'subtotalPaise' | 'shippingPaise' | 'totalPaise'>; compact?: boolean }) {
  return (
    <dl className={compact ? 'order-totals order-totals--compact' : 'order-totals'}>
      <div>
        <dt>Subtotal</dt>
        <dd>{formatRupees(order.subtotalPaise)}</dd>
      </div>
      <div>
        <dt>Shipping</dt>
        <dd>{formatRupees(order.shippingPaise)}</dd>
      </div>
      <div className="order-totals__total">
        <dt>Total</dt>
        <dd>{formatRupees(order.totalPaise)}</dd>
      </div>
    </dl>
  );
}
