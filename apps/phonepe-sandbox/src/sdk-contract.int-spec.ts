import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { text } from 'node:stream/consumers';
import {
  CallbackResponse,
  Env,
  OrderStatusResponse,
  PhonePeException,
  RefundRequest,
  RefundResponse,
  RefundStatusResponse,
  StandardCheckoutClient,
  StandardCheckoutPayRequest,
  StandardCheckoutPayResponse,
} from 'pg-sdk-node';
import { eventually, SANDBOX_CREDENTIALS, startTestSandbox, type TestSandbox } from '@jalaj/testing';

/**
 * The contract: PhonePe's official Node SDK (`pg-sdk-node` 2.x, class-transformer pinned
 * to 0.4.0 by package.json's overrides) drives the sandbox through every call the shop
 * makes, and each call is accepted and parsed into the SDK's own classes. The SDK builds
 * its URLs for PhonePe's UAT host; an axios interceptor on its HTTP client sends them to
 * the sandbox instead, so paths, query strings, headers and bodies are the SDK's own.
 */

const UAT_HOST = 'https://api-preprod.phonepe.com/apis/pg-sandbox';

interface Received {
  authorization: string;
  body: string;
}

let sandbox: TestSandbox;
let receiver: Server;
let sdk: StandardCheckoutClient;
const received: Received[] = [];
/** Every URL the SDK asked for, before it was pointed at the sandbox. */
const requested: string[] = [];

let n = 0;
const orderId = () => `MO${Date.now()}${++n}_sdk`;
const payRequest = (merchantOrderId: string, redirectUrl?: string) => {
  const builder = StandardCheckoutPayRequest.builder().merchantOrderId(merchantOrderId).amount(45_600).expireAfter(900).message('Jalaj order');
  return (redirectUrl ? builder.redirectUrl(redirectUrl) : builder).build();
};
/** The webhook about one order or one refund, validated and parsed by the SDK. */
const callbacks = (match: (c: CallbackResponse) => boolean) =>
  received.map((r) => sdk.validateCallback(SANDBOX_CREDENTIALS.webhookUsername, SANDBOX_CREDENTIALS.webhookPassword, r.authorization, r.body)).filter(match);
const refusal = async (p: Promise<unknown>) => {
  try {
    await p;
  } catch (e) {
    if (e instanceof PhonePeException) return { status: e.httpStatusCode, code: e.code };
    throw e;
  }
  throw new Error('expected a PhonePeException');
};

