import { Injectable } from '@nestjs/common';
import { EntityManager, type EntityKey, type RequiredEntityData } from '@mikro-orm/core';
import type { EventData, EventSubject, OpenPayment, OrderLine, OrderState } from '@jalaj/contracts';
import { addToOutbox, runSql, runWithNext, takeTransactionLock } from '@jalaj/server-kit';
import { ForbiddenTransition, INITIAL_STATES } from './checkout-state.js';
import { Order } from './entities/order.entity.js';
import { OrderLineRow } from './entities/order-line.entity.js';
import { OrderRefundRow } from './entities/order-refund.entity.js';
import { claimRefund } from './refund-claim.js';

/** What a shopper's page shows of an order's payment: the order's fields it reads (`paymentOutcome`). */
export const PAYMENT_FIELDS = ['id', 'userId', 'merchantOrderId', 'state', 'totalPaise', 'transactionId', 'errorCode', 'errorMessage', 'expiresAt'] as const;

/** An order with only {@link PAYMENT_FIELDS} loaded. */
export type PaymentFacts = Pick<Order, (typeof PAYMENT_FIELDS)[number]>;

/** What a checkout reads of the shopper's open payments (`openPayments`). */
export const OPEN_PAYMENT_FIELDS = ['id', 'merchantOrderId', 'state', 'checkoutHash', 'redirectUrl', 'totalPaise', 'expiresAt', 'createdAt'] as const;

/** An order with only {@link OPEN_PAYMENT_FIELDS} loaded. */
export type OpenPaymentFacts = Pick<Order, (typeof OPEN_PAYMENT_FIELDS)[number]>;

/**
 * The bill-number statement (`issueBill`): $1 the order, $2 the financial year, $3 the
 * number's head, $4 the first serial that no longer fits, $5 the serial's digits.
 */
const ISSUE_BILL = `with unbilled as (
     select id from orders where id = $1 and paid_at is not null and bill_number is null for update
   ), serial as (
     insert into bill_serials (financial_year, last_serial) select $2, 1 from unbilled
       on conflict (financial_year) do update set last_serial = bill_serials.last_serial + 1
       where bill_serials.last_serial + 1 < $4::bigint
     returning last_serial
   )
   update orders o set bill_number = $3 || lpad(serial.last_serial::text, $5, '0')
     from serial where o.id = $1 returning o.bill_number`;

const billParams = (orderId: string, financialYear: string, pattern: { head: string; digits: number }) => [orderId, financialYear, pattern.head, 10 ** pattern.digits, pattern.digits];

/**
 * The checkout saga's reads and writes of the `Order` aggregate (ADR 014, 067). Writes go
 * through the injected `EntityManager`, which inside `em.transactional` (and inside a command
 * of `CommandLog.run`) is that transaction's unit of work: what is changed on the entities is
 * flushed at its commit. Where atomicity needs the database it is one guarded statement
 * here: the shopper's checkout lock, the year's bill serial, the reconciler's claim, a
 * refund's claim of the payment.
 */
@Injectable()
export class CheckoutRepository {
  private readonly columnLists = new Map<readonly string[], string>();

  constructor(private readonly em: EntityManager) {}

  /** Runs `work` in one transaction of the unit of work; the entities it changed are flushed at the commit. */
  transaction<T>(work: () => Promise<T>): Promise<T> {
    return this.em.transactional(() => work());
  }

  /**
   * Serialises the shopper's checkouts until the current transaction ends: two tabs paying
   * at once see each other's order (one order, one charge). The lock goes out with the next
   * statement, the read of the shopper's open payments ({@link openPayments}), which
   * PostgreSQL runs once the lock is held (ADR 091).
   */
  lockCheckouts(userId: string): Promise<void> {
    return takeTransactionLock(this.em, `order:checkout:${userId}`, { beforeNextStatement: true });
  }

  /**
   * The shopper's payments PhonePe may still complete (ADR 073), oldest first: every pending
   * one, and those replaced by a later checkout that have not expired (still asked about).
   * One read serves the checkout's reuse of a pending payment (`reusableCheckout`) and its
   * count of open payments.
   */
  async openPayments(userId: string, replacedCode: string): Promise<OpenPaymentFacts[]> {
    const rows = await runSql<Record<string, unknown>>(
      this.em,
      `select ${this.columns(OPEN_PAYMENT_FIELDS)} from orders
        where user_id = $1 and (state = 'pending' or (state = 'failed' and error_code = $2 and expires_at > $3)) order by created_at`,
      [userId, replacedCode, new Date()],
    );
    return this.readModels(rows);
  }

