import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/core';
import { boughtLineDiscountPaise, claimedQuantities, LIVE_PLANTS_HSN, orderNumber, orderRevenuePaise, orderRoundingPaise, placeOfSupply, placeOfSupplyText, type ClaimState } from '@jalaj/commerce';
import { fail, ok, type Actor, type AddressSnapshot, type AdminOrderFilter, type FulfilmentStatus, type OrderCustomer, type OrderExportRow, type OrderState, type Result } from '@jalaj/contracts';
import { runSql } from '@jalaj/server-kit';
import { AdminCheck } from './admin-check.js';
import { Customers } from './customers.js';
import { orderFilterSql } from './orders.repository.js';

/** The most user ids identity looks up in one request (`rpc.identity.profiles.lookup`). */
export const CUSTOMER_LOOKUP_MAX = 100;

/** Where a batch ended: the last row's order (its creation to the microsecond, and id) and line position. */
export interface ExportCursor {
  createdAt: string;
  orderId: string;
  position: number;
}

/** The opaque `after` of the next batch. */
export function encodeCursor(c: ExportCursor): string {
  return Buffer.from(JSON.stringify([c.createdAt, c.orderId, c.position])).toString('base64url');
}

/** The cursor in `after`, or null when it is not one of ours. */
export function decodeCursor(after: string): ExportCursor | null {
  try {
    const v: unknown = JSON.parse(Buffer.from(after, 'base64url').toString('utf8'));
    if (!Array.isArray(v) || v.length !== 3) return null;
    const [createdAt, orderId, position] = v as unknown[];
    if (typeof createdAt !== 'string' || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/.test(createdAt)) return null;
    if (typeof orderId !== 'string' || !orderId || orderId.length > 64) return null;
    if (!Number.isInteger(position) || (position as number) < 0) return null;
    return { createdAt, orderId, position: position as number };
  } catch {
    return null;
  }
}

/** One order line with its order, as the export reads it. */
export interface ExportLineRow {
  id: string;
  /** `created_at` in UTC to the microsecond: the cursor must not lose the database's precision. */
  created_key: string;
  created_at: Date | string;
  paid_at: Date | string | null;
  merchant_order_id: string;
  order_number: string;
  bill_number: string | null;
  state: OrderState;
  fulfilment_status: FulfilmentStatus | null;
  user_id: string;
  shipping_address: AddressSnapshot | string;
  subtotal_paise: string | number;
  shipping_paise: string | number;
  total_paise: string | number;
  refunded_paise: string | number;
  payment_mode: string | null;
  transaction_id: string | null;
  position: number;
  replacement_of_merchant_order_id: string | null;
  product_id: string;
  product_name: string;
  quantity: number;
  unit_price_paise: string | number;
  discount_percent: number;
  discounted_unit_price_paise: string | number;
  line_total_paise: string | number;
}

/**
 * The rows of a batch that one customer look-up can serve: they stop before the row of the
 * order whose customer would be the {@link CUSTOMER_LOOKUP_MAX}+1st. At least one order's
 * lines always fit, so a batch is never empty while rows are left.
 */
export function rowsForOneLookup<R extends { user_id: string }>(rows: readonly R[], max = CUSTOMER_LOOKUP_MAX): { rows: R[]; userIds: string[] } {
  const users = new Set<string>();
  let end = 0;
  for (; end < rows.length; end++) {
    const id = rows[end]!.user_id;
    if (!users.has(id) && users.size === max) break;
    users.add(id);
  }
  return { rows: rows.slice(0, end), userIds: [...users] };
}

const iso = (v: Date | string) => new Date(v).toISOString();
const num = (v: string | number) => Number(v);

/** What guarantee claims cover of one line: how many, and where its latest claim stands. */
export type LineClaims = { quantity: number; state: ClaimState } | undefined;

/**
 * One CSV row from an order line. The order's own amounts go on its first line only (null
 * on the others), so that summing a column of the file counts each order once: the line
 * totals, shipping and rounding add up to the order totals, and the totals less the refunds
 * to the revenue of the sales (docs/adr/079-one-bill-and-an-export-that-sums.md).
 * A guarantee replacement names the order it replaces; a claimed line says how much of it
 * claims cover and where its latest claim stands (docs/adr/078).
 */
export function toExportRow(r: ExportLineRow, customer: OrderCustomer | null, claims: LineClaims = undefined): OrderExportRow {
  const shipping: AddressSnapshot = typeof r.shipping_address === 'string' ? (JSON.parse(r.shipping_address) as AddressSnapshot) : r.shipping_address;
  const order = { state: r.state, subtotalPaise: num(r.subtotal_paise), shippingPaise: num(r.shipping_paise), totalPaise: num(r.total_paise), refundedPaise: num(r.refunded_paise) };
  // Lines are numbered from 0 as the cart listed them (checkout.repository.ts).
  const first = r.position === 0;
  const once = (paise: number) => (first ? paise : null);
  return {
    billNumber: r.bill_number,
    orderNumber: r.order_number,
    merchantOrderId: r.merchant_order_id,
    createdAt: iso(r.created_at),
    paidAt: r.paid_at === null ? null : iso(r.paid_at),
    state: r.state,
    fulfilmentStatus: r.fulfilment_status,
    customerName: customer?.fullName ?? null,
    customerEmail: customer?.email || null,
    placeOfSupply: placeOfSupplyText(placeOfSupply(shipping.state)),
    lineNumber: r.position + 1,
    hsn: LIVE_PLANTS_HSN,
    productName: r.product_name,
    quantity: r.quantity,
    unitPricePaise: num(r.unit_price_paise),
    discountPercent: r.discount_percent,
    discountPaise: boughtLineDiscountPaise({ unitPricePaise: num(r.unit_price_paise), discountedUnitPricePaise: num(r.discounted_unit_price_paise), quantity: r.quantity }),
    lineTotalPaise: num(r.line_total_paise),
    shippingPaise: once(order.shippingPaise),
    roundingPaise: once(orderRoundingPaise(order)),
    orderTotalPaise: once(order.totalPaise),
    refundPaise: once(order.refundedPaise),
    revenuePaise: once(orderRevenuePaise(order)),
    paymentMode: r.payment_mode,
    transactionId: r.transaction_id,
    replacementOf: r.replacement_of_merchant_order_id ? orderNumber(r.replacement_of_merchant_order_id) : null,
    claimedQuantity: claims?.quantity ?? 0,
    claimState: claims?.state ?? null,
  };
}

