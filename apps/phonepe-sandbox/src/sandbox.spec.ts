import { backoffDelays, errorCategory, orderEvent, orderStatusView, phonePeId, refundStatusView, SandboxError, SandboxStore, transactionStatusView, validatePay, validateRefund } from './sandbox.js';
import { paymentPage, closedPage, rupees } from './hosted-page.js';
import { webhookAuthorization } from './webhooks.js';

const pay = (over: Record<string, unknown> = {}) => ({
  merchantOrderId: 'MO2611221200abc_x1',
  amount: 12_300,
  expireAfter: 900,
  metaInfo: { udf1: 'cart-1' },
  paymentFlow: { type: 'PG_CHECKOUT', message: 'Jalaj order', merchantUrls: { redirectUrl: 'http://localhost:8080/api/payments/phonepe/return/MO1' } },
  ...over,
});

const refusal = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    if (e instanceof SandboxError) return { status: e.status, code: e.code };
    throw e;
  }
  return 'accepted';
};

let clock = 1_800_000_000_000;
const store = (refundDelayMs = 1000) => new SandboxStore({ tokenTtlSeconds: 60, refundDelayMs }, () => clock);

describe('validatePay: PhonePe rules', () => {
  it('accepts a well-formed request and defaults expireAfter', () => {
    expect(validatePay(pay())).toEqual({
      merchantOrderId: 'MO2611221200abc_x1',
      amount: 12_300,
      expireAfter: 900,
      metaInfo: { udf1: 'cart-1' },
      message: 'Jalaj order',
      redirectUrl: 'http://localhost:8080/api/payments/phonepe/return/MO1',
    });
    expect(validatePay(pay({ expireAfter: undefined, metaInfo: undefined })).expireAfter).toBe(1200);
    expect(validatePay(pay({ merchantOrderId: 'a'.repeat(63), amount: 100, expireAfter: 300 })).amount).toBe(100);
    expect(validatePay(pay({ expireAfter: 3600 })).expireAfter).toBe(3600);
  });

  it.each([
    ['a 64-character merchantOrderId', { merchantOrderId: 'a'.repeat(64) }],
    ['a merchantOrderId with other characters', { merchantOrderId: 'MO 1' }],
    ['an empty merchantOrderId', { merchantOrderId: '' }],
    ['99 paise', { amount: 99 }],
    ['a fractional amount', { amount: 100.5 }],
    ['an amount as a string', { amount: '12300' }],
    ['expireAfter below 300', { expireAfter: 299 }],
    ['expireAfter above 3600', { expireAfter: 3601 }],
    ['another flow type', { paymentFlow: { type: 'SUBSCRIPTION', merchantUrls: { redirectUrl: 'http://x' } } }],
    ['a redirect URL that is not a string', { paymentFlow: { type: 'PG_CHECKOUT', merchantUrls: { redirectUrl: 5 } } }],
    ['a javascript: redirect URL', { paymentFlow: { type: 'PG_CHECKOUT', merchantUrls: { redirectUrl: 'javascript:alert(1)' } } }],
    ['metaInfo beyond udf15', { metaInfo: { udf16: 'x' } }],
  ])('refuses %s with 400 BAD_REQUEST', (_name, over) => {
    expect(refusal(() => validatePay(pay(over)))).toEqual({ status: 400, code: 'BAD_REQUEST' });
  });

  it('accepts a payment without redirectUrl, optional at PhonePe', () => {
    expect(validatePay(pay({ paymentFlow: { type: 'PG_CHECKOUT' } })).redirectUrl).toBeNull();
    expect(validatePay(pay({ paymentFlow: { type: 'PG_CHECKOUT', merchantUrls: {} } })).redirectUrl).toBeNull();
  });

  it('refuses a body that is not an object', () => {
    for (const body of [null, 'x', [], 5]) expect(refusal(() => validatePay(body))).toEqual({ status: 400, code: 'BAD_REQUEST' });
  });

  it('validates refunds', () => {
    expect(validateRefund({ merchantRefundId: 'R1', originalMerchantOrderId: 'MO1', amount: 100 })).toEqual({ merchantRefundId: 'R1', originalMerchantOrderId: 'MO1', amount: 100 });
    for (const body of [{ merchantRefundId: 'R 1', originalMerchantOrderId: 'MO1', amount: 100 }, { merchantRefundId: 'R1', originalMerchantOrderId: 'MO1', amount: 0 }, {}]) {
      expect(refusal(() => validateRefund(body))).toEqual({ status: 400, code: 'BAD_REQUEST' });
    }
  });

  it('refuses a refund below PhonePe’s minimum of 100 paise', () => {
    for (const amount of [1, 50, 99]) expect(refusal(() => validateRefund({ merchantRefundId: 'R1', originalMerchantOrderId: 'MO1', amount }))).toEqual({ status: 400, code: 'BAD_REQUEST' });
  });
});

