import { paymentFailureText, paymentInitFailureReason } from './payment-failures.js';
import { PAYMENT_FAILED_DEFAULT_ERROR } from './payment-pages.js';

describe('payment failure texts', () => {
  it('explains the UPI codes PhonePe reports', () => {
    expect(paymentFailureText('ZA')).toBe('The payment was declined in the UPI app.');
    expect(paymentFailureText('Z9')).toBe('The account does not have enough funds.');
  });

  it("explains the shop's own codes", () => {
    expect(paymentFailureText('EXPIRED')).toBe('The payment was not completed in time.');
    expect(paymentFailureText('STOCK_GONE')).toMatch(/refunded/);
  });

  it('falls back for an unknown or missing code', () => {
    expect(paymentFailureText('NEW_CODE')).toBe(PAYMENT_FAILED_DEFAULT_ERROR);
    expect(paymentFailureText(null)).toBe(PAYMENT_FAILED_DEFAULT_ERROR);
    expect(paymentFailureText('toString')).toBe(PAYMENT_FAILED_DEFAULT_ERROR);
  });

  it('says whether PhonePe could not be reached or refused', () => {
    expect(paymentInitFailureReason(0)).toBe('PhonePe is not reachable. Please try again.');
    expect(paymentInitFailureReason(500)).toBe('PhonePe could not start the payment. Please try again.');
  });
});
