import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/core';
import { refundStuckBefore, shopDay, shopDayWindow } from '@jalaj/commerce';
import {
  fail,
  notice,
  ok,
  type Actor,
  type AdminOrderPage,
  type AdminOrderView,
  type BillOfSupply,
  type CustomerOrderFigures,
  type Notice,
  type OrderFigures,
  type OrderView,
  type Result,
} from '@jalaj/contracts';
import { getLogger, InjectConfig, type RpcParsedRequest } from '@jalaj/server-kit';
import { sellerOf, type OrderConfig } from '../config.js';
import { AdminCheck } from './admin-check.js';
import { Customers } from './customers.js';
import { billOfSupply, type Seller } from './bill-of-supply.js';
import { OrderListCache } from './order-list-cache.js';
import { adminOrderViews, toAdminOrderSummary, toOrderView } from './order-views.js';
import type { Order } from '../checkout/entities/order.entity.js';
import { isReplaced } from '../checkout/payment-decider.js';
import { OrdersRepository, searchTerm, type OrderListFilter } from './orders.repository.js';

type AdminOrderPageQuery = RpcParsedRequest<'rpc.order.admin.list'>['query'];

/**
 * The shopper's orders and bills, and the Orders tab's list, archive and restore
 * (docs/adr/019-orders-bills-and-fulfilment.md). A shopper sees only their own orders;
 * every admin request re-checks the role with identity ({@link AdminCheck}).
 */
@Injectable()
export class OrdersService {
  private readonly log = getLogger('OrdersService');
  private readonly seller: Seller;

  constructor(
    readonly em: EntityManager,
    private readonly orders: OrdersRepository,
    private readonly admins: AdminCheck,
    private readonly customers: Customers,
    @InjectConfig() config: OrderConfig,
    private readonly listCache: OrderListCache,
  ) {
    this.seller = sellerOf(config);
  }

  /**
   * The actor's orders, newest first, every state (failed checkouts show with their badge)
   * but for a checkout the shopper replaced with another (ADR 073): that is one order to
   * them, the one they paid or are paying. Should PhonePe complete a replaced one after
   * all, it is paid (or refunded) and shows.
   */
  async listMine(actor: Actor): Promise<Result<{ items: OrderView[] }>> {
    return ok({ items: (await this.orders.ofUser(actor.id)).filter((o) => !isReplaced(o)).map(toOrderView) });
  }

  /** One of the actor's orders; another user's is ORDER_NOT_FOUND, as if it did not exist. */
  async getMine(actor: Actor, orderId: string): Promise<Result<OrderView>> {
    const order = await this.orders.one(orderId, actor.id);
    if (!order) return fail('ORDER_NOT_FOUND');
    return ok(toOrderView(order));
  }

  /** The bill of supply of the actor's order, or of any order for an admin; BILL_NOT_ISSUED before it was paid. */
  async bill(actor: Actor, orderId: string): Promise<Result<BillOfSupply>> {
    const order = (await this.orders.one(orderId, actor.id)) ?? (actor.role === 'admin' && (await this.admins.mayRead(actor)) ? await this.orders.one(orderId) : null);
    if (!order) return fail('ORDER_NOT_FOUND');
    if (!order.billNumber) return fail('BILL_NOT_ISSUED');
    // A replacement's bill names the bill of the order it replaces (the same shopper's).
    const original = order.replacementOfId ? { billNumber: (await this.orders.one(order.replacementOfId))?.billNumber ?? null } : undefined;
    return ok(billOfSupply(order, order.billNumber, this.seller, original));
  }

  /**
   * One page of the Orders tab. The search asks identity once for the customers whose email
   * or name matches; the page's customers come from identity in one lookup. The page and the
   * total are computed once per list version and filter ({@link OrderListCache}): exact,
   * since every committed change moves the version.
   */
  async adminList(actor: Actor, query: AdminOrderPageQuery): Promise<Result<AdminOrderPage>> {
    if (!(await this.admins.mayRead(actor))) return fail('ADMIN_REQUIRED');
    const { page, pageSize, q, ...filter } = query;
    const [customerIds, version] = await Promise.all([this.customers.matching(actor, q), this.listCache.currentVersion()]);
    if (!customerIds.ok) return customerIds;
    // A refund turns stuck with time: the attention filter reads it as of this minute (in the key below).
    const listFilter: OrderListFilter = { ...filter, q, customerIds: customerIds.data, ...(filter.attention ? { stuckBefore: refundStuckBefore() } : {}) };
    // Every filter field is in the key (a field added later cannot be forgotten); the search as the SQL reads it.
    const key = JSON.stringify([Object.entries(filter).sort(([a], [b]) => a.localeCompare(b)), searchTerm(q ?? ''), customerIds.data, listFilter.stuckBefore ?? null]);
    const offset = (page - 1) * pageSize;
    const [total, views] = await Promise.all([
      this.listCache.get(version, `count ${key}`, () => this.orders.count(listFilter)),
      this.listCache.get(version, `page ${pageSize} ${offset} ${key}`, async () =>
        (await this.orders.page(listFilter, pageSize, offset)).map((order) => toAdminOrderSummary(order, null)),
      ),
    ]);
    const customers = await this.customers.byId(
      actor,
      views.map((v) => v.userId),
      true,
    );
    return ok({ items: views.map((v) => ({ ...v, customer: customers.get(v.userId) ?? null })), total, page, pageSize });
  }