beforeAll(async () => {
  receiver = createServer(async (req, res) => {
    received.push({ authorization: String(req.headers.authorization), body: await text(req) });
    res.end('{}');
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const { port } = receiver.address() as AddressInfo;
  sandbox = await startTestSandbox({ webhookUrl: `http://127.0.0.1:${port}/webhook`, env: { SANDBOX_REFUND_DELAY_MS: '300' } });
  sdk = StandardCheckoutClient.getInstance(SANDBOX_CREDENTIALS.clientId, SANDBOX_CREDENTIALS.clientSecret, 1, Env.SANDBOX, false);
  sdk.httpClient.interceptors.request.use((request) => {
    requested.push(String(request.url));
    return { ...request, url: String(request.url).replace(UAT_HOST, sandbox.base) };
  });
});

afterAll(async () => {
  await sandbox?.stop();
  await new Promise((resolve) => receiver?.close(resolve));
});

describe('PhonePe’s Node SDK against the sandbox', () => {
  it('token, pay, the hosted page’s Pay, order status, transaction status and the completed webhook', async () => {
    const id = orderId();
    const returnTo = `http://shop.test/api/payments/phonepe/return/${id}`;
    const pay = await sdk.pay(payRequest(id, returnTo));
    expect(pay).toBeInstanceOf(StandardCheckoutPayResponse);
    expect(pay).toMatchObject({ orderId: expect.stringMatching(/^OMO/), state: 'PENDING', expireAt: expect.any(Number), redirectUrl: `${sandbox.base}/pay/${pay.orderId}` });
    expect(requested.slice(0, 2)).toEqual([`${UAT_HOST}/v1/oauth/token`, `${UAT_HOST}/checkout/v2/pay`]);

    const page = await fetch(pay.redirectUrl);
    expect(page.status).toBe(200);
    const chosen = await fetch(pay.redirectUrl, { method: 'POST', body: new URLSearchParams({ outcome: 'COMPLETED' }), redirect: 'manual' });
    expect(chosen.status).toBe(303);
    expect(chosen.headers.get('location')).toBe(returnTo);

    const status = await sdk.getOrderStatus(id);
    expect(status).toBeInstanceOf(OrderStatusResponse);
    expect(status).toMatchObject({ orderId: pay.orderId, state: 'COMPLETED', amount: 45_600, paymentDetails: [{ state: 'COMPLETED', amount: 45_600, paymentMode: 'UPI_INTENT' }] });

    const transactionId = status.paymentDetails[0].transactionId;
    const transaction = await sdk.getTransactionStatus(transactionId);
    expect(transaction).toBeInstanceOf(OrderStatusResponse);
    expect(transaction).toMatchObject({ merchantOrderId: id, orderId: pay.orderId, state: 'COMPLETED', paymentDetails: [{ transactionId, state: 'COMPLETED' }] });

    const [hook] = await eventually(
      () => callbacks((c) => c.payload.merchantOrderId === id),
      (c) => c.length === 1,
    );
    expect(hook).toBeInstanceOf(CallbackResponse);
    expect(hook).toMatchObject({ type: 'CHECKOUT_ORDER_COMPLETED', payload: { merchantOrderId: id, orderId: pay.orderId, state: 'COMPLETED', amount: 45_600, expireAt: pay.expireAt } });
    expect(() => sdk.validateCallback(SANDBOX_CREDENTIALS.webhookUsername, 'wrong-password', received[0].authorization, received[0].body)).toThrow(PhonePeException);

    // One token served every call.
    expect((await sandbox.control.calls()).filter((c) => c.path === '/v1/oauth/token')).toHaveLength(1);
  });

  it('order status lists the latest attempt, or every attempt with details', async () => {
    const id = orderId();
    await sdk.pay(payRequest(id, 'http://shop.test/back'));
    await sandbox.control.settle(id, { state: 'FAILED', detailedErrorCode: 'Z9', webhook: 'drop' });
    await sandbox.control.settle(id, { state: 'COMPLETED', webhook: 'drop' });
    const latest = await sdk.getOrderStatus(id, false);
    expect(latest.paymentDetails.map((a) => a.state)).toEqual(['COMPLETED']);
    const all = await sdk.getOrderStatus(id, true);
    expect(all.paymentDetails.map((a) => [a.state, a.errorCode ?? null, a.detailedErrorCode ?? null])).toEqual([
      ['FAILED', 'INSUFFICIENT_BALANCE', 'Z9'],
      ['COMPLETED', null, null],
    ]);
    expect(requested.filter((u) => u.includes(`/order/${id}/status`)).map((u) => new URL(u).searchParams.get('details'))).toEqual(['false', 'true']);
  });

  it('pays without a redirectUrl, as PhonePe allows', async () => {
    const pay = await sdk.pay(payRequest(orderId()));
    expect(pay).toMatchObject({ state: 'PENDING', redirectUrl: expect.stringContaining('/pay/OMO') });
  });

  it('refunds, reads the refund status and validates the refund webhooks; refuses a refund below 100 paise', async () => {
    const id = orderId();
    await sdk.pay(payRequest(id, 'http://shop.test/back'));
    await sandbox.control.settle(id, { state: 'COMPLETED', webhook: 'drop' });

    const small = RefundRequest.builder().merchantRefundId(`${id}_R0`).originalMerchantOrderId(id).amount(50).build();
    expect(await refusal(sdk.refund(small))).toEqual({ status: 400, code: 'BAD_REQUEST' });

    const refund = await sdk.refund(RefundRequest.builder().merchantRefundId(`${id}_R1`).originalMerchantOrderId(id).amount(45_600).build());
    expect(refund).toBeInstanceOf(RefundResponse);
    expect(refund).toMatchObject({ refundId: expect.stringMatching(/^OMR/), amount: 45_600, state: 'PENDING' });

    const done = await eventually(
      () => sdk.getRefundStatus(`${id}_R1`),
      (r) => r.state === 'COMPLETED',
    );
    expect(done).toBeInstanceOf(RefundStatusResponse);
    expect(done).toMatchObject({ merchantRefundId: `${id}_R1`, originalMerchantOrderId: id, amount: 45_600, paymentDetails: [{ amount: 45_600, state: 'COMPLETED' }] });

    const hooks = await eventually(
      () => callbacks((c) => c.payload.originalMerchantOrderId === id),
      (c) => c.length === 2,
    );
    expect(hooks.map((h) => h.type)).toEqual(['PG_REFUND_ACCEPTED', 'PG_REFUND_COMPLETED']);
    expect(hooks[1].payload).toMatchObject({ merchantRefundId: `${id}_R1`, refundId: refund.refundId, state: 'COMPLETED', amount: 45_600, paymentDetails: [{ state: 'COMPLETED' }] });
  });
});
