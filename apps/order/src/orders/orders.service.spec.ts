import { Collection, type EntityManager } from '@mikro-orm/core';
import { rpcSubjects, type Actor } from '@jalaj/contracts';
import type { RpcClient } from '@jalaj/server-kit';
import { Order } from '../checkout/entities/order.entity.js';
import type { OrderLineRow } from '../checkout/entities/order-line.entity.js';
import { sellerConfigSchema, type OrderConfig } from '../config.js';
import type { AdminCheck } from './admin-check.js';
import { Customers } from './customers.js';
import { OrderListCache } from './order-list-cache.js';
import type { OrderListFilter, OrdersRepository } from './orders.repository.js';
import { OrdersService } from './orders.service.js';

const view = rpcSubjects['rpc.order.orders.get-mine'].fixtures.reply.data;
const admin: Actor = { id: 'usr_admin', role: 'admin' };
const shopper: Actor = { id: 'usr_a', role: 'user' };

function loaded(id: string, userId: string, extra: Partial<Order> = {}): Order {
  const order = Object.assign(new Order(), {
    id,
    merchantOrderId: `MO1763800000000${id.padStart(8, '0')}_7f3k`,
    userId,
    state: 'paid',
    createdAt: new Date('2026-11-22T10:14:00Z'),
    paidAt: new Date('2026-11-22T10:15:00Z'),
    subtotalPaise: 70965,
    shippingPaise: 7500,
    totalPaise: 78500,
    shippingAddress: view.shippingAddress,
    billingAddress: view.billingAddress,
    billNumber: 'JLJ/26-27/000001',
    ...extra,
  });
  order.lines = new Collection<OrderLineRow>(order, view.lines.map((l) => ({ ...l, order })) as unknown as OrderLineRow[]);
  order.fulfilmentEvents = new Collection(order, []);
  return order;
}

/**
 * The orders' rules against in-memory fakes of the repository and identity: who may see
 * what, which notice an archive answers, and how customers are asked for. (SQL, filters and
 * the BFF are covered by orders.int-spec.ts.)
 */
function setup(opts: { orders?: Order[]; admin?: boolean; lookup?: 'ok' | 'refused' | 'throws' } = {}) {
  const orders = opts.orders ?? [loaded('o1', 'usr_a'), loaded('o2', 'usr_b'), loaded('o3', 'usr_a')];
  const requests: { subject: string; payload: Record<string, unknown> }[] = [];
  const pages: OrderListFilter[] = [];
  const archived = new Set<string>();
  const repo = {
    one: async (id: string, userId?: string) => orders.find((o) => o.id === id && (!userId || o.userId === userId)) ?? null,
    ofUser: async (userId: string) => orders.filter((o) => o.userId === userId),
    page: async (filter: OrderListFilter) => (pages.push(filter), orders),
    count: async () => orders.length,
    archive: async (ids: readonly string[]) =>
      orders.filter((o) => ids.includes(o.id) && !archived.has(o.id)).map((o) => (archived.add(o.id), { id: o.id, merchantOrderId: o.merchantOrderId, lineCount: o.lines.length })),
    restore: async (id: string) => archived.delete(id),
  } as unknown as OrdersRepository;
  const rpc = {
    request: async (subject: string, payload: Record<string, unknown>) => {
      requests.push({ subject, payload });
      if (subject === 'rpc.identity.profiles.search') return { ok: true, data: { ids: ['usr_b'] } };
      if (opts.lookup === 'throws') throw new Error('identity is down');
      if (opts.lookup === 'refused') return { ok: false, error: { code: 'UNAVAILABLE' } };
      return { ok: true, data: { items: (payload.ids as string[]).filter((id) => id !== 'usr_gone').map((id) => ({ id, fullName: `Name ${id}`, email: `${id}@example.in` })) } };
    },
  } as unknown as RpcClient;
  const isAdmin = async (a: Actor) => a.role === 'admin' && opts.admin !== false;
  const admins = { isAdmin, mayRead: isAdmin } as unknown as AdminCheck;
  const config = sellerConfigSchema.parse({}) as unknown as OrderConfig;
  // The list version never moves here: each setup starts with an empty cache.
  // runSql outside a transaction: the ORM's pool.
  const pool = { query: async () => ({ rows: [{ version: '1' }] }) };
  const versionDb = { getTransactionContext: () => undefined, getConnection: () => ({ getNativeClient: async () => pool }) } as unknown as EntityManager;
  return { service: new OrdersService({} as EntityManager, repo, admins, new Customers(rpc), config, new OrderListCache(versionDb)), requests, pages, archived };
}