  /** The shopper's newest pending order PhonePe still waits for, with its lines (what it holds); null when none. */
  async openPayment(userId: string): Promise<OpenPayment | null> {
    const o = await this.em.fork().findOne(
      Order,
      { userId, state: 'pending', redirectUrl: { $ne: null }, expiresAt: { $gt: new Date() } },
      { orderBy: { createdAt: 'desc' }, populate: ['lines'] },
    );
    if (!o) return null;
    return {
      orderId: o.id,
      merchantOrderId: o.merchantOrderId,
      amountPaise: o.totalPaise,
      expiresAt: o.expiresAt.toISOString(),
      redirectUrl: o.redirectUrl!,
      shippingAddressId: o.shippingAddressId,
      billingAddressId: o.billingAddressId,
      shippingAddress: o.shippingAddress,
      lines: o.lines.getItems().map((l) => ({ productId: l.productId, productName: l.productName, quantity: l.quantity })),
    };
  }

  /**
   * A new order with its lines in the cart's order, written by the unit of work at its
   * commit: a checkout's (pending) or a guarantee replacement (`INITIAL_STATES`).
   *
   * @throws ForbiddenTransition for any other first state (a bug in the caller).
   */
  create(order: RequiredEntityData<Order>, lines: readonly OrderLine[]): Order {
    const first = order.state as OrderState;
    if (!INITIAL_STATES.includes(first)) throw new ForbiddenTransition(first, first);
    const created = this.em.create(Order, order);
    lines.forEach((line, position) => created.lines.add(this.em.create(OrderLineRow, { ...line, position, order: created })));
    return created;
  }

  /** Where the order's payment stands (only the actor's own order when `userId` is given); null when there is none. */
  async paymentOf(merchantOrderId: string, userId: string | undefined): Promise<PaymentFacts | null> {
    const rows = await runSql<Record<string, unknown>>(
      this.em,
      `select ${this.columns(PAYMENT_FIELDS)} from orders where merchant_order_id = $1 and ($2::text is null or user_id = $2)`,
      [merchantOrderId, userId ?? null],
    );
    return this.readModels(rows)[0] ?? null;
  }

  /**
   * The columns of these fields of an order, as its entity maps them (read once a field
   * list): a read model's statement is written from the entity's metadata, not by hand.
   */
  private columns(fields: readonly EntityKey<Order>[]): string {
    let text = this.columnLists.get(fields);
    if (!text) {
      const meta = this.em.getMetadata(Order);
      text = fields.map((f) => meta.properties[f].fieldNames[0]!).join(', ');
      this.columnLists.set(fields, text);
    }
    return text;
  }

  /**
   * Rows of `orders` as the entity reads them (its types: paise as numbers, times as
   * dates), through `em.map` on a fork of their own, so the current unit of work does not
   * hold these partial orders: a read model, never written back.
   */
  private readModels(rows: Record<string, unknown>[]): Order[] {
    if (!rows.length) return [];
    const em = this.em.fork();
    return rows.map((row) => em.map(Order, row));
  }

  /**
   * The order, locked until the current transaction ends (`SELECT … FOR UPDATE OF` the
   * order's row) and read fresh with its lines and refunds, in one statement; null when
   * there is none. The rows become the aggregate in this unit of work through `em.map`, the
   * parts first and then the order with them, so its collections are loaded and its changes
   * are flushed at the commit as any entity's; an order this unit of work read before gets
   * the row's values merged in. (The ORM's `findOne` of the same, joined, cost 2.2–2.4 ms of
   * CPU against 0.7 on this machine: ADR 090.)
   */
  async lock(merchantOrderId: string): Promise<Order | null> {
    const [row] = await runSql<Record<string, unknown> & { lines: Record<string, unknown>[]; refunds: Record<string, unknown>[] }>(
      this.em,
      `select o.*,
              (select coalesce(json_agg(l order by l.position), '[]') from order_lines l where l.order_id = o.id) as lines,
              (select coalesce(json_agg(r order by r.created_at, r.id), '[]') from order_refunds r where r.order_id = o.id) as refunds
         from orders o where o.merchant_order_id = $1 for update of o`,
      [merchantOrderId],
    );
    if (!row) return null;
    const { lines, refunds, ...order } = row;
    return this.em.map(Order, {
      ...order,
      lines: lines.map((l) => this.em.map(OrderLineRow, l)),
      refunds: refunds.map((r) => this.em.map(OrderRefundRow, r)),
    } as Record<string, unknown>);
  }

