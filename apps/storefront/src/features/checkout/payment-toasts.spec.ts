import { renderReceived } from '@jalaj/commerce';
import { apiErrorFromResponse, networkError } from '@jalaj/web-kit';
import { changesCart, keepsAttempt, paymentErrorToast } from './payment-toasts.js';

/** A problem response as the BFF sends it: its title and text rendered from the code and data with the catalogue. */
const problem = (status: number, code: string, data?: object) => apiErrorFromResponse(status, { status, code, data, ...(renderReceived(code, data) ?? { message: 'Server text' }) });

describe('paymentErrorToast', () => {
  it('reads PAYMENT_INIT_FAILED as Payment Error with the reason, or the spec fallback', () => {
    expect(paymentErrorToast(problem(502, 'PAYMENT_INIT_FAILED', { reason: 'PhonePe is not reachable' }))).toEqual({ title: 'Payment Error', description: 'PhonePe is not reachable' });
    expect(paymentErrorToast(problem(502, 'PAYMENT_INIT_FAILED', {}))).toEqual({ title: 'Payment Error', description: 'Failed to initiate payment' });
  });

  it('reads an unexplained failure as Payment Error / Failed to initiate payment', () => {
    for (const error of [problem(503, 'UNAVAILABLE'), problem(504, 'OUTCOME_UNKNOWN'), problem(500, 'INTERNAL'), apiErrorFromResponse(502, undefined), networkError(new TypeError('offline')), new Error('boom')]) {
      expect(paymentErrorToast(error)).toEqual({ title: 'Payment Error', description: 'Failed to initiate payment' });
    }
  });

  it('reads the stock problems with their texts, naming the plant', () => {
    expect(paymentErrorToast(problem(409, 'INSUFFICIENT_STOCK', { productId: 'prd_1', available: 2, inCart: 0, productName: 'Java Moss' }))).toEqual({
      title: 'Insufficient Stock',
      description: 'Java Moss: Only 2 items available',
    });
    expect(paymentErrorToast(problem(409, 'OUT_OF_STOCK', { productId: 'prd_1', productName: 'Java Moss' }))).toEqual({ title: 'Out of Stock', description: 'Java Moss: This item is currently out of stock' });
  });

  it('reads the server’s blocking answers with the spec’s texts', () => {
    expect(paymentErrorToast(problem(409, 'CART_EMPTY'))).toEqual({ title: 'Cart is empty', description: 'Please add items to your cart before proceeding to payment' });
    expect(paymentErrorToast(problem(400, 'SHIPPING_ADDRESS_REQUIRED'))).toEqual({ title: 'Shipping address required', description: 'Please select a shipping address before proceeding to payment' });
  });

  it('gives a code without a title the Payment Error title', () => {
    expect(paymentErrorToast(problem(404, 'ADDRESS_NOT_FOUND'))).toEqual({ title: 'Payment Error', description: 'Address not found' });
  });
});

describe('keepsAttempt', () => {
  it('repeats the attempt when the payment may have started or nothing was decided', () => {
    expect(keepsAttempt(problem(504, 'OUTCOME_UNKNOWN'))).toBe(true);
    expect(keepsAttempt(problem(503, 'UNAVAILABLE'))).toBe(true);
    expect(keepsAttempt(problem(429, 'RATE_LIMITED'))).toBe(true);
    expect(keepsAttempt(networkError(new TypeError('offline')))).toBe(true);
  });

  it('starts a new attempt after a decided answer', () => {
    expect(keepsAttempt(problem(502, 'PAYMENT_INIT_FAILED', {}))).toBe(false);
    expect(keepsAttempt(problem(409, 'INSUFFICIENT_STOCK', { productId: 'p', available: 1, inCart: 0 }))).toBe(false);
    expect(keepsAttempt(problem(400, 'BILLING_ADDRESS_REQUIRED'))).toBe(false);
  });
});

describe('changesCart', () => {
  it('is true for the answers that mean the cart on screen is out of date', () => {
    expect(changesCart(problem(409, 'OUT_OF_STOCK', { productId: 'p' }))).toBe(true);
    expect(changesCart(problem(409, 'CART_EMPTY'))).toBe(true);
    expect(changesCart(problem(503, 'UNAVAILABLE'))).toBe(false);
  });
});
