import { addressLines, adminDate, fulfilmentLabel, paymentMethodLabel, statusBadge } from './order-display.js';

describe('how the Orders tab shows an order', () => {
  it('badges the payment state as the spec colours it', () => {
    expect(statusBadge('paid')).toEqual({ label: 'Completed', color: 'green' });
    expect(statusBadge('pending')).toEqual({ label: 'Pending', color: 'gold' });
    expect(statusBadge('failed')).toEqual({ label: 'Failed', color: 'red' });
    expect(statusBadge('refund_pending')).toEqual({ label: 'Refund pending', color: undefined });
    expect(statusBadge(null)).toEqual({ label: 'Unknown', color: undefined });
  });

  it('dates in en-IN short form, India time', () => {
    expect(adminDate('2026-11-22T20:00:00.000Z')).toBe('23/11/26');
    expect(adminDate('not a date')).toBe('');
  });

  it("reads the payment method in words, or 'Not specified'", () => {
    expect(paymentMethodLabel('UPI_INTENT')).toBe('UPI Intent');
    expect(paymentMethodLabel('CARD')).toBe('Card');
    expect(paymentMethodLabel('NET_BANKING')).toBe('Net Banking');
    expect(paymentMethodLabel(null)).toBe('Not specified');
    expect(paymentMethodLabel('  ')).toBe('Not specified');
  });

  it("calls an order nobody has started on 'Not started'", () => {
    expect(fulfilmentLabel(null)).toBe('Not started');
    expect(fulfilmentLabel('none')).toBe('Not started');
    expect(fulfilmentLabel('shipped')).toBe('Shipped');
  });

  it('prints an address snapshot without its empty lines', () => {
    const lines = addressLines({
      id: 'adr_1',
      nickname: null,
      fullName: 'Ananya Sen',
      phone: '9830012345',
      addressLine1: '12 Park Street',
      addressLine2: null,
      city: 'Kolkata',
      state: 'West Bengal',
      postalCode: '700016',
      country: 'India',
    });
    expect(lines).toEqual(['Ananya Sen', '12 Park Street', 'Kolkata 700016', 'West Bengal, India', 'Phone: 9830012345']);
  });
});
