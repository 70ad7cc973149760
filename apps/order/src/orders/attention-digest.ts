import { Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/core';
import { refundStuckBefore, shopDay } from '@jalaj/commerce';
import { addToOutbox, getLogger, InjectConfig, runPeriodically, runSql } from '@jalaj/server-kit';
import type { OrderConfig } from '../config.js';
import { attentionOf } from './order-views.js';
import { OrdersRepository } from './orders.repository.js';

/** The most orders one daily mail lists (it says how many wait in all). */
export const DIGEST_MAX_ORDERS = 50;

/** India is UTC+05:30 all year. */
const IST_OFFSET_MINUTES = 330;

/** The hour of the day in India (0–23) at `now`. */
export function indiaHour(now: Date): number {
  return Math.floor(((now.getUTCHours() * 60 + now.getUTCMinutes() + IST_OFFSET_MINUTES) % 1440) / 60);
}

/** Whether the day's mail is due at `now`: its India hour has come (a shop started later in the day mails that day). */
export const digestDue = (now: Date, hour: number): boolean => indiaHour(now) >= hour;

/**
 * The admins' one mail a day of what waits for their decision (issue #42,
 * docs/adr/081-needs-attention.md), scheduled as the reconciler is (`runPeriodically` on
 * every replica). From `ATTENTION_MAIL_HOUR` (India time) on, each check claims the India day
 * with one guarded insert (`attention_digests`, `on conflict do nothing`): the one replica
 * whose insert returns the day queues `evt.order.attention.digest.v1` in the same
 * transaction, and identity mails every admin the list. Others, and later checks, find the day
 * claimed. A day on which nothing waits is claimed and mails nobody.
 */
@Injectable()
export class AttentionDigestMailer implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly log = getLogger('AttentionDigestMailer');
  private stop?: () => void;

  constructor(
    private readonly em: EntityManager,
    private readonly orders: OrdersRepository,
    @InjectConfig() private readonly config: OrderConfig,
  ) {}

  /** Sends the day's mail if it is due and no replica sent it: how many orders it listed (0 when none, or not this replica). */
  async run(now: Date = new Date()): Promise<number> {
    if (!digestDue(now, this.config.ATTENTION_MAIL_HOUR)) return 0;
    const day = shopDay(now);
    const em = this.em.fork();
    const [sent] = await runSql<{ day: string }>(em, 'select day from attention_digests where day = $1', [day]);
    if (sent) return 0;
    const { total, orders } = await this.orders.waiting(refundStuckBefore(now), DIGEST_MAX_ORDERS);
    return em.transactional(async (tx) => {
      const [claimed] = await runSql<{ day: string }>(tx, 'insert into attention_digests (day, orders) values ($1, $2) on conflict (day) do nothing returning day', [day, total]);
      if (!claimed || total === 0) return 0;
      const listed = orders.map((o) => ({ orderId: o.id, merchantOrderId: o.merchantOrderId, items: attentionOf(o, now) })).filter((o) => o.items.length > 0);
      addToOutbox(tx, 'evt.order.attention.digest.v1', { day, total, orders: listed });
      this.log.info({ day, total }, 'the admins’ daily mail of what waits is queued');
      return total;
    });
  }

  onApplicationBootstrap() {
    this.stop = runPeriodically('admins mailed what waits', () => this.run(), { intervalMs: this.config.ATTENTION_MAIL_CHECK_SECONDS * 1000, initialDelayMs: 5_000, log: this.log });
  }

  onApplicationShutdown() {
    this.stop?.();
  }
}
