import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/core';
import type { AddressSnapshot, CheckoutStarted, OrderLine, Result } from '@jalaj/contracts';
import { packedTransaction, prepared, runPrepared, type CommandRepeat, type HandledCommand, type OutboxRow, type PackedTransaction } from '@jalaj/server-kit';
import type { Order } from './entities/order.entity.js';

/** Where a payment stands, as the shopper's pages read it (every return and pending-page poll): prepared once per connection. */
const PAYMENT_OF = prepared(
  'payment_of',
  `select merchant_order_id, state, total_paise, transaction_id, error_code, error_message
     from orders where merchant_order_id = $1 and ($2::text is null or user_id = $2)`,
);

/** What a shopper's page shows of an order's payment. */
export type PaymentFacts = Pick<Order, 'merchantOrderId' | 'state' | 'totalPaise' | 'transactionId' | 'errorCode' | 'errorMessage'>;

/** An order line as `to_jsonb` gives it. */
interface LineJson {
  product_id: string;
  product_name: string;
  image_url: string | null;
  quantity: number;
  unit_price_paise: number;
  discount_percent: number;
  discounted_unit_price_paise: number;
  line_total_paise: number;
}

/** What `checkout_claim` answers (ADR 057): a repeated command, or the pending order of the same checkout there is to reuse (null: none). */
export type CheckoutClaim = CommandRepeat | { existing?: CheckoutStarted | null };

/** A new order as `checkout_record` writes it: its columns by name. */
export interface OrderRecord {
  id: string;
  merchant_order_id: string;
  order_number: string;
  user_id: string;
  state: 'pending' | 'failed';
  subtotal_paise: number;
  shipping_paise: number;
  total_paise: number;
  shipping_address_id: string;
  shipping_address: AddressSnapshot;
  billing_address_id: string;
  billing_address: AddressSnapshot;
  checkout_hash: string;
  reservation_id: string;
  phonepe_order_id?: string;
  redirect_url?: string;
  error_code?: string;
  error_message?: string;
  expires_at: Date;
  next_check_at: Date | null;
  check_count: number;
  created_at: Date;
  updated_at: Date;
}

/** The columns a payment decision may change, by the field of {@link DecidingOrder} that holds each. */
export const DECIDED_COLUMNS = {
  state: 'state',
  reservationId: 'reservation_id',
  transactionId: 'transaction_id',
  paymentMode: 'payment_mode',
  errorCode: 'error_code',
  errorMessage: 'error_message',
  reportedAmountPaise: 'reported_amount_paise',
  paidAt: 'paid_at',
  merchantRefundId: 'merchant_refund_id',
  refundPaise: 'refund_paise',
  refundState: 'refund_state',
  refundRequestedAt: 'refund_requested_at',
  refundedAt: 'refunded_at',
  nextCheckAt: 'next_check_at',
  checkCount: 'check_count',
} as const;

/** An order as the payment decider reads and changes it: plain data, not an ORM entity (ADR 060). */
export type DecidingOrder = Pick<
  Order,
  | keyof typeof DECIDED_COLUMNS
  | 'id'
  | 'merchantOrderId'
  | 'userId'
  | 'subtotalPaise'
  | 'shippingPaise'
  | 'totalPaise'
  | 'shippingAddress'
  | 'billingAddress'
  | 'expiresAt'
  | 'createdAt'
  | 'billNumber'
>;

/** What a decision writes besides the order's changed columns: its events, and the pattern of a bill number to issue if the order is paid without one. */
export interface Decided {
  events: OutboxRow[];
  bill: { year: string; head: string; digits: number } | null;
}

/** The order locked and read with its lines, in the cart's order: the decision's first statement. */
const LOCK_WITH_LINES = `select o.*, coalesce((select jsonb_agg(to_jsonb(l) order by l.position) from order_lines l where l.order_id = o.id), '[]'::jsonb) as order_lines
  from orders o where o.merchant_order_id = $1 for update of o`;

/** A row of {@link LOCK_WITH_LINES}, as the ORM's pool parses it: bigint and timestamps as text. */
type LockedRow = Record<string, unknown> & { order_lines: LineJson[] };

const paiseOf = (v: unknown) => (v === null || v === undefined ? null : Number(v));
const dateOf = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string));