/**
 * The accountant's CSV export (`rpc.order.admin.export`): the filtered orders' lines, newest
 * order first and each order's lines in the cart's order (its amounts on the first), in batches on the keyset
 * `(created_at, id, position)`, so a batch costs the same on page 1 and page 200 and
 * orders placed meanwhile neither repeat nor shift rows. The BFF writes the file.
 */
@Injectable()
export class OrderExportService {
  constructor(
    private readonly em: EntityManager,
    private readonly admins: AdminCheck,
    private readonly customers: Customers,
  ) {}

  /**
   * One batch of at most `limit` rows, whose customers are looked up in one request.
   *
   * @param after - The previous batch's `next`; none for the first batch.
   * @returns The rows, and `next` (null after the last batch).
   */
  async batch(actor: Actor, filter: AdminOrderFilter, after: string | null | undefined, limit: number): Promise<Result<{ rows: OrderExportRow[]; next: string | null }>> {
    if (!(await this.admins.mayRead(actor))) return fail('ADMIN_REQUIRED');
    const cursor = after ? decodeCursor(after) : null;
    if (after && !cursor) return fail('VALIDATION_FAILED');
    const customerIds = await this.customers.matching(actor, filter.q);
    if (!customerIds.ok) return customerIds;
    const { where, params } = orderFilterSql({ ...filter, customerIds: customerIds.data }, 'o');
    const n = params.length;
    const keyset = cursor ? ` and (o.created_at, o.id) <= ($${n + 1}::timestamptz, $${n + 2}) and not ((o.created_at, o.id) = ($${n + 1}::timestamptz, $${n + 2}) and l.position <= $${n + 3})` : '';
    const keysetParams = cursor ? [cursor.createdAt, cursor.orderId, cursor.position] : [];
    const fetched = await this.query<ExportLineRow>(
      `select o.id, to_char(o.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as created_key, o.created_at, o.paid_at,
              o.merchant_order_id, o.order_number, o.bill_number, o.state, o.fulfilment_status, o.user_id, o.shipping_address,
              o.subtotal_paise, o.shipping_paise, o.total_paise, o.refunded_paise, o.payment_mode, o.transaction_id, o.replacement_of_merchant_order_id,
              l.position, l.product_id, l.product_name, l.quantity, l.unit_price_paise, l.discount_percent, l.discounted_unit_price_paise, l.line_total_paise
         from orders o join order_lines l on l.order_id = o.id
        where ${where}${keyset}
        order by o.created_at desc, o.id desc, l.position asc
        limit $${n + keysetParams.length + 1}`,
      [...params, ...keysetParams, limit + 1],
    );
    const { rows, userIds: customers } = rowsForOneLookup(fetched.slice(0, limit));
    const more = rows.length < fetched.length;
    // The accountant's file must not silently lose its customers: a refused look-up fails the batch.
    const byId = await this.customers.byId(actor, customers, false);
    if (!byId.ok) return byId;
    const claims = await this.claimsOf([...new Set(rows.map((r) => r.id))]);
    const last = rows.at(-1);
    return ok({
      rows: rows.map((r) => toExportRow(r, byId.data.get(r.user_id) ?? null, claims.get(r.id)?.get(r.product_id))),
      next: more && last ? encodeCursor({ createdAt: last.created_key, orderId: last.id, position: last.position }) : null,
    });
  }

  /** The batch's orders' guarantee claims, counted per line by `claimedQuantities` (one query). */
  private async claimsOf(orderIds: string[]): Promise<Map<string, ReturnType<typeof claimedQuantities>>> {
    if (!orderIds.length) return new Map();
    const rows = await this.query<{ order_id: string; state: ClaimState; lines: { productId: string; quantity: number }[] }>(
      'select order_id, state, lines from guarantee_claims where order_id = any($1::text[]) order by created_at, id',
      [orderIds],
    );
    const byOrder = new Map<string, { state: ClaimState; lines: { productId: string; quantity: number }[] }[]>();
    for (const r of rows) byOrder.set(r.order_id, [...(byOrder.get(r.order_id) ?? []), { state: r.state, lines: r.lines }]);
    return new Map([...byOrder].map(([id, claims]) => [id, claimedQuantities(claims)]));
  }

  private query<R>(sql: string, params: unknown[]): Promise<R[]> {
    return runSql<R>(this.em, sql, params);
  }
}
