import { Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/core';
import pg from 'pg';
import { changeHintSubjects } from '@jalaj/contracts';
import { getLogger, NatsConnectionHolder } from '@jalaj/server-kit';
import { LIST_VERSION_SQL } from './order-list-cache.js';

const SUBJECT = 'hint.order.list.changed.v1';
/** How often the list version is read (ADR 058). */
export const LIST_VERSION_POLL_MS = 250;
/** The pause before connecting again after the connection was lost: doubled at each failure in a row, up to the most. */
const RECONNECT_MS = 1_000;
const RECONNECT_MAX_MS = 30_000;

/**
 * Passes a change of the orders' list version on to the BFFs as a change hint (ADR 046,
 * 058), so each can keep the Orders tab's pages in memory until the list changes. The
 * version is bumped at the commit of every transaction that changes an order, its lines or
 * its steps, by the database's triggers (so every writer is covered: both replicas, the
 * reconciler, the admin's actions and raw SQL). This process reads it every
 * {@link LIST_VERSION_POLL_MS} on its own connection, outside MikroORM's pool, and publishes
 * a hint whenever it moved. When that connection is lost, it connects again (after 1 s, then
 * longer while it keeps failing, up to 30 s) and compares with the last version it saw, so
 * a change made meanwhile is still announced.
 */
@Injectable()
export class OrderListHints implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly log = getLogger('OrderListHints');
  private client?: pg.Client;
  private stopped = false;
  private timer?: NodeJS.Timeout;
  private failures = 0;
  private seen?: string;

  constructor(
    private readonly orm: MikroORM,
    private readonly nats: NatsConnectionHolder,
  ) {}

  async onApplicationBootstrap() {
    await this.read();
  }

  private async connection(): Promise<pg.Client> {
    if (this.client) return this.client;
    // A read that never answers (a connection gone silent) fails after 5 s, so the loop goes on.
    const client = new pg.Client({ connectionString: this.orm.config.get('clientUrl'), application_name: 'order-list-hints', connectionTimeoutMillis: 10_000, query_timeout: 5_000 });
    client.on('error', () => this.drop(client));
    client.on('end', () => this.drop(client));
    this.client = client;
    try {
      await client.connect();
    } catch (e) {
      this.drop(client);
      throw e;
    }
    return client;
  }

  private drop(client: pg.Client) {
    if (this.client !== client) return;
    this.client = undefined;
    void client.end().catch(() => undefined);
  }

  /** Reads the version, publishes a hint if it moved, and comes back after the pause. */
  private async read(): Promise<void> {
    if (this.stopped) return;
    let pause = LIST_VERSION_POLL_MS;
    try {
      const client = await this.connection();
      const { rows } = await client.query<{ version: string | null }>(LIST_VERSION_SQL);
      const version = rows[0]?.version ?? '0';
      if (this.seen !== undefined && version !== this.seen) this.publish(version);
      this.seen = version;
      this.failures = 0;
    } catch (e) {
      if (this.stopped) return;
      if (this.client) this.drop(this.client);
      pause = Math.min(RECONNECT_MAX_MS, RECONNECT_MS * 2 ** this.failures++);
      this.log.warn({ err: e, retryInMs: pause }, 'reading the order list version failed; trying again');
    }
    if (!this.stopped) this.timer = setTimeout(() => void this.read(), pause);
  }

  private publish(version: string) {
    const payload = JSON.stringify(changeHintSubjects[SUBJECT].parse({ version }));
    this.nats.connection().then(
      (nc) => nc.publish(SUBJECT, payload),
      (e: unknown) => this.log.warn({ err: e, subject: SUBJECT }, 'change hint not sent'),
    );
  }

  async onModuleDestroy() {
    this.stopped = true;
    clearTimeout(this.timer);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }
}
