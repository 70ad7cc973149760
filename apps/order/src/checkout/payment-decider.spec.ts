import { Collection } from '@mikro-orm/core';
import { financialYear } from '@jalaj/commerce';
import { orderEvents, type OrderState } from '@jalaj/contracts';
import type { RpcClient } from '@jalaj/server-kit';
import type { OrderConfig } from '../config.js';
import type { PhonePeGateway, PhonePeOrderStatus } from '../payments/phonepe/phonepe-gateway.js';
import type { CheckoutRepository } from './checkout.repository.js';
import { Order } from './entities/order.entity.js';
import { OrderLineRow } from './entities/order-line.entity.js';
import { discoverOrderEntities } from './entities/entity-metadata.spec-support.js';
import type { OrderRefundRow } from './entities/order-refund.entity.js';
import { PaymentDecider } from './payment-decider.js';

const MOID = 'MO1763800000000a1b2c3d4_7f3k';
const address = orderEvents['evt.order.order.paid.v1'].fixture.shippingAddress;

/**
 * The decider's use of PhonePe, catalog and the outbox against in-memory fakes, on a real
 * `Order` aggregate: what each answer does to the order, the stock and the events. (The row
 * lock, the unit of work and the real services are covered by checkout.int-spec.ts.)
 */
function setup(opts: { state?: OrderState; phonepe: Partial<PhonePeOrderStatus> | Error; stock?: Record<string, 'held' | 'committed' | 'released'>; inStock?: boolean; refundState?: string; serialFull?: () => boolean }) {
  const now = Date.now();
  const order = Object.assign(new Order(), {
    id: 'ord_1',
    merchantOrderId: MOID,
    userId: 'usr_1',
    state: opts.state ?? 'pending',
    totalPaise: 78500,
    subtotalPaise: 71000,
    shippingPaise: 7500,
    reservationId: 'ord_1',
    shippingAddress: address,
    billingAddress: address,
    createdAt: new Date(now - 30_000),
    expiresAt: new Date(now + 870_000),
    nextCheckAt: new Date(now),
    checkCount: 0,
  });
  const line = Object.assign(new OrderLineRow(), { order, position: 0, productId: 'prd_1', productName: 'Anubias', imageUrl: null, quantity: 2, unitPricePaise: 35500, discountPercent: 0, discountedUnitPricePaise: 35500, lineTotalPaise: 71000 });
  order.lines = new Collection<OrderLineRow>(order, [line]);
  order.refunds = new Collection<OrderRefundRow>(order, []);
  const stock: Record<string, 'held' | 'committed' | 'released'> = { ord_1: 'held', ...opts.stock };
  const calls: string[] = [];
  const events: { subject: string; data: Record<string, unknown> }[] = [];
  const serials: Record<string, number> = { [financialYear(new Date())]: 122 };
  const repo: CheckoutRepository = {
    // The unit of work's part, in memory (the lock, the flush and the serial's upsert are
    // covered by checkout.int-spec.ts and orders.int-spec.ts).
    transaction: async <T>(work: () => Promise<T>) => work(),
    lock: async () => order,
    // The guarded claim, in memory (its concurrency is covered by order-actions.int-spec.ts).
    claimRefund: async (_id: string, amountPaise: number) => (order.refundedPaise + amountPaise <= order.totalPaise ? order.refundedPaise + amountPaise : null),
    publish: (subject: string, data: Record<string, unknown>) => void events.push({ subject, data }),
    flush: async () => undefined,
    // The bill's statement, in memory: nothing when the serial no longer fits (`serialFull`).
    issueBill: async (_id: string, year: string, p: { head: string; digits: number }) => {
      if (opts.serialFull?.()) return null;
      serials[year] = (serials[year] ?? 0) + 1;
      return `${p.head}${String(serials[year]).padStart(p.digits, '0')}`;
    },
    // The same statement sent with the commit: its number lands on the order's row (here, the order).
    issueBillWithCommit: async (id: string, year: string, p: { head: string; digits: number }) => {
      const number = await repo.issueBill(id, year, p);
      if (number) order.billNumber = number;
    },
  } as unknown as CheckoutRepository;
  const rpc = {
    request: async (subject: string, payload: { reservationId: string }) => {
      calls.push(`${subject} ${payload.reservationId}`);
      const id = payload.reservationId;
      if (subject === 'rpc.catalog.stock.reserve') {
        if (opts.inStock === false) return { ok: false, error: { code: 'OUT_OF_STOCK', data: { productId: 'prd_1' } } };
        stock[id] ??= 'held';
        return { ok: true, data: { reservationId: id, expiresAt: new Date().toISOString() } };
      }
      if (!stock[id]) return { ok: false, error: { code: 'NOT_FOUND' } };
      if (stock[id] === 'held') stock[id] = subject === 'rpc.catalog.stock.commit' ? 'committed' : 'released';
      return { ok: true, data: { reservationId: id, status: stock[id] } };
    },
  } as unknown as RpcClient;
  const status = (): PhonePeOrderStatus => {
    if (opts.phonepe instanceof Error) throw opts.phonepe;
    return { orderId: 'OMO1', state: 'PENDING', amountPaise: 78500, expireAt: null, errorCode: null, detailedErrorCode: null, metaInfo: {}, paymentDetails: [], ...opts.phonepe };
  };
  const phonepe = {
    orderStatus: async () => (calls.push('phonepe.status'), status()),
    refund: async () => (calls.push('phonepe.refund'), { refundId: 'R1', state: 'PENDING', amountPaise: 78500 }),
    refundStatus: async () => (calls.push('phonepe.refundStatus'), { refundId: 'R1', state: opts.refundState ?? 'PENDING', amountPaise: 78500 }),
  } as unknown as PhonePeGateway;
  const config = { PAYMENT_RECONCILE_FIRST_SECONDS: 20, BILL_SERIAL_PREFIX: 'JLJ' } as OrderConfig;
  return { decider: new PaymentDecider(repo, rpc, phonepe, config), order, stock, calls, events, serials };
}