describe('a shopper’s orders', () => {
  it('lists only the actor’s own', async () => {
    const r = await setup().service.listMine(shopper);
    expect(r.ok && r.data.items.map((o) => o.id)).toEqual(['o1', 'o3']);
  });

  it('leaves out a checkout the shopper replaced with another, but not other failures (ADR 073)', async () => {
    const failed = { state: 'failed', billNumber: null, paidAt: null } as unknown as Partial<Order>;
    const orders = [loaded('o1', 'usr_a'), loaded('o2', 'usr_a', { ...failed, errorCode: 'REPLACED' }), loaded('o3', 'usr_a', { ...failed, errorCode: 'ZA' })];
    const r = await setup({ orders }).service.listMine(shopper);
    expect(r.ok && r.data.items.map((o) => o.id)).toEqual(['o1', 'o3']);
  });

  it('answers another user’s order as not found', async () => {
    const t = setup();
    expect(await t.service.getMine(shopper, 'o2')).toEqual({ ok: false, error: { code: 'ORDER_NOT_FOUND' } });
    expect((await t.service.getMine(shopper, 'o1')).ok).toBe(true);
  });

  it('opens a bill for its shopper or a (re-checked) admin, and none before payment', async () => {
    const t = setup({ orders: [loaded('o1', 'usr_a'), loaded('o2', 'usr_b', { state: 'pending', billNumber: null, paidAt: null })] });
    const own = await t.service.bill(shopper, 'o1');
    expect(own.ok && own.data).toMatchObject({ billNumber: 'JLJ/26-27/000001', seller: { stateCode: '19' }, placeOfSupply: { code: '19' } });
    expect(await t.service.bill({ id: 'usr_b', role: 'user' }, 'o1')).toEqual({ ok: false, error: { code: 'ORDER_NOT_FOUND' } });
    expect((await t.service.bill(admin, 'o1')).ok).toBe(true);
    expect(await setup({ admin: false }).service.bill(admin, 'o1')).toEqual({ ok: false, error: { code: 'ORDER_NOT_FOUND' } });
    expect(await t.service.bill({ id: 'usr_b', role: 'user' }, 'o2')).toEqual({ ok: false, error: { code: 'BILL_NOT_ISSUED' } });
  });
});

describe('the Orders tab', () => {
  it('refuses anyone identity does not confirm as admin', async () => {
    const t = setup({ admin: false });
    for (const r of [await t.service.adminList(admin, { page: 1, pageSize: 20 }), await t.service.adminGet(admin, 'o1'), await t.service.archive(admin, ['o1']), await t.service.restore(admin, 'o1')]) {
      expect(r).toEqual({ ok: false, error: { code: 'ADMIN_REQUIRED' } });
    }
    expect(t.archived.size).toBe(0);
  });

  it('asks identity once for the page’s customers (distinct ids), and once for a search', async () => {
    const t = setup({ orders: [loaded('o1', 'usr_a'), loaded('o2', 'usr_gone'), loaded('o3', 'usr_a')] });
    const r = await t.service.adminList(admin, { page: 2, pageSize: 3, q: ' ananya ', state: 'paid' });
    expect(t.requests.map((q) => q.subject)).toEqual(['rpc.identity.profiles.search', 'rpc.identity.profiles.lookup']);
    expect(t.requests[0]!.payload.query).toBe('ananya');
    expect(t.requests[1]!.payload.ids).toEqual(['usr_a', 'usr_gone']);
    expect(t.pages).toEqual([{ q: ' ananya ', state: 'paid', customerIds: ['usr_b'] }]);
    expect(r.ok && r.data).toMatchObject({ page: 2, pageSize: 3, total: 3 });
    expect(r.ok && r.data.items.map((o) => o.customer?.email ?? null)).toEqual(['usr_a@example.in', null, 'usr_a@example.in']);
  });

  it('computes a page and its total once per list version, and reuses the customers briefly', async () => {
    const t = setup();
    const first = await t.service.adminList(admin, { page: 1, pageSize: 20, state: 'paid' });
    const again = await t.service.adminList(admin, { page: 1, pageSize: 20, state: 'paid' });
    expect(again).toEqual(first);
    expect(t.pages).toHaveLength(1);
    expect(t.requests.map((q) => q.subject)).toEqual(['rpc.identity.profiles.lookup']);
    await t.service.adminList(admin, { page: 1, pageSize: 20, state: 'failed' });
    expect(t.pages).toHaveLength(2);
  });

  it('still lists the orders when identity cannot give the customers', async () => {
    for (const lookup of ['refused', 'throws'] as const) {
      const r = await setup({ lookup }).service.adminList(admin, { page: 1, pageSize: 20 });
      expect(r.ok && r.data.items.map((o) => o.customer)).toEqual([null, null, null]);
    }
  });

  it('archives one order with ORDER_ARCHIVED, several with ORDERS_ARCHIVED, and refuses empty or spent selections', async () => {
    const t = setup();
    const one = await t.service.archive(admin, ['o1']);
    expect(one.ok && one.data).toEqual({ notice: { code: 'ORDER_ARCHIVED', data: { lineCount: 1, merchantOrderId: 'MO1763800000000000000o1_7f3k' } }, orderIds: ['o1'] });
    expect(await t.service.archive(admin, ['o1'])).toEqual({ ok: false, error: { code: 'ORDER_NOT_FOUND' } });
    const several = await t.service.archive(admin, ['o1', 'o2', 'o3', 'o3']);
    expect(several.ok && several.data).toEqual({ notice: { code: 'ORDERS_ARCHIVED', data: { count: 2 } }, orderIds: ['o2', 'o3'] });
    expect(await t.service.archive(admin, [])).toEqual({ ok: false, error: { code: 'NO_ORDERS_SELECTED' } });
  });

  it('restores an archived order with ORDER_RESTORED; one not archived is not found', async () => {
    const t = setup();
    await t.service.archive(admin, ['o2']);
    const r = await t.service.restore(admin, 'o2');
    expect(r.ok && r.data.notice).toEqual({ code: 'ORDER_RESTORED', data: { merchantOrderId: 'MO1763800000000000000o2_7f3k' } });
    expect(r.ok && r.data.order.customer).toMatchObject({ id: 'usr_b' });
    expect(await t.service.restore(admin, 'o2')).toEqual({ ok: false, error: { code: 'ORDER_NOT_FOUND' } });
  });
});