  /**
   * The dashboard's figures of an India day (today, Asia/Kolkata, when none is given): its
   * paid orders and their totals, the paid orders waiting to ship, and the orders that need
   * a decision (the `attention` filter's total). Computed once per list version and day
   * ({@link OrderListCache}), so they are exact after every change.
   */
  async figures(actor: Actor, day: string | undefined): Promise<Result<OrderFigures>> {
    if (!(await this.admins.mayRead(actor))) return fail('ADMIN_REQUIRED');
    const counted = day ?? shopDay();
    const { start, end } = shopDayWindow(counted);
    const version = await this.listCache.currentVersion();
    // A refund turns stuck with time, not with a change: the needs-attention count is kept per minute as well.
    const stuckBefore = refundStuckBefore();
    const [figures, needsAttention] = await Promise.all([
      this.listCache.get(version, `figures ${counted}`, () => this.orders.figures(start, end)),
      this.listCache.get(version, `attention ${stuckBefore.toISOString()}`, () => this.orders.count({ attention: true, stuckBefore })),
    ]);
    return ok({ day: counted, ...figures, needsAttention });
  }

  /** One order for the Orders tab, archived or not. */
  async adminGet(actor: Actor, orderId: string): Promise<Result<AdminOrderView>> {
    if (!(await this.admins.mayRead(actor))) return fail('ADMIN_REQUIRED');
    const order = await this.orders.one(orderId);
    if (!order) return fail('ORDER_NOT_FOUND');
    return ok((await this.adminViews(actor, [order]))[0]!);
  }

  /** A customer's paid orders and what they spent, for the Users tab's drawer. */
  async customerFigures(actor: Actor, userId: string): Promise<Result<CustomerOrderFigures>> {
    if (!(await this.admins.mayRead(actor))) return fail('ADMIN_REQUIRED');
    return ok(await this.orders.customerFigures(userId));
  }

  /**
   * Deletes orders the way a shop may: archives them, keeping bills and payments (spec §5,
   * §6: the role is re-checked for each deletion). One id answers ORDER_ARCHIVED, several
   * ORDERS_ARCHIVED with how many were archived.
   */
  async archive(actor: Actor, orderIds: readonly string[]): Promise<Result<{ notice: Notice; orderIds: string[] }>> {
    if (!(await this.admins.isAdmin(actor))) return fail('ADMIN_REQUIRED');
    const ids = [...new Set(orderIds)];
    if (!ids.length) return fail('NO_ORDERS_SELECTED');
    const archived = await this.orders.archive(ids, actor.id);
    if (!archived.length) return fail('ORDER_NOT_FOUND');
    this.log.info({ adminId: actor.id, orderIds: archived.map((a) => a.id) }, 'orders archived');
    const one = archived[0]!;
    const n =
      ids.length === 1 ? notice('ORDER_ARCHIVED', { lineCount: Math.max(1, one.lineCount), merchantOrderId: one.merchantOrderId }) : notice('ORDERS_ARCHIVED', { count: archived.length });
    return ok({ notice: n, orderIds: archived.map((a) => a.id) });
  }

  /** Brings an archived order back into the default lists. */
  async restore(actor: Actor, orderId: string): Promise<Result<{ notice: Notice; order: AdminOrderView }>> {
    if (!(await this.admins.isAdmin(actor))) return fail('ADMIN_REQUIRED');
    if (!(await this.orders.restore(orderId))) return fail('ORDER_NOT_FOUND');
    const order = await this.orders.one(orderId);
    if (!order) return fail('ORDER_NOT_FOUND');
    this.log.info({ adminId: actor.id, orderId }, 'order restored');
    const [view] = await this.adminViews(actor, [order]);
    return ok({ notice: notice('ORDER_RESTORED', { merchantOrderId: order.merchantOrderId }), order: view! });
  }

  /** The Orders tab's views of `orders`, with their customers from one identity lookup. */
  private adminViews(actor: Actor, orders: readonly Order[]): Promise<AdminOrderView[]> {
    return adminOrderViews(orders, (ids) => this.customers.byId(actor, ids, true));
  }
}
