import { addressLines, adminDateTime, fulfilmentLabel, statusBadge } from './order-display.js';

describe('how the Orders tab shows an order', () => {
  it('badges the payment state as the spec colours it', () => {
    expect(statusBadge('paid')).toEqual({ label: 'Completed', color: 'green' });
    expect(statusBadge('pending')).toEqual({ label: 'Pending', color: 'gold' });
    expect(statusBadge('failed')).toEqual({ label: 'Failed', color: 'red' });
    expect(statusBadge('refund_pending')).toEqual({ label: 'Refund pending', color: undefined });
    expect(statusBadge(null)).toEqual({ label: 'Unknown', color: undefined });
  });

  it('dates in en-IN short form with the time of day, India time', () => {
    expect(adminDateTime('2026-11-22T20:00:00.000Z')).toBe('23/11/26, 1:30 am');
    expect(adminDateTime('2026-11-22T10:15:00.000Z')).toBe('22/11/26, 3:45 pm');
    expect(adminDateTime('not a date')).toBe('');
    expect(adminDateTime(null)).toBe('');
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