describe('SandboxStore', () => {
  beforeEach(() => {
    clock = 1_800_000_000_000;
  });

  it('creates an order once: a repeated merchantOrderId is a 409 ORDER_ALREADY_EXISTS', () => {
    const s = store();
    const order = s.createOrder(validatePay(pay()));
    expect(order.orderId).toMatch(/^OMO\d{22}$/);
    expect(order.expireAt).toBe(clock + 900_000);
    expect(refusal(() => s.createOrder(validatePay(pay())))).toEqual({ status: 409, code: 'ORDER_ALREADY_EXISTS' });
    expect(refusal(() => s.order('nope'))).toEqual({ status: 404, code: 'ORDER_NOT_FOUND' });
    expect(s.orderByOrderId(order.orderId)).toBe(order);
  });

  it('reports a pending order, then the shopper’s first choice; a second choice changes nothing', () => {
    const s = store();
    const order = s.createOrder(validatePay(pay()));
    expect(orderStatusView(order, clock, 'FAILED')).toMatchObject({ state: 'PENDING', amount: 12_300, paymentDetails: [] });
    expect(s.choose(order, 'COMPLETED').changed).toBe(true);
    const view = orderStatusView(order, clock, 'FAILED');
    expect(view).toMatchObject({ state: 'COMPLETED', amount: 12_300, metaInfo: { udf1: 'cart-1' } });
    expect(view.paymentDetails).toEqual([{ transactionId: expect.stringMatching(/^OM\d{22}$/), paymentMode: 'UPI_INTENT', timestamp: clock, amount: 12_300, state: 'COMPLETED' }]);
    expect(s.choose(order, 'FAILED').changed).toBe(false);
    expect(orderStatusView(order, clock, 'FAILED').state).toBe('COMPLETED');
  });

  it('records a decline as UPI code ZA under its category on the order and the attempt', () => {
    const s = store();
    const order = s.createOrder(validatePay(pay()));
    s.choose(order, 'FAILED');
    const view = orderStatusView(order, clock, 'FAILED');
    expect(view).toMatchObject({ state: 'FAILED', errorCode: 'PAYMENT_ERROR', detailedErrorCode: 'ZA' });
    expect(view.paymentDetails[0]).toMatchObject({ state: 'FAILED', errorCode: 'PAYMENT_ERROR', detailedErrorCode: 'ZA' });
  });

  it('pairs a detailed code with PhonePe’s category, as its error-code table does', () => {
    const s = store();
    const order = s.createOrder(validatePay(pay()));
    s.settle(order, 'FAILED', { detailedErrorCode: 'Z9' });
    expect(orderStatusView(order, clock, 'FAILED')).toMatchObject({ errorCode: 'INSUFFICIENT_BALANCE', detailedErrorCode: 'Z9' });
    s.settle(order, 'FAILED', { errorCode: 'PAYMENT_ERROR', detailedErrorCode: 'XC' });
    expect(orderStatusView(order, clock, 'FAILED')).toMatchObject({ errorCode: 'PAYMENT_ERROR', detailedErrorCode: 'XC' });
    expect([errorCategory('ZM'), errorCategory('TXN_AUTO_FAILED'), errorCategory('U90')]).toEqual(['INVALID_MPIN', 'TXN_NOT_COMPLETED', 'BANK_TECHNICAL_ISSUE']);
  });

  it('lists only the latest attempt unless details=true', () => {
    const s = store();
    const order = s.createOrder(validatePay(pay()));
    s.settle(order, 'FAILED');
    s.settle(order, 'COMPLETED');
    expect(orderStatusView(order, clock, 'FAILED').paymentDetails.map((a) => a.state)).toEqual(['COMPLETED']);
    expect(orderStatusView(order, clock, 'FAILED', { details: false }).paymentDetails).toHaveLength(1);
    expect(orderStatusView(order, clock, 'FAILED', { details: true }).paymentDetails.map((a) => a.state)).toEqual(['FAILED', 'COMPLETED']);
  });

  it('adds the errorContext block to a failed order only when errorContext=true', () => {
    const s = store();
    const order = s.createOrder(validatePay(pay()));
    s.settle(order, 'FAILED', { detailedErrorCode: 'Z9' });
    expect(orderStatusView(order, clock, 'FAILED')).not.toHaveProperty('errorContext');
    expect(orderStatusView(order, clock, 'FAILED', { errorContext: true }).errorContext).toEqual({
      errorCode: 'INSUFFICIENT_BALANCE',
      detailedErrorCode: 'Z9',
      source: 'CUSTOMER',
      stage: 'AUTHORIZATION',
      description: expect.stringContaining('insufficient balance'),
    });
    s.settle(order, 'COMPLETED');
    expect(orderStatusView(order, clock, 'FAILED', { errorContext: true })).not.toHaveProperty('errorContext');
  });

  it('answers Transaction Status with the order of an attempt and that attempt alone', () => {
    const s = store();
    const order = s.createOrder(validatePay(pay()));
    s.settle(order, 'FAILED');
    s.settle(order, 'COMPLETED');
    const [first, second] = order.attempts;
    expect(s.orderOfTransaction(first.transactionId)).toBe(order);
    const view = transactionStatusView(order, first.transactionId, 'JALAJSANDBOX', clock, 'FAILED');
    expect(view).toMatchObject({ merchantId: 'JALAJSANDBOX', merchantOrderId: order.merchantOrderId, orderId: order.orderId, state: 'COMPLETED', amount: 12_300 });
    expect(view.paymentDetails).toEqual([expect.objectContaining({ transactionId: first.transactionId, state: 'FAILED', detailedErrorCode: 'ZA' })]);
    expect(transactionStatusView(order, second.transactionId, 'JALAJSANDBOX', clock, 'FAILED').paymentDetails).toEqual([expect.objectContaining({ transactionId: second.transactionId, state: 'COMPLETED' })]);
    expect(refusal(() => s.orderOfTransaction('OM_none'))).toEqual({ status: 404, code: 'TRANSACTION_NOT_FOUND' });
  });

  it('keeps one attempt when a pending attempt later completes', () => {
    const s = store();
    const order = s.createOrder(validatePay(pay()));
    s.choose(order, 'PENDING');
    const pendingId = order.attempts[0].transactionId;
    expect(orderStatusView(order, clock, 'FAILED')).toMatchObject({ state: 'PENDING', paymentDetails: [{ state: 'PENDING' }] });
    s.settle(order, 'COMPLETED');
    expect(order.attempts).toHaveLength(1);
    expect(order.attempts[0]).toMatchObject({ transactionId: pendingId, state: 'COMPLETED' });
  });

  it('reports a pending order past its expiry as failed with TXN_AUTO_FAILED (or EXPIRED when configured), and the page can no longer pay it', () => {
    const s = store();
    const order = s.createOrder(validatePay(pay({ expireAfter: 300 })));
    clock += 299_999;
    expect(orderStatusView(order, clock, 'FAILED').state).toBe('PENDING');
    clock += 1;
    expect(orderStatusView(order, clock, 'FAILED')).toMatchObject({ state: 'FAILED', errorCode: 'TXN_NOT_COMPLETED', detailedErrorCode: 'TXN_AUTO_FAILED' });
    expect(orderStatusView(order, clock, 'EXPIRED').state).toBe('EXPIRED');
    expect(s.choose(order, 'COMPLETED').changed).toBe(false);
    expect(s.expireDue()).toEqual([order]);
    expect(s.expireDue()).toEqual([]);
    expect(orderEvent(orderStatusView(order, clock, 'FAILED').state)?.event).toBe('checkout.order.failed');
  });

  it('lets the control API complete an expired order late, and report another amount', () => {
    const s = store();
    const order = s.createOrder(validatePay(pay()));
    expect(s.expireNow(order)).toBe(true);
    expect(s.expireNow(order)).toBe(false);
    s.settle(order, 'COMPLETED', { reportedAmount: 100 });
    const view = orderStatusView(order, clock, 'FAILED');
    expect(view).toMatchObject({ state: 'COMPLETED', amount: 100 });
    expect(view).not.toHaveProperty('errorCode');
    expect(view.paymentDetails.at(-1)).toMatchObject({ amount: 100, state: 'COMPLETED' });
  });

  it('refunds only a completed order, at most what is left, once per merchantRefundId; PENDING then COMPLETED', () => {
    const s = store(1000);
    const order = s.createOrder(validatePay(pay()));
    expect(refusal(() => s.createRefund({ merchantRefundId: 'R1', originalMerchantOrderId: order.merchantOrderId, amount: 100 }))).toEqual({ status: 400, code: 'ORDER_NOT_COMPLETED' });
    s.settle(order, 'COMPLETED');
    const r1 = s.createRefund({ merchantRefundId: 'R1', originalMerchantOrderId: order.merchantOrderId, amount: 12_000 });
    expect(refundStatusView(r1, clock)).toMatchObject({ state: 'PENDING', amount: 12_000, refundId: expect.stringMatching(/^OMR/) });
    expect(refundStatusView(r1, clock).paymentDetails).toEqual([{ transactionId: expect.stringMatching(/^OM\d{22}$/), paymentMode: 'UPI_INTENT', timestamp: clock, amount: 12_000, state: 'PENDING' }]);
    expect(refusal(() => s.createRefund({ merchantRefundId: 'R1', originalMerchantOrderId: order.merchantOrderId, amount: 1 }))).toEqual({ status: 409, code: 'REFUND_ALREADY_EXISTS' });
    expect(refusal(() => s.createRefund({ merchantRefundId: 'R2', originalMerchantOrderId: order.merchantOrderId, amount: 301 }))).toEqual({ status: 400, code: 'REFUND_AMOUNT_EXCEEDED' });
    expect(refusal(() => s.createRefund({ merchantRefundId: 'R3', originalMerchantOrderId: 'MO_none', amount: 1 }))).toEqual({ status: 404, code: 'ORDER_NOT_FOUND' });
    expect(s.completedRefunds()).toEqual([]);
    clock += 1000;
    expect(refundStatusView(r1, clock).state).toBe('COMPLETED');
    expect(s.completedRefunds()).toEqual([r1]);
    expect(s.completedRefunds()).toEqual([]);
    expect(refusal(() => s.refund('R9'))).toEqual({ status: 404, code: 'REFUND_NOT_FOUND' });
  });

  it('refuses a refund it was told to refuse after the delay (FAILED), whose amount may then be refunded again', () => {
    const s = store(1000);
    const order = s.createOrder(validatePay(pay()));
    s.settle(order, 'COMPLETED');
    const r1 = s.createRefund({ merchantRefundId: 'R1', originalMerchantOrderId: order.merchantOrderId, amount: order.amount }, 'FAILED');
    expect(refundStatusView(r1, clock).state).toBe('PENDING');
    clock += 1000;
    expect(refundStatusView(r1, clock)).toMatchObject({ state: 'FAILED', paymentDetails: [expect.objectContaining({ state: 'FAILED' })] });
    expect(s.completedRefunds()).toEqual([r1]);
    const r2 = s.createRefund({ merchantRefundId: 'R2', originalMerchantOrderId: order.merchantOrderId, amount: order.amount });
    clock += 1000;
    expect(refundStatusView(r2, clock).state).toBe('COMPLETED');
  });

  it('refunds up to the amount it reported, when told to report another one', () => {
    const s = store(1000);
    const order = s.createOrder(validatePay(pay()));
    s.settle(order, 'COMPLETED', { reportedAmount: order.amount + 500 });
    expect(s.createRefund({ merchantRefundId: 'R1', originalMerchantOrderId: order.merchantOrderId, amount: order.amount + 500 }).amount).toBe(order.amount + 500);
    expect(refusal(() => s.createRefund({ merchantRefundId: 'R2', originalMerchantOrderId: order.merchantOrderId, amount: 100 }))).toEqual({ status: 400, code: 'REFUND_AMOUNT_EXCEEDED' });
  });

  it('issues tokens with epoch seconds, accepts only live O-Bearer tokens, and revokes them', () => {
    const s = store();
    expect(s.issueToken('t1')).toEqual({ issuedAt: 1_800_000_000, expiresAt: 1_800_000_060 });
    expect(s.authorized('O-Bearer t1')).toBe(true);
    expect(s.authorized('Bearer t1')).toBe(false);
    expect(s.authorized('O-Bearer t2')).toBe(false);
    expect(s.authorized(undefined)).toBe(false);
    clock += 60_000;
    expect(s.authorized('O-Bearer t1')).toBe(false);
    s.issueToken('t3');
    expect(s.revokeTokens()).toBe(1);
    expect(s.authorized('O-Bearer t3')).toBe(false);
  });
});