function toDecidingOrder(r: LockedRow): DecidingOrder {
  return {
    id: r.id as string,
    merchantOrderId: r.merchant_order_id as string,
    userId: r.user_id as string,
    state: r.state as Order['state'],
    subtotalPaise: Number(r.subtotal_paise),
    shippingPaise: Number(r.shipping_paise),
    totalPaise: Number(r.total_paise),
    shippingAddress: r.shipping_address as AddressSnapshot,
    billingAddress: r.billing_address as AddressSnapshot,
    reservationId: r.reservation_id as string,
    transactionId: r.transaction_id as string | null,
    paymentMode: r.payment_mode as string | null,
    errorCode: r.error_code as string | null,
    errorMessage: r.error_message as string | null,
    reportedAmountPaise: paiseOf(r.reported_amount_paise),
    expiresAt: dateOf(r.expires_at)!,
    nextCheckAt: dateOf(r.next_check_at),
    checkCount: Number(r.check_count),
    paidAt: dateOf(r.paid_at),
    merchantRefundId: r.merchant_refund_id as string | null,
    refundPaise: paiseOf(r.refund_paise),
    refundState: r.refund_state as string | null,
    refundRequestedAt: dateOf(r.refund_requested_at),
    refundedAt: dateOf(r.refunded_at),
    billNumber: r.bill_number as string | null,
    createdAt: dateOf(r.created_at)!,
  };
}

function toLine(l: LineJson): OrderLine {
  return {
    productId: l.product_id,
    productName: l.product_name,
    imageUrl: l.image_url ?? null,
    quantity: l.quantity,
    unitPricePaise: Number(l.unit_price_paise),
    discountPercent: l.discount_percent,
    discountedUnitPricePaise: Number(l.discounted_unit_price_paise),
    lineTotalPaise: Number(l.line_total_paise),
  };
}

/** Whether a decided field kept its value (dates by their time). */
function sameValue(a: unknown, b: unknown): boolean {
  if (a instanceof Date || b instanceof Date) return a instanceof Date && b instanceof Date && a.getTime() === b.getTime();
  return (a ?? null) === (b ?? null);
}

/**
 * The checkout saga's SQL, by name (ADR 014). The payment start and the decision run as
 * packed transactions (ADR 060): the first statement sent with `BEGIN`, the last with
 * `COMMIT`; the other methods run on the injected `EntityManager`.
 */
@Injectable()
export class CheckoutRepository {
  constructor(private readonly em: EntityManager) {}

  private async query<R>(sql: string, params: unknown[], em: EntityManager = this.em): Promise<R[]> {
    return (await em.getConnection().execute(sql, params, 'all', em.getTransactionContext())) as R[];
  }

  /** Runs `work` as one transaction of as few round trips as it has statements ({@link packedTransaction}, ADR 060). */
  transaction<T>(work: (tx: PackedTransaction) => Promise<T>): Promise<T> {
    return packedTransaction(this.em, work);
  }

  /**
   * Claims a checkout's command as the first statement of `tx` (`checkout_claim`, ADR 057): a repeat
   * answers what the first handling left. With `checkout`, it then serialises the shopper's
   * checkouts until `tx` ends (two tabs paying at once see each other's order) and finds
   * their pending order of the same cart and addresses that still has `minSecondsLeft` to
   * be paid, if any.
   */
  async claimCheckout(
    tx: PackedTransaction,
    command: HandledCommand | undefined,
    checkout: { userId: string; checkoutHash: string; minSecondsLeft: number } | null,
  ): Promise<CheckoutClaim> {
    const [row] = await tx.begin<{ claim: CheckoutClaim }>('select checkout_claim($1, $2, $3, $4, $5, $6) as claim', [
      command?.subject ?? null,
      command?.id ?? null,
      command?.requestHash ?? null,
      checkout?.userId ?? null,
      checkout?.checkoutHash ?? null,
      checkout?.minSecondsLeft ?? 0,
    ]);
    return row!.claim;
  }

  /** Writes a new order, its lines and the command's reply as the last statement of `tx` (`checkout_record`, ADR 057). */
  async recordCheckout(tx: PackedTransaction, order: OrderRecord, lines: readonly OrderLine[], command: HandledCommand | undefined, reply: Result<unknown>): Promise<void> {
    const lineRows = lines.map((l, position) => ({
      order_id: order.id,
      product_id: l.productId,
      position,
      product_name: l.productName,
      image_url: l.imageUrl,
      quantity: l.quantity,
      unit_price_paise: l.unitPricePaise,
      discount_percent: l.discountPercent,
      discounted_unit_price_paise: l.discountedUnitPricePaise,
      line_total_paise: l.lineTotalPaise,
    }));
    await tx.commit('select checkout_record($1::jsonb, $2::jsonb, $3, $4, $5::jsonb)', [order, lineRows, command?.subject ?? null, command?.id ?? null, reply]);
  }

