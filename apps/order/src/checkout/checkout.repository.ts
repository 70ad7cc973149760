import { Injectable } from '@nestjs/common';
import { EntityManager, LockMode } from '@mikro-orm/core';
import { takeTransactionLock } from '@jalaj/server-kit';
import { Order } from './entities/order.entity.js';
import { OrderLineRow } from './entities/order-line.entity.js';

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

  /** Serialises one shopper's checkouts until the transaction ends: two tabs paying at once see each other's order. */
  async lockCheckoutsOf(userId: string): Promise<void> {
    await takeTransactionLock(this.em, `order:checkout:${userId}`);
  }

  /** The shopper's pending order for the same cart and addresses that still has time to be paid, if any. */
  async reusablePending(userId: string, checkoutHash: string, minSecondsLeft: number): Promise<Order | null> {
    const [row] = await this.query<{ id: string }>(
      "select id from orders where user_id = ? and checkout_hash = ? and state = 'pending' and redirect_url is not null and expires_at > now() + make_interval(secs => ?) order by created_at desc limit 1",
      [userId, checkoutHash, minSecondsLeft],
    );
    return row ? this.em.findOne(Order, { id: row.id }, { refresh: true }) : null;
  }

  /** An order with its row locked until the transaction `tx` ends (`SELECT … FOR UPDATE`), fresh from the database. */
  lock(tx: EntityManager, merchantOrderId: string): Promise<Order | null> {
    return tx.findOne(Order, { merchantOrderId }, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
  }

  /** An order's lines in the cart's order. */
  lines(em: EntityManager, orderId: string): Promise<OrderLineRow[]> {
    return em.find(OrderLineRow, { order: orderId }, { orderBy: { position: 'asc' } });
  }

  /**
   * Gives a paid order the next bill-of-supply number of its financial year, on the paid
   * transaction `tx`, in one statement: the upsert takes the year's row lock until `tx` ends,
   * so concurrent payments (on any replica) get consecutive serials, and a payment rolled
   * back gives its serial back (docs/adr/019-orders-bills-and-fulfilment.md). Run as the
   * transaction's last statement, so the lock is held for its commit alone (ADR 054). The
   * number is `head` and the serial padded to `digits` (`billNumberPattern`); null when the
   * serial no longer fits.
   */
  async assignBillNumber(tx: EntityManager, orderId: string, year: string, pattern: { head: string; digits: number }): Promise<string | null> {
    const [row] = await this.query<{ bill_number: string }>(
      `with serial as (
         insert into bill_serials (financial_year, last_serial) values (?, 1)
         on conflict (financial_year) do update set last_serial = bill_serials.last_serial + 1
         returning last_serial)
       update orders set bill_number = ? || lpad(serial.last_serial::text, ?, '0')
         from serial where orders.id = ? and serial.last_serial < ? returning bill_number`,
      [year, pattern.head, pattern.digits, orderId, 10 ** pattern.digits],
      tx,
    );
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
