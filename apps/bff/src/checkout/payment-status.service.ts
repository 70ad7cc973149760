import { Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { fail, ok, type Actor, type PaymentOutcome, type PaymentStatus, type Result } from '@jalaj/contracts';
import { RpcClient } from '@jalaj/server-kit';

/**
 * How long one answer about an order's payment is shared. About the pending page's pace
 * (every 3 s at first): a shopper sees a decision within two checks, while a reload, a
 * second tab, or an address hammering PhonePe's return URL asks the order service (and,
 * for a pending order, PhonePe) at most once per order in that time.
 */
export const PAYMENT_STATUS_KEPT_MS = 3_000;
/** Orders whose answers this process keeps at most; the least recently asked go first. */
const MAX_ORDERS = 5_000;

type Answer = Result<PaymentStatus>;

/**
 * Where a payment stands, one answer per order for {@link PAYMENT_STATUS_KEPT_MS} (ADR 070):
 * PhonePe's return redirect and the owner's pages (success, failure, pending) share it, and
 * concurrent askers share one request. The order service is asked without an actor and
 * names the order's owner; {@link PaymentStatusReads.forOwner} shows the answer to that
 * owner alone. Only answers are kept (a payment, or "no such order"); a timeout or an
 * outage is not, so the next ask tries again.
 */
@Injectable()
export class PaymentStatusReads {
  private readonly answers = new LRUCache<string, Promise<Answer>>({ max: MAX_ORDERS, ttl: PAYMENT_STATUS_KEPT_MS, ttlResolution: 0, perf: { now: () => Date.now() } });

  constructor(private readonly rpc: RpcClient) {}

  /** The shared answer about an order's payment, with its owner (PhonePe's return redirect). */
  status(merchantOrderId: string): Promise<Answer> {
    const kept = this.answers.get(merchantOrderId);
    if (kept) return kept;
    const asked = this.rpc.request('rpc.order.payments.status', { merchantOrderId }).then(
      (answer) => {
        if (!answer.ok && answer.error.code !== 'NOT_FOUND') this.forget(merchantOrderId, asked);
        return answer;
      },
      (error: unknown) => {
        this.forget(merchantOrderId, asked);
        throw error;
      },
    );
    this.answers.set(merchantOrderId, asked);
    return asked;
  }

  /**
   * The answer as its owner may see it: someone else's order reads exactly like one that
   * does not exist (NOT_FOUND), and the owner's id does not leave the BFF.
   */
  async forOwner(actor: Actor, merchantOrderId: string): Promise<Result<PaymentOutcome>> {
    const answer = await this.status(merchantOrderId);
    if (!answer.ok) return answer;
    const { userId, ...outcome } = answer.data;
    if (userId !== actor.id) return fail('NOT_FOUND');
    return ok(outcome);
  }

  private forget(merchantOrderId: string, asked: Promise<Answer>): void {
    if (this.answers.peek(merchantOrderId) === asked) this.answers.delete(merchantOrderId);
  }
}
