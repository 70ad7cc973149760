import { cartSubjects, identitySubjects, type Actor, type Address, type Cart, type OrderLine } from '@jalaj/contracts';
import type { RpcClient } from '@jalaj/server-kit';
import type { OrderConfig } from '../config.js';
import { PhonePeError, type PhonePeGateway, type PhonePePayRequest } from '../payments/phonepe/phonepe-gateway.js';
import type { CheckoutReconciler } from './checkout.reconciler.js';
import type { CheckoutRepository } from './checkout.repository.js';
import { Order } from './entities/order.entity.js';
import { CheckoutService, reservationIdFor, reusableCheckout } from './checkout.service.js';
import type { PaymentDecider } from './payment-decider.js';

const actor: Actor = { id: 'usr_1', role: 'user' };
const kolkata: Address = { ...identitySubjects['rpc.identity.addresses.list'].fixtures.reply.data.items[0]!, id: 'adr_home', postalCode: '700016' };
const andaman: Address = { ...kolkata, id: 'adr_island', postalCode: '744101' };
const oneLine: Cart = cartSubjects['rpc.cart.items.list'].fixtures.reply.data;

/** Starting a payment against fakes of cart, identity, catalog, PhonePe and the repository, on real `Order` aggregates. */
function setup(opts: { cart?: Cart; addresses?: Address[]; stock?: 'ok' | 'OUT_OF_STOCK'; phonepe?: 'ok' | 'refuse'; maxUnits?: number } = {}) {
  const calls: string[] = [];
  const orders: Order[] = [];
  const lines: OrderLine[] = [];
  const reservations = new Map<string, string>();
  const payRequests: PhonePePayRequest[] = [];
  const repo = {
    lockCheckouts: async () => void calls.push('lock'),
    openPayments: async (userId: string, replaced: string) =>
      orders.filter((o) => o.userId === userId && (o.state === 'pending' || (o.state === 'failed' && o.errorCode === replaced && o.expiresAt > new Date()))),
    create: (data: Partial<Order>, orderLines: OrderLine[]) => {
      const order = Object.assign(new Order(), data);
      orders.push(order);
      lines.push(...orderLines);
      return order;
    },
  } as unknown as CheckoutRepository;
  const reserveRequests: unknown[] = [];
  const rpc = {
    request: async (subject: string, payload: { reservationId?: string }) => {
      calls.push(subject);
      if (subject === 'rpc.catalog.stock.reserve') reserveRequests.push(payload);
      if (subject === 'rpc.cart.items.list') return { ok: true, data: opts.cart ?? oneLine };
      if (subject === 'rpc.identity.addresses.list') return { ok: true, data: { items: opts.addresses ?? [kolkata, andaman] } };
      if (subject === 'rpc.catalog.stock.reserve') {
        if (opts.stock === 'OUT_OF_STOCK') return { ok: false, error: { code: 'OUT_OF_STOCK', data: { productId: 'prd_01JD0000000000000000000000', productName: 'Anubias nana' } } };
        reservations.set(payload.reservationId!, 'held');
        return { ok: true, data: { reservationId: payload.reservationId, expiresAt: new Date().toISOString() } };
      }
      if (subject === 'rpc.catalog.stock.release') {
        reservations.set(payload.reservationId!, 'released');
        return { ok: true, data: { reservationId: payload.reservationId, status: 'released' } };
      }
      throw new Error(`unexpected ${subject}`);
    },
  } as unknown as RpcClient;
  const phonepe = {
    pay: async (request: PhonePePayRequest) => {
      payRequests.push(request);
      if (opts.phonepe === 'refuse') throw new PhonePeError(500, 'INTERNAL_SERVER_ERROR', 'boom');
      return { orderId: `OMO${payRequests.length}`, state: 'PENDING', expireAt: Date.now() + 900_000, redirectUrl: `http://sandbox/pay/OMO${payRequests.length}` };
    },
  } as unknown as PhonePeGateway;
  // PhonePe has not decided the replaced payment: the decider releases its stock and fails it as REPLACED.
  const decider = {
    replace: async (merchantOrderId: string) => {
      calls.push(`replace ${merchantOrderId}`);
      const o = orders.find((r) => r.merchantOrderId === merchantOrderId)!;
      reservations.set(o.reservationId, 'released');
      o.moveTo('failed');
      o.errorCode = 'REPLACED';
      return true;
    },
  } as unknown as PaymentDecider;
  const config = {
    PAYMENT_EXPIRE_AFTER_SECONDS: 900,
    PAYMENT_RECONCILE_FIRST_SECONDS: 20,
    CHECKOUT_MAX_UNITS_PER_PLANT: opts.maxUnits ?? 20,
    CHECKOUT_MAX_OPEN_PAYMENTS: 3,
    CHECKOUT_HOLD_MAX_SHARE_PERCENT: 50,
  } as OrderConfig;
  const service = new CheckoutService(repo, rpc, decider, {} as CheckoutReconciler, phonepe, config);
  const pay = (shipping: string | null = kolkata.id, billing: string | null = kolkata.id) => service.pay(actor, shipping, billing, 'https://jalaj.shop');
  return { pay, calls, orders, lines, reservations, payRequests, reserveRequests };
}