describe('small decisions', () => {
  it('backs off by doubling', () => {
    expect(backoffDelays(4, 500)).toEqual([500, 1000, 2000, 4000]);
    expect(backoffDelays(0, 500)).toEqual([]);
  });

  it('names events by state', () => {
    expect(orderEvent('COMPLETED')).toEqual({ event: 'checkout.order.completed', type: 'CHECKOUT_ORDER_COMPLETED' });
    expect(orderEvent('EXPIRED')).toEqual({ event: 'checkout.order.failed', type: 'CHECKOUT_ORDER_FAILED' });
    expect(orderEvent('PENDING')).toBeNull();
  });

  it('makes PhonePe-shaped ids', () => {
    expect(phonePeId('OMO', Date.UTC(2026, 10, 22, 20, 30, 5))).toMatch(/^OMO261122203005\d{10}$/);
  });

  it('signs webhooks with the PhonePe test vector', () => {
    expect(webhookAuthorization('username', 'password')).toBe('bc842c31a9e54efe320d30d948be61291f3ceee4766e36ab25fa65243cd76e0e');
  });

  it('renders the hosted page with the amount in rupees, escaped values and the sandbox label', () => {
    const s = store();
    const order = s.createOrder(validatePay(pay({ amount: 123_450, paymentFlow: { type: 'PG_CHECKOUT', message: '<b>x</b>', merchantUrls: { redirectUrl: 'http://shop/"r' } } })));
    expect(rupees(123_450)).toBe('₹1,234.50');
    const page = paymentPage(order, 'Jalaj', '9:00 pm IST');
    expect(page).toContain('PhonePe sandbox — test payment, no money moves');
    expect(page).toContain('Pay ₹1,234.50');
    expect(page).toContain('&lt;b&gt;x&lt;/b&gt;');
    expect(page).not.toContain('<b>x</b>');
    expect(closedPage(order, 'Jalaj', 'expired')).toContain('This payment request has expired');
    expect(closedPage(order, 'Jalaj', 'expired')).toContain('href="http://shop/&quot;r"');
    const noReturn = s.createOrder(validatePay(pay({ merchantOrderId: 'MO_no_return', paymentFlow: { type: 'PG_CHECKOUT' } })));
    expect(closedPage(noReturn, 'Jalaj', 'completed')).not.toContain('Return to');
  });
});