  /** Claims an amount of the order's payment for a refund (`claimRefund`): what is refunded in all after it, or null when refused. */
  claimRefund(orderId: string, amountPaise: number, from: readonly OrderState[]): Promise<number | null> {
    return claimRefund(this.em, orderId, amountPaise, from);
  }

  /** Queues an event in the current transaction's outbox: published as it commits (ADR 053). */
  publish<S extends EventSubject>(subject: S, data: EventData<S>): void {
    addToOutbox(this.em, subject, data);
  }

  /**
   * The financial year's next bill-of-supply serial, in the current transaction: one
   * guarded upsert whose row lock orders concurrent users of the serial until the commit,
   * and which a rollback takes back, so the serials have no gap or duplicate (ADR 054).
   */
  async nextBillSerial(financialYear: string): Promise<number> {
    const [row] = await runSql<{ last_serial: number }>(
      this.em,
      `insert into bill_serials (financial_year, last_serial) values ($1, 1)
         on conflict (financial_year) do update set last_serial = bill_serials.last_serial + 1 returning last_serial`,
      [financialYear],
    );
    return Number(row!.last_serial);
  }

  /**
   * Gives a sold order (`paid_at` set) that has no bill number the financial year's next
   * serial, in one statement of its own (ADR 085): the serial's row is locked only while
   * PostgreSQL runs it, not over a round trip of a busy service, and the number and the
   * serial commit together, so there is no gap or duplicate. The number is `head` and the
   * serial padded to `digits` (`billNumberPattern`, `formatBillNumber`); a serial that would
   * not fit is not taken. Two callers for one order wait for each other on its row: the
   * second finds the number there and takes nothing.
   *
   * @returns The bill number given; null when the order has one already, is not sold, or the serial no longer fits.
   */
  async issueBill(orderId: string, financialYear: string, pattern: { head: string; digits: number }): Promise<string | null> {
    const [row] = await runSql<{ bill_number: string }>(this.em, ISSUE_BILL, billParams(orderId, financialYear, pattern));
    return row?.bill_number ?? null;
  }

  /**
   * {@link issueBill}'s statement sent with the current transaction's commit (ADR 092): the
   * serial's row is locked from PostgreSQL's run of it to the commit sent in the same write,
   * never over a round trip. Flush the order's sale first: the statement reads `paid_at`.
   */
  issueBillWithCommit(orderId: string, financialYear: string, pattern: { head: string; digits: number }): Promise<void> {
    return runWithNext(this.em, ISSUE_BILL, billParams(orderId, financialYear, pattern));
  }

  /** Writes what the unit of work changed so far, in its transaction. */
  flush(): Promise<void> {
    return this.em.flush();
  }

  /**
   * Claims up to `limit` orders whose check is due, in one short transaction: their next
   * check moves `leaseSeconds` ahead, so another replica does not take them meanwhile; rows
   * another replica is claiming are skipped (`FOR UPDATE SKIP LOCKED`). A sold order still
   * without its bill number is due too (ADR 085, 092: its statement takes none while the
   * serial no longer fits the prefix, and orders sold before ADR 092 may have been left
   * without one by a stop). Their merchant order ids.
   */
  async claimDue(limit: number, leaseSeconds: number): Promise<string[]> {
    const rows = await runSql<{ merchant_order_id: string }>(
      this.em.fork(),
      `with due as (select id from orders where next_check_at <= now() order by next_check_at limit $1 for update skip locked),
         unbilled as (select id from orders where paid_at is not null and bill_number is null limit $1 for update skip locked)
       update orders o set next_check_at = now() + make_interval(secs => $2)
         where o.id in (select id from due union select id from unbilled) returning o.merchant_order_id`,
      [limit, leaseSeconds],
    );
    return rows.map((r) => r.merchant_order_id);
  }

  /**
   * Makes an order due (a webhook said something happened) in `inSeconds`, or sooner if it
   * was due sooner already: a pending, failed (a late payment) or refunding order, found by
   * its merchant order id or one of its refunds' ids. How many rows.
   */
  async markDue(by: { merchantOrderId: string } | { merchantRefundId: string }, inSeconds = 0): Promise<number> {
    const [match, value] =
      'merchantOrderId' in by
        ? ['merchant_order_id = $2', by.merchantOrderId]
        : ['id = (select order_id from order_refunds where merchant_refund_id = $2)', by.merchantRefundId];
    const rows = await runSql<{ id: string }>(
      this.em,
      `update orders set next_check_at = least(coalesce(next_check_at, 'infinity'), now() + make_interval(secs => $1))
        where ${match} and state in ('pending', 'failed', 'paid', 'refund_pending', 'partly_refunded') returning id`,
      [inSeconds, value],
    );
    return rows.length;
  }
}