describe('starting a payment', () => {
  it('prices the order on the server, reserves its stock and creates the PhonePe payment', async () => {
    const t = setup();
    const result = await t.pay();
    // 3 × ₹249 at 5 % = ₹709.65 + ₹75 Kolkata shipping = ₹784.65 → ₹785.
    expect(result).toEqual({ ok: true, data: { orderId: t.orders[0]!.id, merchantOrderId: t.orders[0]!.merchantOrderId, redirectUrl: 'http://sandbox/pay/OMO1', amountPaise: 78500 } });
    expect(t.orders[0]).toMatchObject({ state: 'pending', subtotalPaise: 70965, shippingPaise: 7500, totalPaise: 78500, userId: 'usr_1', reservationId: t.orders[0]!.id, phonepeOrderId: 'OMO1' });
    expect(t.orders[0]!.shippingAddress).not.toHaveProperty('isDefaultShipping');
    expect(t.reservations.get(t.orders[0]!.id)).toBe('held');
    expect(t.payRequests[0]).toEqual({
      merchantOrderId: t.orders[0]!.merchantOrderId,
      amountPaise: 78500,
      expireAfterSeconds: 900,
      redirectUrl: `https://jalaj.shop/api/payments/phonepe/return/${t.orders[0]!.merchantOrderId}`,
      metaInfo: { udf1: t.orders[0]!.id },
    });
    expect(t.lines.map((l) => l.productName)).toEqual(['Anubias nana']);
    // Unpaid, it may hold only its share of each plant's stock (catalog checks it under the lock).
    expect(t.reserveRequests[0]).toMatchObject({ maxSharePercent: 50 });
  });

  it('charges ₹150 shipping to an Andaman PIN', async () => {
    const t = setup();
    const result = await t.pay(andaman.id, kolkata.id);
    expect(result.ok && result.data.amountPaise).toBe(86000); // 709.65 + 150 = 859.65 → 860
  });

  it('answers the pending order again for the same cart and addresses (two tabs, back button)', async () => {
    const t = setup();
    const first = await t.pay();
    const second = await t.pay();
    expect(second).toEqual(first);
    expect(t.orders).toHaveLength(1);
    expect(t.payRequests).toHaveLength(1);
    // Other addresses are another checkout.
    await t.pay(andaman.id, andaman.id);
    expect(t.orders).toHaveLength(2);
  });

  it('another checkout replaces the pending one: its stock comes back before the new one is held', async () => {
    const t = setup();
    const first = await t.pay();
    const firstId = first.ok ? first.data.merchantOrderId : '';
    const second = await t.pay(andaman.id, andaman.id);
    expect(second.ok).toBe(true);
    expect(t.orders.map((o) => [o.state, o.errorCode ?? null])).toEqual([
      ['failed', 'REPLACED'],
      ['pending', null],
    ]);
    expect(t.reservations.get(t.orders[0]!.reservationId)).toBe('released');
    const calls = t.calls.slice(t.calls.indexOf(`replace ${firstId}`));
    expect(calls.slice(0, 2)).toEqual([`replace ${firstId}`, 'rpc.catalog.stock.reserve']);
  });

  it('refuses a plant over the units one order may buy, before anything is held or replaced', async () => {
    const t = setup({ maxUnits: 2 });
    const result = await t.pay();
    expect(result).toEqual({ ok: false, error: { code: 'UNITS_LIMIT', data: { productId: oneLine.lines[0]!.productId, productName: 'Anubias nana', max: 2 } } });
    expect(t.orders).toEqual([]);
    expect(t.calls).not.toContain('rpc.catalog.stock.reserve');
  });

  it('refuses a shopper with as many payments open at PhonePe as one may have, naming when the first expires', async () => {
    const t = setup();
    await t.pay();
    await t.pay(andaman.id, andaman.id);
    await t.pay(andaman.id, kolkata.id);
    const before = t.calls.length;
    const refused = await t.pay(kolkata.id, andaman.id);
    expect(refused).toEqual({ ok: false, error: { code: 'PAYMENTS_LIMIT', data: { max: 3, until: t.orders[0]!.expiresAt.toISOString() } } });
    expect(t.orders).toHaveLength(3);
    expect(t.calls.slice(before)).not.toContain('rpc.catalog.stock.reserve');
    // The one still pending keeps its hold.
    expect(t.orders[2]).toMatchObject({ state: 'pending' });
  });

  it.each<[string, Parameters<typeof setup>[0], [string | null, string | null], string]>([
    ['an empty cart', { cart: { lines: [], itemCount: 0, subtotalPaise: 0, savingsPaise: 0 } }, [null, null], 'CART_EMPTY'],
    ['no shipping address', {}, [null, null], 'SHIPPING_ADDRESS_REQUIRED'],
    ['no billing address', {}, ['adr_home', null], 'BILLING_ADDRESS_REQUIRED'],
    ["another shopper's address", {}, ['adr_home', 'adr_someone_else'], 'ADDRESS_NOT_FOUND'],
    ['a billing-only address to ship to', { addresses: [{ ...kolkata, addressType: 'billing' }] }, ['adr_home', 'adr_home'], 'ADDRESS_NOT_FOUND'],
    ['a shipping-only address to bill to', { addresses: [{ ...kolkata, addressType: 'shipping' }] }, ['adr_home', 'adr_home'], 'ADDRESS_NOT_FOUND'],
    ['a deleted product', { cart: { ...oneLine, lines: [{ ...oneLine.lines[0]!, product: null }] } }, ['adr_home', 'adr_home'], 'PRODUCT_NOT_FOUND'],
  ])('refuses %s in the spec’s order, before any order or reservation', async (_, opts, [shipping, billing], code) => {
    const t = setup(opts);
    const result = await t.pay(shipping, billing);
    expect(!result.ok && result.error.code).toBe(code);
    expect(t.orders).toEqual([]);
    expect(t.calls).not.toContain('rpc.catalog.stock.reserve');
  });

  it("no stock: the order fails with catalog's refusal and PhonePe is never asked", async () => {
    const t = setup({ stock: 'OUT_OF_STOCK' });
    const result = await t.pay();
    expect(result).toMatchObject({ ok: false, error: { code: 'OUT_OF_STOCK', data: { productName: 'Anubias nana' } } });
    expect(t.orders[0]).toMatchObject({ state: 'failed', errorCode: 'OUT_OF_STOCK' });
    expect(t.payRequests).toEqual([]);
  });

  it('PhonePe refuses: the reservation is released and the order fails with PAYMENT_INIT_FAILED and a reason', async () => {
    const t = setup({ phonepe: 'refuse' });
    const result = await t.pay();
    expect(result).toEqual({ ok: false, error: { code: 'PAYMENT_INIT_FAILED', data: { reason: 'PhonePe could not start the payment. Please try again.' } } });
    expect(t.orders[0]).toMatchObject({ state: 'failed', errorCode: 'PAYMENT_INIT_FAILED' });
    expect(t.reservations.get(t.orders[0]!.id)).toBe('released');
    // A failed order is not answered again: the next try is a new order.
    await t.pay();
    expect(t.orders).toHaveLength(2);
  });
});