  /** Keeps a command's reply as the last statement of `tx`, which claimed it (without a command, `tx` ends writing nothing). */
  async keepReply(tx: PackedTransaction, command: HandledCommand | undefined, reply: Result<unknown>): Promise<void> {
    if (command) await tx.commit('select command_keep_reply($1, $2, $3::jsonb)', [command.subject, command.id, reply]);
  }

  /** Where the order's payment stands (only the actor's own order when `userId` is given); null when there is none. */
  async paymentOf(merchantOrderId: string, userId: string | undefined): Promise<PaymentFacts | null> {
    const [row] = await runPrepared<{ merchant_order_id: string; state: Order['state']; total_paise: string | number; transaction_id: string | null; error_code: string | null; error_message: string | null }>(
      this.em.fork(),
      PAYMENT_OF,
      [merchantOrderId, userId ?? null],
    );
    if (!row) return null;
    return {
      merchantOrderId: row.merchant_order_id,
      state: row.state,
      totalPaise: Number(row.total_paise),
      transactionId: row.transaction_id,
      errorCode: row.error_code,
      errorMessage: row.error_message,
    };
  }

  /**
   * Decides an order's payment (ADR 060): one transaction of two round trips on a connection
   * of its own. The first locks the order (`SELECT … FOR UPDATE`, sent with `BEGIN`) and
   * reads it with its lines in the cart's order; `decide` changes the plain order it is
   * handed (its {@link DECIDED_COLUMNS} only) and says which events to write and whether to
   * issue a bill number; the second writes what changed, the number and the events in one
   * statement (`payment_decided`) sent with `COMMIT`. The order as decided, its bill number
   * as issued; null when there is no such order. If `decide` throws, nothing is written.
   */
  async decide(merchantOrderId: string, decide: (locked: { order: DecidingOrder; lines: OrderLine[] }) => Promise<Decided>): Promise<DecidingOrder | null> {
    return packedTransaction(this.em, async (tx) => {
      const [row] = await tx.begin<LockedRow>(LOCK_WITH_LINES, [merchantOrderId]);
      if (!row) return null;
      const order = toDecidingOrder(row);
      const before = { ...order };
      const { events, bill } = await decide({ order, lines: row.order_lines.map(toLine) });
      const changes: Record<string, unknown> = {};
      for (const [field, column] of Object.entries(DECIDED_COLUMNS) as [keyof typeof DECIDED_COLUMNS, string][]) {
        if (!sameValue(order[field], before[field])) changes[column] = order[field] ?? null;
      }
      const [answer] = await tx.commit<{ decided: { bill_number: string | null } }>('select payment_decided($1, $2::jsonb, $3::jsonb, $4::jsonb) as decided', [
        order.id,
        changes,
        events,
        bill && { ...bill, limit: 10 ** bill.digits },
      ]);
      if (answer?.decided?.bill_number !== order.billNumber) {
        order.billNumber = answer?.decided?.bill_number ?? null;
        // Issued with the decision: the order is no longer due.
        if (order.billNumber) order.nextCheckAt = null;
      }
      return order;
    });
  }

  /**
   * Claims up to `limit` orders whose check is due, in one short transaction: their next
   * check moves `leaseSeconds` ahead, so another replica does not take them meanwhile; rows
   * another replica is claiming are skipped (`FOR UPDATE SKIP LOCKED`). Their merchant order ids.
   */
  async claimDue(limit: number, leaseSeconds: number): Promise<string[]> {
    return this.em.transactional(async (tx) => {
      const rows = await this.query<{ merchant_order_id: string }>(
        `with due as (select id from orders where next_check_at <= now() order by next_check_at limit ? for update skip locked)
         update orders o set next_check_at = now() + make_interval(secs => ?) from due where o.id = due.id returning o.merchant_order_id`,
        [limit, leaseSeconds],
        tx,
      );
      return rows.map((r) => r.merchant_order_id);
    });
  }

  /**
   * Makes an order due (a webhook said something happened) in `inSeconds`, or sooner if it
   * was due sooner already: a pending, failed (a late payment) or refunding order, found by
   * its merchant order id or refund id. How many rows.
   */
  async markDue(by: { merchantOrderId: string } | { merchantRefundId: string }, inSeconds = 0): Promise<number> {
    const [column, value] = 'merchantOrderId' in by ? ['merchant_order_id', by.merchantOrderId] : ['merchant_refund_id', by.merchantRefundId];
    const rows = await this.query<{ id: string }>(
      `update orders set next_check_at = least(coalesce(next_check_at, 'infinity'), now() + make_interval(secs => ?))
        where ${column} = ? and state in ('pending', 'failed', 'refund_pending') returning id`,
      [inSeconds, value],
    );
    return rows.length;
  }
}
