import {
  paymentOutcomePage,
  paymentPendingPage,
  paymentPollDelayMs,
  readPaymentOrderId,
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
    expect(readPaymentOrderId(query(url))).toBe(pending.merchantOrderId);
  });

  it('names the order when PhonePe gave no transaction id yet', () => {
    expect(paymentOutcomePage({ ...pending, outcome: 'paid' })).toContain('transactionId=MO1763800000000a1b2c3_7f3k&');
  });

  it('sends a failed order to the failure page with transactionId, error and code', () => {
    const url = paymentOutcomePage({ ...pending, outcome: 'failed', transactionId: 'OM1', errorCode: 'ZA', errorMessage: 'Wrong UPI PIN & declined' });
    expect(url).toBe('/payment-failed?transactionId=OM1&error=Wrong+UPI+PIN+%26+declined&code=ZA&orderId=MO1763800000000a1b2c3_7f3k');
    expect(readPaymentOrderId(query(url))).toBe(pending.merchantOrderId);
  });

  it('gives a failure without a reason the default words and code', () => {
    const url = query(paymentOutcomePage({ ...pending, outcome: 'failed' }));
    expect([url.get('transactionId'), url.get('error'), url.get('code')]).toEqual(['MO1763800000000a1b2c3_7f3k', 'The payment could not be completed.', 'PAYMENT_ERROR']);
  });

  it('sends an undecided order to the pending page, which reads the order id back', () => {
    const url = paymentOutcomePage(pending);
    expect(url).toBe('/payment-pending?orderId=MO1763800000000a1b2c3_7f3k');
    expect(url).toBe(paymentPendingPage(pending.merchantOrderId));
    expect(readPaymentOrderId(query(url))).toBe(pending.merchantOrderId);
  });
});

describe('readPaymentOrderId', () => {
  it('reads only the order id: an amount, a transaction id or an error in the address are never read', () => {
    expect(readPaymentOrderId(query('/payment-success?transactionId=X&amount=99999&code=PAYMENT_SUCCESS'))).toBeNull();
    expect(readPaymentOrderId(query('/payment-failed?error=Call%20us%20at%20555'))).toBeNull();
    expect(readPaymentOrderId(query('/payment-success?orderId=%20MO1_x%20'))).toBe('MO1_x');
  });

  it('asks nothing for an order id the shop could not have made', () => {
    expect(readPaymentOrderId(query('/payment-pending'))).toBeNull();
    expect(readPaymentOrderId(query('/payment-pending?orderId=a%20b'))).toBeNull();
    expect(readPaymentOrderId(query(`/payment-pending?orderId=${'a'.repeat(64)}`))).toBeNull();
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
