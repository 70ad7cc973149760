import { Injectable } from '@nestjs/common';
import { EntityManager, LockMode } from '@mikro-orm/core';
import { runSql } from '@jalaj/server-kit';
import { Order } from '../checkout/entities/order.entity.js';
import { GuaranteeClaimRow } from './entities/guarantee-claim.entity.js';

/**
 * The guarantee claims' reads and writes (docs/adr/078), through the injected
 * `EntityManager`: inside a command it is the command's transaction. The decision is one
 * guarded statement; everything else is the order aggregate's unit of work.
 */
@Injectable()
export class ClaimsRepository {
  constructor(private readonly em: EntityManager) {}

  /**
   * The order, locked until the transaction ends (`FOR UPDATE`) and read fresh with its lines,
   * steps and claims: claims of one order are filed one after the other. `userId` limits it
   * to that shopper's (another's answers null, as if there were none).
   */
  async lockOrder(orderId: string, userId?: string): Promise<Order | null> {
    const order = await this.em.findOne(Order, { id: orderId, ...(userId ? { userId } : {}) }, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
    if (order) await Promise.all([order.lines.init(), order.fulfilmentEvents.init(), order.claims.init(), order.refunds.init()]);
    return order;
  }

  /** The order with every part its views show, read fresh (after a change in this transaction). */
  async order(orderId: string): Promise<Order | null> {
    const order = await this.em.findOne(Order, { id: orderId }, { refresh: true });
    if (order) await Promise.all([order.lines.init(), order.fulfilmentEvents.init(), order.claims.init({ refresh: true }), order.refunds.init(), order.decisions.init()]);
    return order;
  }

  /** A claim as it is now in the database (fresh: after its guarded decision), or null. */
  claim(claimId: string): Promise<GuaranteeClaimRow | null> {
    return this.em.findOne(GuaranteeClaimRow, { id: claimId }, { refresh: true });
  }

  /**
   * Decides a waiting claim, in the current transaction: one guarded statement that moves it
   * from pending only. Its row lock orders two admins deciding at once; the second finds it
   * decided and changes nothing, and a rollback (an approval whose stock is gone) leaves it
   * waiting.
   *
   * @returns The claim's order id, or null when there is no such claim waiting (the caller
   *   reads the claim to say which).
   */
  async decideClaim(claimId: string, decision: { state: 'approved' | 'declined'; by: string; reason: string | null }): Promise<string | null> {
    const [row] = await runSql<{ order_id: string }>(
      this.em,
      `update guarantee_claims set state = $2, decided_by = $3, decided_at = now(), decline_reason = $4
        where id = $1 and state = 'pending' returning order_id`,
      [claimId, decision.state, decision.by, decision.reason],
    );
    return row?.order_id ?? null;
  }

  /**
   * Whether a claim of the order carries the photo and the order is `userId`'s (any order's
   * when `userId` is null: an admin's look).
   */
  async hasPhoto(orderId: string, photoId: string, userId: string | null): Promise<boolean> {
    const claims = await this.em.fork().find(GuaranteeClaimRow, { order: { id: orderId, ...(userId ? { userId } : {}) } }, { fields: ['photoIds'] });
    return claims.some((c) => c.photoIds.includes(photoId));
  }
}
