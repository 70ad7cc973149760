import { hasTracking, nextFulfilmentSteps, orderProgress, trackingLink } from './fulfilment.js';

describe('nextFulfilmentSteps', () => {
  it('starts a paid order at any forward step, or cancels it', () => {
    expect(nextFulfilmentSteps('paid', null)).toEqual(['processing', 'packed', 'shipped', 'delivered', 'cancelled']);
  });

  it('moves forward only, skipping allowed', () => {
    expect(nextFulfilmentSteps('paid', 'packed')).toEqual(['shipped', 'delivered', 'cancelled']);
    expect(nextFulfilmentSteps('paid', 'shipped')).toEqual(['delivered', 'cancelled']);
  });

  it('ends at delivered or cancelled', () => {
    expect(nextFulfilmentSteps('paid', 'delivered')).toEqual([]);
    expect(nextFulfilmentSteps('paid', 'cancelled')).toEqual([]);
  });

  it('moves a partly refunded order as a paid one: the rest is still to be delivered', () => {
    expect(nextFulfilmentSteps('partly_refunded', null)).toEqual(['processing', 'packed', 'shipped', 'delivered', 'cancelled']);
    expect(nextFulfilmentSteps('partly_refunded', 'shipped')).toEqual(['delivered', 'cancelled']);
    expect(orderProgress('partly_refunded', null)).toEqual({ label: 'Paid — being prepared', color: 'blue' });
  });

  it('moves no order that is not paid', () => {
    for (const state of ['pending', 'failed', 'held', 'refund_pending', 'refunded']) expect(nextFulfilmentSteps(state, null)).toEqual([]);
  });
});

describe('hasTracking', () => {
  it('needs courier and tracking number to ship, and nothing otherwise', () => {
    expect(hasTracking({ status: 'shipped', courier: 'India Post', trackingNumber: 'EK1IN' })).toBe(true);
    expect(hasTracking({ status: 'shipped', courier: ' ', trackingNumber: 'EK1IN' })).toBe(false);
    expect(hasTracking({ status: 'shipped', courier: 'India Post' })).toBe(false);
    expect(hasTracking({ status: 'packed' })).toBe(true);
  });
});

describe('orderProgress', () => {
  it('reads "Paid — being prepared" for a paid order until the seller starts on it, then the step', () => {
    expect(orderProgress('paid', null)).toEqual({ label: 'Paid — being prepared', color: 'blue' });
    expect(orderProgress('paid', 'processing')).toEqual({ label: 'Processing', color: 'blue' });
    expect(orderProgress('paid', 'shipped')).toEqual({ label: 'Shipped', color: 'blue' });
    expect(orderProgress('paid', 'delivered')).toEqual({ label: 'Delivered', color: 'green' });
    expect(orderProgress('refunded', 'cancelled')).toEqual({ label: 'Cancelled', color: 'red' });
  });

  it('says nothing of an order that is not on its way', () => {
    for (const state of ['pending', 'failed', 'held', 'refund_pending', 'refunded']) expect(orderProgress(state, null)).toBeNull();
  });
});

describe('trackingLink', () => {
  it('opens the courier’s tracking page on the shipment where the page takes its number', () => {
    expect(trackingLink('Delhivery', ' 1234567890123 ')).toEqual({ courier: 'Delhivery', url: 'https://www.delhivery.com/track/package/1234567890123', opensShipment: true });
    expect(trackingLink('Blue Dart', '50712345678')?.url).toBe('https://www.bluedart.com/web/guest/trackdartresultthirdparty?trackFor=0&trackNo=50712345678');
    expect(trackingLink('BLUEDART', 'a b&c')?.url).toMatch(/trackNo=a%20b%26c$/);
  });

  it('knows a courier however the admin typed it, and links the page of one that takes no number in its address', () => {
    for (const name of ['India Post', 'india post', 'Speed Post', 'INDIA-POST']) expect(trackingLink(name, 'EK123456789IN')).toMatchObject({ courier: 'India Post', opensShipment: false });
    expect(trackingLink('DTDC', 'D1234')).toMatchObject({ courier: 'DTDC', opensShipment: false });
  });

  it('gives no link for an unknown courier or without a number', () => {
    expect(trackingLink('Hand delivery', 'X1')).toBeNull();
    expect(trackingLink('Delhivery', '  ')).toBeNull();
    expect(trackingLink(null, 'X1')).toBeNull();
  });
});
