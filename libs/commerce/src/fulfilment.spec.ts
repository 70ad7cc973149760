import { hasTracking, nextFulfilmentSteps } from './fulfilment.js';

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