const attempt = { transactionId: 'T1', paymentMode: 'UPI_INTENT', timestamp: 1, amountPaise: 78500, state: 'COMPLETED', errorCode: null, detailedErrorCode: null };

describe('deciding a payment', () => {
  beforeAll(discoverOrderEntities);

  it('COMPLETED for the amount: commits the reservation and writes the paid event with lines and addresses', async () => {
    const t = setup({ phonepe: { state: 'COMPLETED', paymentDetails: [attempt] } });
    await t.decider.check(MOID);
    expect(t.order.state).toBe('paid');
    expect(t.stock.ord_1).toBe('committed');
    expect(t.order.transactionId).toBe('T1');
    expect(t.order.nextCheckAt).toBeNull();
    // The bill of supply's serial: the year's next one, issued with the sale's commit.
    expect(t.order.billNumber).toBe(`JLJ/${financialYear(new Date())}/000123`);
    expect(t.events).toHaveLength(1);
    expect(t.events[0]).toMatchObject({ subject: 'evt.order.order.paid.v1', data: { orderId: 'ord_1', totalPaise: 78500, transactionId: 'T1', paymentMode: 'UPI_INTENT', shippingAddress: address } });
    expect((t.events[0]!.data.lines as unknown[]).length).toBe(1);
  });

  it('a paid order whose serial no longer fits the prefix stays paid without a number, and the reconciler issues it once it fits', async () => {
    let down = true;
    const t = setup({ phonepe: { state: 'COMPLETED', paymentDetails: [attempt] }, serialFull: () => down });
    await t.decider.check(MOID);
    expect(t.order.state).toBe('paid');
    expect(t.order.billNumber).toBeFalsy();
    // The reconciler claims sold orders without a number (checkout.int-spec.ts), so no check is scheduled for it.
    expect(t.order.nextCheckAt).toBeNull();
    down = false;
    // The reconciler's look when it is due: nothing asked of PhonePe or catalog again, the number issued.
    const calls = t.calls.length;
    await t.decider.check(MOID);
    expect(t.calls.slice(calls)).toEqual([]);
    expect(t.order.billNumber).toBe(`JLJ/${financialYear(new Date())}/000123`);
    expect(t.order.nextCheckAt).toBeNull();
    expect(t.events).toHaveLength(1);
  });

  it('a duplicate check of a paid order asks nobody and changes nothing', async () => {
    const t = setup({ phonepe: { state: 'COMPLETED', paymentDetails: [attempt] } });
    await t.decider.check(MOID);
    await t.decider.check(MOID);
    expect(t.events).toHaveLength(1);
    expect(t.calls.filter((c) => c === 'phonepe.status')).toHaveLength(1);
    expect(t.serials[financialYear(new Date())]).toBe(123);
  });

  it("the shopper's return asks PhonePe before the row lock, once, and decides under it", async () => {
    const t = setup({ phonepe: { state: 'COMPLETED', paymentDetails: [attempt] } });
    await t.decider.check(MOID, { state: 'pending' });
    expect(t.order.state).toBe('paid');
    expect(t.calls.filter((c) => c === 'phonepe.status')).toHaveLength(1);
    expect(t.events).toHaveLength(1);
  });

  it('an answer asked before the lock changes nothing when another caller settled the order meanwhile', async () => {
    const t = setup({ state: 'paid', phonepe: { state: 'COMPLETED', paymentDetails: [attempt] } });
    await t.decider.check(MOID, { state: 'pending' });
    expect(t.order.state).toBe('paid');
    expect(t.calls.filter((c) => c.startsWith('rpc.catalog'))).toEqual([]);
    expect(t.events).toEqual([]);
  });

  it('PhonePe unreachable before the lock: the pending order is asked again later, as under it', async () => {
    const t = setup({ phonepe: new Error('unreachable') });
    await t.decider.check(MOID, { state: 'pending' });
    expect(t.order.state).toBe('pending');
    expect(t.order.nextCheckAt!.getTime()).toBeGreaterThan(Date.now());
    expect(t.stock.ord_1).toBe('held');
  });

  it('COMPLETED for another amount: held with AMOUNT_MISMATCH, stock released, no event', async () => {
    const t = setup({ phonepe: { state: 'COMPLETED', amountPaise: 1000, paymentDetails: [attempt] } });
    await t.decider.check(MOID);
    expect(t.order).toMatchObject({ state: 'held', errorCode: 'AMOUNT_MISMATCH', reportedAmountPaise: 1000 });
    expect(t.stock.ord_1).toBe('released');
    expect(t.events).toEqual([]);
  });

  it("FAILED: stock released, failed with PhonePe's detailed code and a readable message", async () => {
    const t = setup({ phonepe: { state: 'FAILED', errorCode: 'PAYMENT_ERROR', paymentDetails: [{ ...attempt, state: 'FAILED', errorCode: 'PAYMENT_ERROR', detailedErrorCode: 'ZA' }] } });
    await t.decider.check(MOID);
    expect(t.order).toMatchObject({ state: 'failed', errorCode: 'ZA', errorMessage: 'The payment was declined in the UPI app.', nextCheckAt: null });
    expect(t.stock.ord_1).toBe('released');
  });

  it('PENDING: asks again on the schedule', async () => {
    const t = setup({ phonepe: { state: 'PENDING' } });
    await t.decider.check(MOID);
    expect(t.order.state).toBe('pending');
    expect(t.order.checkCount).toBe(1);
    expect(t.order.nextCheckAt!.getTime()).toBeGreaterThan(Date.now());
    expect(t.stock.ord_1).toBe('held');
  });

  it('PhonePe unreachable: nothing changes, asked again later', async () => {
    const t = setup({ phonepe: new Error('ECONNREFUSED') });
    await t.decider.check(MOID);
    expect(t.order.state).toBe('pending');
    expect(t.order.nextCheckAt!.getTime()).toBeGreaterThan(Date.now());
  });

  it('still PENDING after the expiry and its grace: failed as EXPIRED, stock released', async () => {
    const t = setup({ phonepe: { state: 'PENDING' } });
    t.order.expiresAt = new Date(Date.now() - 60_000);
    await t.decider.check(MOID);
    expect(t.order).toMatchObject({ state: 'failed', errorCode: 'EXPIRED' });
    expect(t.stock.ord_1).toBe('released');
  });

  it('a late payment of a failed order whose stock is still there: reserved again, committed, paid', async () => {
    const t = setup({ state: 'failed', stock: { ord_1: 'released' }, phonepe: { state: 'COMPLETED', paymentDetails: [attempt] } });
    await t.decider.check(MOID);
    expect(t.order.state).toBe('paid');
    expect(t.order.reservationId).toBe('ord_1_late');
    expect(t.stock.ord_1_late).toBe('committed');
    expect(t.events.map((e) => e.subject)).toEqual(['evt.order.order.paid.v1']);
  });

  it('paid after the reservation expired and the stock is gone: refund_pending with the refund-started event, then refunded', async () => {
    const t = setup({ stock: { ord_1: 'released' }, inStock: false, phonepe: { state: 'COMPLETED', paymentDetails: [attempt] }, refundState: 'COMPLETED' });
    await t.decider.check(MOID);
    expect(t.order).toMatchObject({ state: 'refund_pending', errorCode: 'STOCK_GONE', refundedPaise: 78500 });
    expect(t.order.refunds.getItems()).toEqual([expect.objectContaining({ merchantRefundId: `MR${MOID.slice(2)}`, amountPaise: 78500, reason: 'stock-gone', refundBy: null })]);
    // No bill for a sale that did not happen: the serial is not used.
    expect(t.order.billNumber).toBeUndefined();
    expect(t.events.map((e) => e.subject)).toEqual(['evt.order.order.refund-started.v1']);
    expect(t.events[0]!.data).toMatchObject({ reason: 'stock-gone', refundPaise: 78500 });
    // The reconciler's next pass asks for the refund, the one after follows it.
    await t.decider.check(MOID);
    expect(t.calls).toContain('phonepe.refund');
    expect(t.order.state).toBe('refund_pending');
    await t.decider.check(MOID);
    expect(t.calls).toContain('phonepe.refundStatus');
    expect(t.order.state).toBe('refunded');
    expect(t.calls.filter((c) => c === 'phonepe.refund')).toHaveLength(1);
  });

  it('follows a partly refunded order’s refund until PhonePe completed it, and leaves the order partly refunded', async () => {
    const t = setup({ state: 'paid', phonepe: { state: 'COMPLETED', paymentDetails: [attempt] }, refundState: 'COMPLETED' });
    t.order.billNumber = 'JLJ/26-27/000001';
    t.order.recordRefund(10000, { amountPaise: 10000, reason: 'One plant arrived damaged', by: 'usr_admin', at: new Date() });
    await t.decider.check(MOID);
    expect(t.calls).toEqual(['phonepe.refund']);
    expect(t.order.refunds.getItems()[0]).toMatchObject({ providerState: 'PENDING', requestedAt: expect.any(Date), refundedAt: undefined });
    expect(t.order.nextCheckAt!.getTime()).toBeGreaterThan(Date.now());
    await t.decider.check(MOID);
    expect(t.calls).toEqual(['phonepe.refund', 'phonepe.refundStatus']);
    expect(t.order.refunds.getItems()[0]).toMatchObject({ providerState: 'COMPLETED', refundedAt: expect.any(Date) });
    expect(t.order).toMatchObject({ state: 'partly_refunded', refundedPaise: 10000, nextCheckAt: null });
    // Nothing in flight: the next look asks PhonePe nothing.
    await t.decider.check(MOID);
    expect(t.calls).toHaveLength(2);
  });

  it('a failed order PhonePe still calls failed stays as it is', async () => {
    const t = setup({ state: 'failed', stock: { ord_1: 'released' }, phonepe: { state: 'FAILED' } });
    await t.decider.check(MOID);
    expect(t.order.state).toBe('failed');
    expect(t.order.nextCheckAt).toBeNull();
    expect(t.calls.some((c) => c.startsWith('rpc.catalog'))).toBe(false);
  });
});

