import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/core';
import type { AddressSnapshot, CheckoutStarted, OrderLine, Result } from '@jalaj/contracts';
import { prepared, runPrepared, type CommandRepeat, type HandledCommand } from '@jalaj/server-kit';
import { Order } from './entities/order.entity.js';

/** Issues a paid order's bill number (ADR 054): prepared once per connection, as every paid order runs it. */
const ISSUE_BILL_NUMBER = prepared(
  'issue_bill_number',
  `with due as (select id from orders where id = $1 and paid_at is not null and bill_number is null for update),
   serial as (
     insert into bill_serials (financial_year, last_serial) select $2, 1 from due
     on conflict (financial_year) do update set last_serial = bill_serials.last_serial + 1
     returning last_serial)
   update orders set bill_number = $3 || lpad(serial.last_serial::text, $4, '0'),
          next_check_at = case when state = 'paid' then null else next_check_at end
     from serial where orders.id = $1 and serial.last_serial < $5 returning bill_number`,
);

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

/**
 * The checkout saga's SQL, by name (ADR 014). Each method runs on the injected
 * `EntityManager`, which resolves to the caller's transaction (the pay command's, or the
 * service's `em.transactional`), or on the transaction it is handed.
 */
@Injectable()
export class CheckoutRepository {
  constructor(private readonly em: EntityManager) {}

  private async query<R>(sql: string, params: unknown[], em: EntityManager = this.em): Promise<R[]> {
    return (await em.getConnection().execute(sql, params, 'all', em.getTransactionContext())) as R[];
  }

  /**
   * Claims a checkout's command in the transaction `tx` (`checkout_claim`, ADR 057): a repeat
   * answers what the first handling left. With `checkout`, it then serialises the shopper's
   * checkouts until `tx` ends (two tabs paying at once see each other's order) and finds
   * their pending order of the same cart and addresses that still has `minSecondsLeft` to
   * be paid, if any.
   */
  async claimCheckout(
    tx: EntityManager,
    command: HandledCommand | undefined,
    checkout: { userId: string; checkoutHash: string; minSecondsLeft: number } | null,
  ): Promise<CheckoutClaim> {
    const [row] = await this.query<{ claim: CheckoutClaim }>(
      'select checkout_claim(?, ?, ?, ?, ?, ?) as claim',
      [command?.subject ?? null, command?.id ?? null, command?.requestHash ?? null, checkout?.userId ?? null, checkout?.checkoutHash ?? null, checkout?.minSecondsLeft ?? 0],
      tx,
    );
    return row!.claim;
  }

  /** Writes a new order, its lines and the command's reply in the transaction `tx` (`checkout_record`, ADR 057). */
  async recordCheckout(tx: EntityManager, order: OrderRecord, lines: readonly OrderLine[], command: HandledCommand | undefined, reply: Result<unknown>): Promise<void> {
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
    await this.query(
      'select checkout_record(?::jsonb, ?::jsonb, ?, ?, ?::jsonb)',
      [JSON.stringify(order), JSON.stringify(lineRows), command?.subject ?? null, command?.id ?? null, JSON.stringify(reply)],
      tx,
    );
  }

  /** Keeps a command's reply in the transaction `tx` that claimed it (nothing without a command). */
  async keepReply(tx: EntityManager, command: HandledCommand | undefined, reply: Result<unknown>): Promise<void> {
    if (command) await this.query('select command_keep_reply(?, ?, ?::jsonb)', [command.subject, command.id, JSON.stringify(reply)], tx);
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
   * An order, fresh from the database and managed by `tx`, with its row locked until `tx`
   * ends (`SELECT … FOR UPDATE`), and its lines in the cart's order: one statement.
   */
  async lockWithLines(tx: EntityManager, merchantOrderId: string): Promise<{ order: Order; lines: OrderLine[] } | null> {
    const [row] = await this.query<Record<string, unknown> & { order_lines: LineJson[] }>(
      `select o.*, coalesce((select jsonb_agg(to_jsonb(l) order by l.position) from order_lines l where l.order_id = o.id), '[]'::jsonb) as order_lines
         from orders o where o.merchant_order_id = ? for update of o`,
      [merchantOrderId],
      tx,
    );
    if (!row) return null;
    const { order_lines: lines, ...order } = row;
    return {
      order: tx.map(Order, order),
      lines: lines.map((l) => ({
        productId: l.product_id,
        productName: l.product_name,
        imageUrl: l.image_url ?? null,
        quantity: l.quantity,
        unitPricePaise: Number(l.unit_price_paise),
        discountPercent: l.discount_percent,
        discountedUnitPricePaise: Number(l.discounted_unit_price_paise),
        lineTotalPaise: Number(l.line_total_paise),
      })),
    };
  }

  /**
   * Gives a paid order without one the next bill-of-supply number of its financial year, in
   * one statement of its own that bumps the year's serial only when it writes the number:
   * the serial's row lock is held inside PostgreSQL for that statement alone, concurrent
   * payments (on any replica) get consecutive serials, and no serial is lost
   * (docs/adr/019-orders-bills-and-fulfilment.md, ADR 054). The number is `head` and the
   * serial padded to `digits` (`billNumberPattern`). It clears the order's next check if it
   * is still paid. The number; null when the order needs none, or the serial no longer fits.
   */
  async assignBillNumber(orderId: string, year: string, pattern: { head: string; digits: number }): Promise<string | null> {
    const [row] = await runPrepared<{ bill_number: string }>(this.em.fork(), ISSUE_BILL_NUMBER, [orderId, year, pattern.head, pattern.digits, 10 ** pattern.digits]);
    return row?.bill_number ?? null;
  }

  /** An order's bill number as it is now, if it has one. */
  async billNumberOf(orderId: string): Promise<string | null> {
    const [row] = (await this.em.fork().getConnection().execute('select bill_number from orders where id = ?', [orderId], 'all')) as { bill_number: string | null }[];
    return row?.bill_number ?? null;
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
