import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/core';
import { ATTENTION_REASONS, refundStuckBefore, salesFigures, SHIPPABLE_STATES, SOLD_STATES, type AttentionReason, type RevenueFacts } from '@jalaj/commerce';
import type { AdminOrderFilter, PlantSales } from '@jalaj/contracts';
import { runSql } from '@jalaj/server-kit';
import { Order } from '../checkout/entities/order.entity.js';
import { ORDER_VIEW_PARTS } from './order-views.js';
import type { DayStateGroup } from './sales.js';

/** The Orders tab's filters as the repository takes them: the text search already resolved to customers. */
export interface OrderListFilter extends Omit<AdminOrderFilter, 'q'> {
  /** The search text: an order number (exact or its beginning, `#` allowed) or a whole transaction id. */
  q?: string;
  /** The customers whose email or name matched `q` (identity's search). */
  customerIds?: readonly string[];
  /** With `attention`: a refund unfinished since before this is stuck (`refundStuckBefore`; now's when absent). */
  stuckBefore?: Date;
}

/**
 * The orders that wait for an admin, by reason (`ATTENTION_REASONS` of @jalaj/commerce; the
 * same rules as `attentionOf`, which words each order's): one query of order ids per reason,
 * joined by `union`. Each reads a small partial index (the held orders, the refunds neither
 * completed nor settled, the claims waiting), so the figure and the
 * filter cost what waits, not what was sold.
 */
const ATTENTION_SQL: Readonly<Record<AttentionReason, (stuckBefore: string) => string>> = {
  'amount-mismatch': () => "select id as order_id from orders where archived_at is null and state = 'held'",
  'refund-refused': () => "select order_id from order_refunds where refunded_at is null and settled_at is null and upper(provider_state) = 'FAILED'",
  'refund-stuck': (stuckBefore) =>
    `select order_id from order_refunds where refunded_at is null and settled_at is null and upper(coalesce(provider_state, '')) <> 'FAILED' and started_at < ${stuckBefore}`,
  // A guarantee claim waiting for approval or decline (docs/adr/078), on `guarantee_claims_waiting_idx`.
  'claim-waiting': () => "select order_id from guarantee_claims where state = 'pending'",
};

/** The ids of the orders that wait for an admin (`stuckBefore`: the placeholder of the stuck refunds' cut-off). */
const attentionSql = (stuckBefore: string) => ATTENTION_REASONS.map((reason) => ATTENTION_SQL[reason](stuckBefore)).join(' union ');

/** An order as the revenue rules read it (`salesFigures`). */
interface SaleRow {
  state: string;
  total_paise: string | number;
  refunded_paise: string | number;
}

const toRevenueFacts = (r: SaleRow): RevenueFacts => ({ state: r.state, totalPaise: Number(r.total_paise), refundedPaise: Number(r.refunded_paise) });

/** India is UTC+05:30 all year (no daylight saving): an India day as an instant range. */
const IST_OFFSET = '+05:30';
const DAY_MS = 86_400_000;

/** The first instant of an India day (`2026-11-22` → 2026-11-21T18:30Z). */
export function indiaDayStart(day: string): Date {
  return new Date(`${day}T00:00:00${IST_OFFSET}`);
}