describe('replacing a pending payment with another checkout (ADR 073)', () => {
  it('PhonePe has not decided: its stock comes back, it fails as REPLACED and is still asked about until it expires', async () => {
    const t = setup({ phonepe: { state: 'PENDING' } });
    expect(await t.decider.replace(MOID)).toBe(true);
    expect(t.calls).toEqual(['phonepe.status', 'rpc.catalog.stock.release ord_1']);
    expect(t.order).toMatchObject({ state: 'failed', errorCode: 'REPLACED', errorMessage: 'You started a new payment for a changed checkout, which replaced this one.' });
    expect(t.stock.ord_1).toBe('released');
    expect(t.order.nextCheckAt!.getTime()).toBeGreaterThan(Date.now());
    expect(t.order.nextCheckAt!.getTime()).toBeLessThanOrEqual(t.order.expiresAt.getTime() + 10_000);
  });

  it('PhonePe cannot be asked: nothing is replaced, its stock stays held', async () => {
    const t = setup({ phonepe: new Error('PhonePe is down') });
    expect(await t.decider.replace(MOID)).toBe(false);
    expect(t.order.state).toBe('pending');
    expect(t.stock.ord_1).toBe('held');
  });

  it('PhonePe completed it meanwhile: it is paid, not replaced', async () => {
    const t = setup({ phonepe: { state: 'COMPLETED', paymentDetails: [attempt] } });
    await t.decider.replace(MOID);
    expect(t.order.state).toBe('paid');
    expect(t.stock.ord_1).toBe('committed');
  });

  it('a replaced one still pending at PhonePe is asked again; completed after all, it is sold late; refused, asked no more', async () => {
    const later = setup({ state: 'failed', phonepe: { state: 'PENDING' } });
    later.order.errorCode = 'REPLACED';
    await later.decider.check(MOID);
    expect(later.order.state).toBe('failed');
    expect(later.order.nextCheckAt).not.toBeNull();

    const paid = setup({ state: 'failed', phonepe: { state: 'COMPLETED', paymentDetails: [attempt] }, stock: { ord_1: 'released' } });
    paid.order.errorCode = 'REPLACED';
    await paid.decider.check(MOID);
    expect(paid.order.state).toBe('paid');
    expect(paid.order.reservationId).toBe('ord_1_late');

    const refused = setup({ state: 'failed', phonepe: { state: 'FAILED' } });
    refused.order.errorCode = 'REPLACED';
    await refused.decider.check(MOID);
    expect(refused.order.nextCheckAt).toBeNull();

    // Any other failed order is asked no more while PhonePe says nothing new.
    const declined = setup({ state: 'failed', phonepe: { state: 'PENDING' } });
    declined.order.errorCode = 'ZA';
    await declined.decider.check(MOID);
    expect(declined.order.nextCheckAt).toBeNull();
  });
});
