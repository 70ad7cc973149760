import { formatCustomerDate } from '@jalaj/commerce';
import { orderHistorySubjects, type OrderView } from '@jalaj/contracts';
import {
  addressLines,
  deliveryEstimate,
  orderCardBadges,
  invoicePath,
  invoiceUnavailableReason,
  lineName,
  linePriceText,
  orderBadge,
  orderCountText,
  orderHistory,
  orderTitle,
  refundSummary,
} from './order-view.js';

const order: OrderView = orderHistorySubjects['rpc.order.orders.get-mine'].fixtures.reply.data;

describe('order view', () => {
  it('titles an order by its order number and counts orders in words', () => {
    expect(orderTitle(order)).toBe('#00a1b2c3');
    expect(orderCountText(0)).toBe('0 orders');
    expect(orderCountText(1)).toBe('1 order');
    expect(orderCountText(12)).toBe('12 orders');
  });

  it('shows the spec’s badges: paid reads Completed in green, pending yellow, failed red, the rest grey', () => {
    expect(orderBadge('paid', 'list')).toEqual({ label: 'Completed', color: 'green' });
    expect(orderBadge('pending', 'list')).toEqual({ label: 'Pending', color: 'yellow' });
    expect(orderBadge('failed', 'detail')).toEqual({ label: 'Failed', color: 'red' });
    expect(orderBadge('refunded', 'list')).toEqual({ label: 'Refunded', color: 'grey' });
    expect(orderBadge('refund_pending', 'list')).toEqual({ label: 'Refund pending', color: 'grey' });
    expect(orderBadge(null, 'list')).toEqual({ label: 'Unknown', color: 'grey' });
    expect(orderBadge(null, 'detail')).toEqual({ label: 'Completed', color: 'green' });
  });

  it('keeps a line’s frozen name and reads Unknown Product only when it has none', () => {
    expect(lineName({ productName: 'Anubias nana' })).toBe('Anubias nana');
    expect(lineName({ productName: '  ' })).toBe('Unknown Product');
  });

  it('writes an address snapshot as postal lines, leaving out the empty second line', () => {
    expect(addressLines(order.shippingAddress)).toEqual(['Ananya Sen', '12 Park Street', 'Kolkata, West Bengal 700016', 'India', 'Phone: 9830012345']);
    expect(addressLines({ ...order.shippingAddress, addressLine2: 'Near the park' })).toContain('Near the park');
  });

  it('opens the invoice of a paid order only, saying why not otherwise', () => {
    expect(invoiceUnavailableReason(order)).toBeNull();
    expect(invoiceUnavailableReason({ billNumber: null })).toBe('A bill is issued once the payment is complete.');
    expect(invoicePath('ord_01/x')).toBe('/orders/ord_01%2Fx/invoice');
  });

  it('estimates delivery while a paid order is on its way, not once delivered or cancelled, nor for an unpaid one', () => {
    expect(deliveryEstimate(order)).toBe('3-5 business days');
    expect(deliveryEstimate({ state: 'paid', fulfilmentStatus: null })).toBe('3-5 business days');
    expect(deliveryEstimate({ state: 'paid', fulfilmentStatus: 'delivered' })).toBeNull();
    expect(deliveryEstimate({ state: 'paid', fulfilmentStatus: 'cancelled' })).toBeNull();
    expect(deliveryEstimate({ state: 'pending', fulfilmentStatus: null })).toBeNull();
    expect(deliveryEstimate({ state: 'partly_refunded', fulfilmentStatus: 'packed' })).toBe('3-5 business days');
    expect(deliveryEstimate({ state: 'refund_pending', fulfilmentStatus: null })).toBeNull();
  });

  it('badges a paid order by where it is on its way, never "Completed"; others by their payment status', () => {
    expect(orderCardBadges({ state: 'paid', fulfilmentStatus: null, refundedPaise: 0, claims: [] })).toEqual([{ label: 'Paid — being prepared', color: 'blue' }]);
    expect(orderCardBadges({ state: 'paid', fulfilmentStatus: 'shipped', refundedPaise: 0, claims: [] })).toEqual([{ label: 'Shipped', color: 'blue' }]);
    expect(orderCardBadges({ state: 'paid', fulfilmentStatus: 'delivered', refundedPaise: 0, claims: [] })).toEqual([{ label: 'Delivered', color: 'green' }]);
    expect(orderCardBadges({ state: 'pending', fulfilmentStatus: null, refundedPaise: 0, claims: [] })).toEqual([{ label: 'Pending', color: 'yellow' }]);
    // Partly refunded: the state with the amount given back, and where the rest is on its way.
    expect(orderCardBadges({ state: 'partly_refunded', fulfilmentStatus: 'shipped', refundedPaise: 10000, claims: [] })).toEqual([
      { label: 'Partly refunded: ₹100.00', color: 'grey' },
      { label: 'Shipped', color: 'blue' },
    ]);
    expect(orderCardBadges({ state: 'refunded', fulfilmentStatus: 'cancelled', refundedPaise: 78500, claims: [] })).toEqual([
      { label: 'Refunded', color: 'grey' },
      { label: 'Cancelled', color: 'red' },
    ]);
  });

  it('badges a guarantee replacement and where the latest claim stands', () => {
    const claim = (state: 'pending' | 'approved' | 'declined') => ({ id: 'gcl_1', state, lines: [], description: '', photoIds: [], createdAt: '', decidedAt: null, declineReason: null, replacement: null });
    expect(orderCardBadges({ state: 'replacement', fulfilmentStatus: null, refundedPaise: 0, claims: [] })).toEqual([{ label: 'Replacement — being prepared', color: 'blue' }]);
    expect(orderCardBadges({ state: 'replacement', fulfilmentStatus: 'shipped', refundedPaise: 0, claims: [] })).toEqual([
      { label: 'Replacement', color: 'blue' },
      { label: 'Shipped', color: 'blue' },
    ]);
    expect(orderCardBadges({ state: 'paid', fulfilmentStatus: 'delivered', refundedPaise: 0, claims: [claim('declined'), claim('pending')] })).toEqual([
      { label: 'Delivered', color: 'green' },
      { label: 'Guarantee claim: under review', color: 'yellow' },
    ]);
  });

  it('tells the history oldest first, each step with its time, a shipment with courier and tracking number', () => {
    const history = orderHistory(order);
    expect(history.map((e) => e.label)).toEqual(['Order placed', 'Payment received', 'Processing', 'Shipped']);
    expect(history[3]).toMatchObject({
      at: '2026-11-23T09:00:00.000Z',
      when: formatCustomerDate('2026-11-23T09:00:00.000Z'),
      details: ['Courier: India Post'],
      tracking: { number: 'EK123456789IN', link: { courier: 'India Post', opensShipment: false } },
    });
    const delhivery = orderHistory({ ...order, fulfilment: [{ ...order.fulfilment[1]!, courier: 'Delhivery', trackingNumber: '1234567890' }] });
    expect(delhivery.at(-1)!.tracking).toEqual({ number: '1234567890', link: { courier: 'Delhivery', url: 'https://www.delhivery.com/track/package/1234567890', opensShipment: true } });
    const byHand = orderHistory({ ...order, fulfilment: [{ ...order.fulfilment[1]!, courier: 'Our own van', trackingNumber: 'VAN-7' }] });
    expect(byHand.at(-1)!.tracking).toEqual({ number: 'VAN-7', link: null });
    expect(orderHistory({ ...order, paidAt: null, fulfilment: [] }).map((e) => e.label)).toEqual(['Order placed']);
  });

  it('tells a failed payment with its reason, and a late payment after it', () => {
    const failure = { at: '2026-11-22T10:20:00.000Z', reason: 'The payment was declined in the UPI app.' };
    const failed = orderHistory({ ...order, paidAt: null, fulfilment: [], failure });
    expect(failed.map((e) => e.label)).toEqual(['Order placed', 'Payment failed']);
    expect(failed[1]).toMatchObject({ at: failure.at, details: [failure.reason] });
    expect(orderHistory({ ...order, fulfilment: [], failure, paidAt: '2026-11-22T10:25:00.000Z' }).map((e) => e.label)).toEqual(['Order placed', 'Payment failed', 'Payment received']);
  });

  it('puts each refund into the history at its times, between the steps', () => {
    const refund = { amountPaise: 10000, reason: 'One plant arrived damaged', providerState: 'COMPLETED', requestedAt: '2026-11-22T12:00:00.000Z', refundedAt: '2026-11-24T05:00:00.000Z' };
    const second = { amountPaise: 5000, reason: 'Another', providerState: 'PENDING', requestedAt: '2026-11-25T05:00:00.000Z', refundedAt: null };
    const history = orderHistory({ ...order, refunds: [refund, second] });
    expect(history.map((e) => e.label)).toEqual(['Order placed', 'Payment received', 'Processing', 'Refund started', 'Shipped', 'Refunded', 'Refund started']);
    expect(history[3]!.details).toEqual(['Amount: ₹100.00']);
    expect(history[6]!.details).toEqual(['Amount: ₹50.00']);
  });

  it('describes a refund: amount, where it stands and why', () => {
    const refund = { amountPaise: 78500, reason: 'stock-gone', providerState: 'PENDING', requestedAt: '2026-11-22T10:16:00.000Z', refundedAt: null };
    expect(refundSummary(refund)).toEqual({ amount: '₹785.00', status: 'In progress: the money is on its way back to you.', reason: 'The plants sold out before your payment reached us.' });
    expect(refundSummary({ ...refund, reason: 'Plants arrived damaged', providerState: 'COMPLETED', refundedAt: '2026-11-24T05:00:00.000Z' })).toEqual({
      amount: '₹785.00',
      status: `Refunded on ${formatCustomerDate('2026-11-24T05:00:00.000Z')}`,
      reason: 'Plants arrived damaged',
    });
  });

  it('prices a line as bought, with the volume discount when there was one', () => {
    expect(linePriceText(order.lines[0]!)).toBe('3 × ₹236.55 (5% off ₹249.00)');
    expect(linePriceText({ quantity: 1, unitPricePaise: 24900, discountPercent: 0, discountedUnitPricePaise: 24900 })).toBe('1 × ₹249.00');
  });
});
