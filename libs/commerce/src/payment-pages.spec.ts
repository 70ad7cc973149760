import {
  paymentOutcomePage,
  paymentPendingPage,
  paymentPollDelayMs,
  readPaymentFailedQuery,
  readPaymentPendingQuery,
  readPaymentSuccessQuery,
  type PaymentOutcomeFacts,
} from './payment-pages.js';

const pending: PaymentOutcomeFacts = {
  merchantOrderId: 'MO1763800000000a1b2c3_7f3k',
  outcome: 'pending',
  amountPaise: 78500,
  transactionId: null,
  errorCode: null,
  errorMessage: null,
};

const query = (url: string) => new URL(url, 'http://shop.test').searchParams;

describe('paymentOutcomePage', () => {
  it('sends a paid order to the success page with transactionId, code and the amount in rupees', () => {
    const url = paymentOutcomePage({ ...pending, outcome: 'paid', transactionId: 'OM2511221015000012345' });
    expect(url).toBe('/payment-success?transactionId=OM2511221015000012345&code=PAYMENT_SUCCESS&amount=785.00&orderId=MO1763800000000a1b2c3_7f3k');
    expect(readPaymentSuccessQuery(query(url))).toEqual({ transactionId: 'OM2511221015000012345', code: 'PAYMENT_SUCCESS', amountPaise: 78500 });
  });

  it('names the order when PhonePe gave no transaction id yet', () => {
    expect(paymentOutcomePage({ ...pending, outcome: 'paid' })).toContain('transactionId=MO1763800000000a1b2c3_7f3k&');
  });

  it('sends a failed order to the failure page with transactionId, error and code', () => {
    const url = paymentOutcomePage({ ...pending, outcome: 'failed', transactionId: 'OM1', errorCode: 'ZA', errorMessage: 'Wrong UPI PIN & declined' });
    expect(url).toBe('/payment-failed?transactionId=OM1&error=Wrong+UPI+PIN+%26+declined&code=ZA');
    expect(readPaymentFailedQuery(query(url))).toEqual({ transactionId: 'OM1', error: 'Wrong UPI PIN & declined', code: 'ZA' });
  });

  it('gives a failure without a reason the default words and code', () => {
    const url = paymentOutcomePage({ ...pending, outcome: 'failed' });
    expect(readPaymentFailedQuery(query(url))).toEqual({
      transactionId: 'MO1763800000000a1b2c3_7f3k',
      error: 'The payment could not be completed.',
      code: 'PAYMENT_ERROR',
    });
  });

  it('sends an undecided order to the pending page, which reads the order id back', () => {
    const url = paymentOutcomePage(pending);
    expect(url).toBe('/payment-pending?orderId=MO1763800000000a1b2c3_7f3k');
    expect(url).toBe(paymentPendingPage(pending.merchantOrderId));
    expect(readPaymentPendingQuery(query(url))).toBe(pending.merchantOrderId);
  });
});

describe('reading the pages’ queries', () => {
  it('leaves out what is missing or unreadable', () => {
    expect(readPaymentSuccessQuery(query('/payment-success'))).toEqual({ transactionId: null, code: null, amountPaise: null });
    expect(readPaymentSuccessQuery(query('/payment-success?amount=abc&transactionId=%20'))).toEqual({ transactionId: null, code: null, amountPaise: null });
    expect(readPaymentSuccessQuery(query('/payment-success?amount=-5')).amountPaise).toBeNull();
    expect(readPaymentSuccessQuery(query('/payment-success?amount=12.345')).amountPaise).toBeNull();
  });

  it('reads whole rupees and rupees with paise', () => {
    expect(readPaymentSuccessQuery(query('/payment-success?amount=785')).amountPaise).toBe(78500);
    expect(readPaymentSuccessQuery(query('/payment-success?amount=1234.5')).amountPaise).toBe(123450);
  });

  it('asks nothing for an order id the shop could not have made', () => {
    expect(readPaymentPendingQuery(query('/payment-pending'))).toBeNull();
    expect(readPaymentPendingQuery(query('/payment-pending?orderId=a%20b'))).toBeNull();
    expect(readPaymentPendingQuery(query(`/payment-pending?orderId=${'a'.repeat(64)}`))).toBeNull();
  });
});

describe('paymentPollDelayMs', () => {
  it('checks every 3 s for the first minute, then less often, at most every 30 s', () => {
    expect(paymentPollDelayMs(0)).toBe(3000);
    expect(paymentPollDelayMs(19)).toBe(3000);
    expect(paymentPollDelayMs(20)).toBe(4500);
    expect(paymentPollDelayMs(21)).toBe(6750);
    expect(paymentPollDelayMs(100)).toBe(30000);
    const delays = Array.from({ length: 60 }, (_, i) => paymentPollDelayMs(i));
    expect(delays).toEqual([...delays].sort((a, b) => a - b));
  });
});