/** `#0000a1b2` and ` 0000A1B2 ` name the same order (the screens print `Order #…`). */
export const searchTerm = (q: string) => q.trim().replace(/^#/, '').trim();

/** `%`, `_` and `\` typed into the search are literal characters of an order number. */
const likePrefix = (q: string) => `${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** `state in ('paid', 'partly_refunded')`: a sale (`SOLD_STATES` of @jalaj/commerce), written as the partial indexes' predicates are. */
const soldSql = (c: (column: string) => string) => `${c('state')} in (${SOLD_STATES.map((s) => `'${s}'`).join(', ')})`;

/** `state in ('paid', 'partly_refunded', 'replacement')`: an order shipped to its shopper, a sale or a guarantee replacement (`SHIPPABLE_STATES`). */
const shippableSql = (c: (column: string) => string) => `${c('state')} in (${SHIPPABLE_STATES.map((s) => `'${s}'`).join(', ')})`;

/**
 * An order waiting to ship (a sale, paid or partly refunded, or a guarantee replacement): not
 * started, processing or packed. Written exactly as the predicate of `orders_to_ship_idx` (the
 * guarantee-claims migration), so the planner matches it.
 */
const toShipSql = (c: (column: string) => string) => `${shippableSql(c)} and (${c('fulfilment_status')} is null or ${c('fulfilment_status')} in ('processing', 'packed'))`;

/**
 * A guarantee claim of the order waits for an admin: the `claim-waiting` reason of the
 * attention lists, so the Orders tab's `claim=waiting` and the figure "Claims waiting" count
 * exactly the orders that reason adds to "Needs attention".
 */
const claimWaitingSql = (c: (column: string) => string) => `${c('id')} in (${ATTENTION_SQL['claim-waiting']('')})`;

/**
 * The `where` of the Orders tab's filters, with its parameters. Each filter is served by an
 * index of the order-history and orders-tab-at-scale migrations (not archived: newest, state, fulfilment; archived, order number,
 * merchant order id, user): checked with EXPLAIN on 100,000 orders in orders.int-spec.ts.
 * The Orders tab's list and the CSV export (`alias` `o`, joined with the lines) share it.
 */
export function orderFilterSql(f: OrderListFilter, alias?: string): { where: string; params: unknown[] } {
  const c = (column: string) => (alias ? `${alias}.${column}` : column);
  const parts: string[] = [];
  const params: unknown[] = [];
  /** Binds `value` as the next parameter: its placeholder. */
  const bind = (value: unknown) => `$${params.push(value)}`;
  parts.push(f.archived ? `${c('archived_at')} is not null` : `${c('archived_at')} is null`);
  // 'paid' lists the sales, partly refunded ones too (today's figures count them and link here); 'partly_refunded' only those.
  if (f.state === 'paid') parts.push(soldSql(c));
  else if (f.state) {
    parts.push(`${c('state')} = ${bind(f.state)}`);
  }
  // 'none': an order to ship (a sale or a replacement) nobody has started on, not every unfulfilled one.
  if (f.fulfilment === 'none') parts.push(`${c('fulfilment_status')} is null and ${shippableSql(c)}`);
  else if (f.fulfilment === 'to-ship') parts.push(toShipSql(c));
  else if (f.fulfilment) {
    parts.push(`${c('fulfilment_status')} = ${bind(f.fulfilment)}`);
  }
  if (f.from) {
    parts.push(`${c('created_at')} >= ${bind(indiaDayStart(f.from))}`);
  }
  if (f.to) {
    parts.push(`${c('created_at')} < ${bind(new Date(indiaDayStart(f.to).getTime() + DAY_MS))}`);
  }
  if (f.customer) {
    parts.push(`${c('user_id')} = ${bind(f.customer)}`);
  }
  if (f.attention) {
    parts.push(`${c('id')} in (${attentionSql(bind(f.stuckBefore ?? refundStuckBefore()))})`);
  }
  if (f.claim === 'waiting') parts.push(claimWaitingSql(c));
  const q = searchTerm(f.q ?? '');
  if (q) {
    const any = [`${c('order_number')} like ${bind(likePrefix(q.toLowerCase()))}`, `${c('merchant_order_id')} = ${bind(q)}`];
    if (f.customerIds?.length) any.push(`${c('user_id')} = any(${bind(f.customerIds)}::text[])`);
    parts.push(`(${any.join(' or ')})`);
  }
  return { where: parts.join(' and '), params };
}

/**
 * The orders' SQL, by name (ADR 014). Reads run on a fork of the injected `EntityManager`
 * (no request transaction to join); the archive marks are single statements.
 */
@Injectable()
export class OrdersRepository {
  constructor(private readonly em: EntityManager) {}

  private query<R>(sql: string, params: unknown[]): Promise<R[]> {
    return runSql<R>(this.em, sql, params);
  }

  /** One order with its lines and steps, or null. `userId` limits it to that shopper's. */
  one(orderId: string, userId?: string): Promise<Order | null> {
    return this.em.fork().findOne(Order, { id: orderId, ...(userId ? { userId } : {}) }, { populate: [...ORDER_VIEW_PARTS, 'decisions'] });
  }

  /** A shopper's orders, newest first, with their lines and steps (archived ones too: the archive only tidies the Orders tab). */
  ofUser(userId: string): Promise<Order[]> {
    return this.em.fork().find(Order, { userId }, { orderBy: { createdAt: 'desc', id: 'desc' }, populate: [...ORDER_VIEW_PARTS] });
  }

  /** One page of the Orders tab with the orders' lines, newest first (`limit`/`offset` on the list's index). */
  async page(filter: OrderListFilter, limit: number, offset: number): Promise<Order[]> {
    const { where, params } = orderFilterSql(filter);
    const ids = await this.query<{ id: string }>(`select id from orders where ${where} order by created_at desc, id desc limit $${params.length + 1} offset $${params.length + 2}`, [
      ...params,
      limit,
      offset,
    ]);
    if (!ids.length) return [];
    const em = this.em.fork();
    const orders = await em.find(Order, { id: { $in: ids.map((r) => r.id) } }, { populate: ['lines', 'claims'] });
    const byId = new Map<string, Order>(orders.map((o) => [o.id, o]));
    return ids.flatMap((r) => byId.get(r.id) ?? []);
  }

  /** How many orders match the filter in all (the tab's "N Orders"). */
  async count(filter: OrderListFilter): Promise<number> {
    const { where, params } = orderFilterSql(filter);
    const [row] = await this.query<{ total: string }>(`select count(*) as total from orders where ${where}`, params);
    return Number(row?.total ?? 0);
  }

  /**
   * A customer's sales (paid or partly refunded, archived ones included) and what they
   * brought in, counted by `salesFigures` as today's figures are (orders_user_idx).
   */
  async customerFigures(userId: string): Promise<{ paidOrders: number; totalSpentPaise: number }> {
    const rows = await this.query<SaleRow>(`select state, total_paise, refunded_paise from orders where user_id = $1 and ${soldSql((c) => c)}`, [userId]);
    const sales = salesFigures(rows.map(toRevenueFacts));
    return { paidOrders: sales.orders, totalSpentPaise: sales.revenuePaise };
  }

  /**
   * The dashboard's figures: the sales (paid or partly refunded) created in `[start, end)`
   * and what they brought in (`salesFigures`: paid less refunded), the orders waiting to
   * ship (sales and guarantee replacements), and the orders with a guarantee claim waiting
   * (the `claim=waiting` list's total); archived orders left out, as in the lists they open. On the partial indexes of the
   * default list and of the orders to ship.
   */
  async figures(start: Date, end: Date): Promise<{ paidOrders: number; revenuePaise: number; toShip: number; claimsWaiting: number }> {
    const rows = await this.query<SaleRow>(
      `select state, total_paise, refunded_paise from orders where archived_at is null and ${soldSql((c) => c)} and created_at >= $1 and created_at < $2`,
      [start, end],
    );
    const [toShip] = await this.query<{ to_ship: string }>(`select count(*) as to_ship from orders where archived_at is null and ${toShipSql((c) => c)}`, []);
    const sales = salesFigures(rows.map(toRevenueFacts));
    return { paidOrders: sales.orders, revenuePaise: sales.revenuePaise, toShip: Number(toShip?.to_ship ?? 0), claimsWaiting: await this.count({ claim: 'waiting' }) };
  }

  /**
   * The sales (paid or partly refunded, not archived, as today's figures count them) placed
   * from `dayStarts[0]` up to `end`, summed per day and state: the day is the number of the
   * last of `dayStarts` (each an India midnight, ascending, from `shopDayWindow`) at or before
   * the order's creation, 1 for the first, so where a day turns is decided in TypeScript
   * only. On `orders_listed_state_idx` (state, created_at, archived_at is null).
   */
  async salesByDayAndState(dayStarts: readonly Date[], end: Date): Promise<DayStateGroup[]> {
    const rows = await this.query<{ day: number; state: string; orders: string; total_paise: string; refunded_paise: string }>(
      `select width_bucket(created_at, $1::timestamptz[]) as day, state, count(*) as orders, sum(total_paise) as total_paise, sum(refunded_paise) as refunded_paise
         from orders where archived_at is null and ${soldSql((c) => c)} and created_at >= $2 and created_at < $3
        group by 1, 2`,
      [dayStarts, dayStarts[0], end],
    );
    return rows.map((r) => ({ day: Number(r.day), state: r.state, orders: Number(r.orders), totalPaise: Number(r.total_paise), refundedPaise: Number(r.refunded_paise) }));
  }

  /**
   * Every plant on the lines of the sales placed in `[start, end)` (not archived): its units
   * and what its lines were charged, with the name on its latest line.
   */
  async plantSales(start: Date, end: Date): Promise<PlantSales[]> {
    const rows = await this.query<{ product_id: string; product_name: string; units: string; revenue_paise: string }>(
      `select l.product_id, (array_agg(l.product_name order by o.created_at desc))[1] as product_name, sum(l.quantity) as units, sum(l.line_total_paise) as revenue_paise
         from orders o join order_lines l on l.order_id = o.id
        where o.archived_at is null and ${soldSql((c) => `o.${c}`)} and o.created_at >= $1 and o.created_at < $2
        group by l.product_id`,
      [start, end],
    );
    return rows.map((r) => ({ productId: r.product_id, productName: r.product_name, units: Number(r.units), revenuePaise: Number(r.revenue_paise) }));
  }

  /**
   * Marks the orders archived by `adminId` now; orders already archived, or unknown, are
   * left alone. The orders archived, with how many lines each has.
   */
  async archive(orderIds: readonly string[], adminId: string): Promise<{ id: string; merchantOrderId: string; lineCount: number }[]> {
    if (!orderIds.length) return [];
    const rows = await this.query<{ id: string; merchant_order_id: string; line_count: string }>(
      `update orders o set archived_at = now(), archived_by = $1, updated_at = now()
       where o.id = any($2::text[]) and o.archived_at is null
       returning o.id, o.merchant_order_id, (select count(*) from order_lines l where l.order_id = o.id) as line_count`,
      [adminId, orderIds],
    );
    return rows.map((r) => ({ id: r.id, merchantOrderId: r.merchant_order_id, lineCount: Number(r.line_count) }));
  }

  /**
   * The orders that wait for an admin (the `attention` filter, archived ones left out), oldest
   * first, at most `limit`, with their refunds and claims; and how many wait in all. The daily mail's list.
   */
  async waiting(stuckBefore: Date, limit: number): Promise<{ total: number; orders: Order[] }> {
    const filter: OrderListFilter = { attention: true, stuckBefore };
    const { where, params } = orderFilterSql(filter);
    const ids = await this.query<{ id: string }>(`select id from orders where ${where} order by created_at, id limit $${params.length + 1}`, [...params, limit]);
    const total = ids.length < limit ? ids.length : await this.count(filter);
    if (!ids.length) return { total, orders: [] };
    const orders = await this.em.fork().find(Order, { id: { $in: ids.map((r) => r.id) } }, { populate: ['refunds', 'claims'], orderBy: { createdAt: 'asc', id: 'asc' } });
    return { total, orders };
  }

  /** Takes the archive mark off an order; false when it was not archived (or does not exist). */
  async restore(orderId: string): Promise<boolean> {
    const rows = await this.query<{ id: string }>('update orders set archived_at = null, archived_by = null, updated_at = now() where id = $1 and archived_at is not null returning id', [orderId]);
    return rows.length === 1;
  }
}