describe('reservationIdFor', () => {
  const command = { subject: 'rpc.order.checkout.pay', id: 'usr_1/key-1' };

  it("is the order's id when the checkout came without a command id", () => {
    expect(reservationIdFor('ord_1', undefined, 'h1')).toBe('ord_1');
  });

  it('is the same for a retry of the same command and checkout, whatever the new order id', () => {
    expect(reservationIdFor('ord_1', command, 'h1')).toBe(reservationIdFor('ord_2', command, 'h1'));
    expect(reservationIdFor('ord_1', command, 'h1')).toMatch(/^rsv_[0-9a-f]{40}$/);
  });

  it('differs for another key or another checkout (lines, prices or addresses changed)', () => {
    const first = reservationIdFor('ord_1', command, 'h1');
    expect(reservationIdFor('ord_1', { ...command, id: 'usr_1/key-2' }, 'h1')).not.toBe(first);
    expect(reservationIdFor('ord_1', command, 'h2')).not.toBe(first);
  });
});

describe('reusableCheckout', () => {
  const now = Date.parse('2026-11-30T10:00:00Z');
  const open = (over: Partial<Pick<Order, 'state' | 'checkoutHash' | 'redirectUrl' | 'expiresAt' | 'createdAt'>> & { id: string }) => ({
    state: 'pending' as const,
    checkoutHash: 'h1',
    redirectUrl: 'http://sandbox/pay/1',
    expiresAt: new Date(now + 600_000),
    createdAt: new Date(now - 60_000),
    ...over,
  });

  it('is the newest pending payment of the same checkout with time left to pay', () => {
    const older = open({ id: 'a', createdAt: new Date(now - 120_000) });
    const newer = open({ id: 'b' });
    expect(reusableCheckout([older, newer], 'h1', now)?.id).toBe('b');
    expect(reusableCheckout([newer, older], 'h1', now)?.id).toBe('b');
  });

  it('is none for another checkout, a payment PhonePe has not started, one replaced, or one about to expire', () => {
    expect(reusableCheckout([open({ id: 'a', checkoutHash: 'h2' })], 'h1', now)).toBeUndefined();
    expect(reusableCheckout([open({ id: 'a', redirectUrl: null })], 'h1', now)).toBeUndefined();
    expect(reusableCheckout([open({ id: 'a', state: 'failed' })], 'h1', now)).toBeUndefined();
    expect(reusableCheckout([open({ id: 'a', expiresAt: new Date(now + 59_000) })], 'h1', now)).toBeUndefined();
    expect(reusableCheckout([open({ id: 'a', expiresAt: new Date(now + 61_000) })], 'h1', now)?.id).toBe('a');
  });
});
