import { orderMoneyFacts, orderMoneyLines } from '@jalaj/commerce';
import type { Order } from '../../api/orders.js';
import './orders.css';

/**
 * An order's money, on its card, in its Details and on the success page: the lines every
 * place shows (subtotal, savings, shipping, rounding, total, and refunds), which add up.
 */
export function OrderTotals({ order, compact = false }: { order: Pick<Order, 'lines' | 'subtotalPaise' | 'shippingPaise' | 'totalPaise' | 'refundedPaise' | 'refunds'>; compact?: boolean }) {
  return (
    <dl className={compact ? 'order-totals order-totals--compact' : 'order-totals'}>
      {orderMoneyLines(orderMoneyFacts(order)).map((line) => (
        <div key={line.key} className={line.sum ? 'order-totals__total' : line.amountPaise < 0 ? 'order-totals__deduction' : undefined}>
          <dt>{line.label}</dt>
          <dd>{line.amount}</dd>
        </div>
      ))}
    </dl>
  );
}
