import type { EntityManager } from '@mikro-orm/core';
import type { OrderState } from '@jalaj/contracts';
import { runSql } from '@jalaj/server-kit';

/**
 * Claims `amountPaise` of an order's payment for a refund, in the current transaction: one
 * guarded statement that adds the amount to what is refunded only while the order is in one
 * of `from` and the sum stays within what was paid (docs/adr/074-partial-refunds.md). Its
 * row lock orders concurrent refunds, and each re-reads the sum the one before committed:
 * however many arrive at once, together they never refund more than was paid. The rule's
 * only other statement is `Order.recordRefund`, which the caller runs next on the order read
 * fresh in the same transaction.
 *
 * @returns What is refunded in all after the claim, or null when it was refused (no such
 *   order, another state, or more than is left; the caller reads the order to say which).
 */
export async function claimRefund(em: EntityManager, orderId: string, amountPaise: number, from: readonly OrderState[]): Promise<number | null> {
  const [row] = await runSql<{ refunded_paise: string | number }>(
    em,
    `update orders set refunded_paise = refunded_paise + $2, updated_at = now()
      where id = $1 and state = any($3::text[]) and refunded_paise + $2 <= total_paise
      returning refunded_paise`,
    [orderId, amountPaise, from],
  );
  return row ? Number(row.refunded_paise) : null;
}
