import { Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/core';
import pg from 'pg';
import { changeHintSubjects } from '@jalaj/contracts';
import { getLogger, NatsConnectionHolder } from '@jalaj/server-kit';

/** The channel `order_list_changed()` notifies at commit, with the new list version. */
export const ORDER_LIST_CHANNEL = 'order_list_changed';
const SUBJECT = 'hint.order.list.changed.v1';
/** The pause before listening again after the connection was lost: doubled at each failure in a row, up to the most. */
const RELISTEN_MS = 1_000;
const RELISTEN_MAX_MS = 30_000;

/**
 * Passes the orders' list version on to the BFFs as a change hint (ADR 046), so each can
 * keep the Orders tab's pages in memory until the list changes. The version is bumped at
 * the commit of every transaction that changes an order, its lines or its steps, by the
 * database's trigger, which also notifies `order_list_changed` (so every writer is
 * covered: both replicas, the reconciler, the admin's actions and raw SQL). This process
 * listens on its own connection, outside MikroORM's pool, and publishes each notification.
 * When that connection is lost, notifications of the gap are lost with it: once listening
 * again (after 1 s, then longer while it keeps failing, up to 30 s) it sends a hint, so the
 * BFFs forget what they kept meanwhile.
 */
@Injectable()
export class OrderListHints implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly log = getLogger('OrderListHints');
  private client?: pg.Client;
  private stopped = false;
  private retry?: NodeJS.Timeout;
  private failures = 0;

  constructor(
    private readonly orm: MikroORM,
    private readonly nats: NatsConnectionHolder,
  ) {}

  async onApplicationBootstrap() {
    await this.listen(false);
  }

  private async listen(again: boolean): Promise<void> {
    if (this.stopped) return;
    const client = new pg.Client({ connectionString: this.orm.config.get('clientUrl'), application_name: 'order-list-hints', connectionTimeoutMillis: 10_000 });
    this.client = client;
    const lost = (e?: unknown) => {
      if (this.client !== client) return;
      this.client = undefined;
      void client.end().catch(() => undefined);
      if (this.stopped) return;
      const delay = Math.min(RELISTEN_MAX_MS, RELISTEN_MS * 2 ** this.failures++);
      this.log.warn({ err: e, retryInMs: delay }, 'order list notifications lost; listening again');
      this.retry = setTimeout(() => void this.listen(true), delay);
    };
    client.on('error', lost);
    client.on('end', () => lost());
    client.on('notification', (n) => {
      if (n.channel === ORDER_LIST_CHANNEL) this.publish(n.payload ?? '0');
    });
    try {
      await client.connect();
      await client.query(`listen ${ORDER_LIST_CHANNEL}`);
      this.failures = 0;
      // Changes made while nobody listened were not announced.
      if (again) this.publish('0');
    } catch (e) {
      lost(e);
    }
  }

  private publish(version: string) {
    const payload = JSON.stringify(changeHintSubjects[SUBJECT].parse({ version: /^\d+$/.test(version) ? version : '0' }));
    this.nats.connection().then(
      (nc) => nc.publish(SUBJECT, payload),
      (e: unknown) => this.log.warn({ err: e, subject: SUBJECT }, 'change hint not sent'),
    );
  }

  async onModuleDestroy() {
    this.stopped = true;
    clearTimeout(this.retry);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }
}
