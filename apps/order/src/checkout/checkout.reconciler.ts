import { Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { getLogger, runPeriodically } from '@jalaj/server-kit';
import { CheckoutRepository } from './checkout.repository.js';
import { PaymentDecider } from './payment-decider.js';

/** How many due orders one pass claims. */
const BATCH = 20;
/** A claimed order is not claimed again for this long, unless its check sets another time. */
const LEASE_SECONDS = 30;

/**
 * Polls PhonePe about every order whose check is due (pending ones on PhonePe's schedule,
 * ones a webhook marked, refunds in progress) until it settles. Replicas share the work:
 * due rows are claimed with `FOR UPDATE SKIP LOCKED` in short transactions, and each is
 * decided under its row lock by {@link PaymentDecider}. A refund's webhook nudges a pass at
 * once; a payment's makes the order due a moment later, after the shopper's return (ADR 052).
 */
@Injectable()
export class CheckoutReconciler implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly log = getLogger('CheckoutReconciler');
  private stop?: () => void;
  private running?: Promise<number>;
  private again = false;

  constructor(
    private readonly orders: CheckoutRepository,
    private readonly decider: PaymentDecider,
  ) {}

  /** One pass over the due orders (another pass follows at once if nudged meanwhile); how many were checked. */
  pass(): Promise<number> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      let checked = 0;
      try {
        do {
          this.again = false;
          const due = await this.orders.claimDue(BATCH, LEASE_SECONDS);
          for (const merchantOrderId of due) {
            try {
              await this.decider.check(merchantOrderId);
            } catch (e) {
              // Left claimed: its lease runs out and it is checked again.
              this.log.warn({ err: e, merchantOrderId }, 'checking a payment failed; trying again later');
            }
          }
          checked += due.length;
          if (due.length === BATCH) this.again = true;
        } while (this.again);
      } finally {
        this.running = undefined;
      }
      return checked;
    })();
    return this.running;
  }

  /** Asks for a pass now (a refund's webhook came) instead of at the next tick. */
  nudge(): void {
    this.pass().catch((e: unknown) => this.log.warn({ err: e }, 'payment reconciliation failed'));
  }

  onApplicationBootstrap() {
    this.stop = runPeriodically('payments reconciled', () => this.pass(), { intervalMs: 1_000, log: this.log });
  }

  async onApplicationShutdown() {
    this.stop?.();
    await this.running?.catch(() => undefined);
  }
}
