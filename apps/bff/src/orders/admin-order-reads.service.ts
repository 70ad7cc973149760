import { Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { Subscription } from '@nats-io/transport-node';
import { LRUCache } from 'lru-cache';
import { NatsConnectionHolder } from '@jalaj/server-kit';
import { CachedBody } from '../catalog/cached-body.js';
import { onHint, pauseWhileDisconnected } from '../reads/hint-subscriber.js';
import { ShopperCache } from '../reads/shopper-cache.js';

/** Pages of the Orders tab one process keeps (a page is 20–100 orders, about 13–65 KB). */
const MAX_PAGES = 500;
/** The longest a page is kept without a hint: the bound on a lost one. */
const PAGE_TTL_MS = 5_000;
/** How long an admin's "yes" from the order service is reused for pages from memory (as the order service's own reuse, ADR 021). */
export const ADMIN_CONFIRM_MS = 5_000;
/** Admins remembered at most. */
const MAX_ADMINS = 1_000;

/**
 * The Orders tab's pages from this BFF process's memory (ADR 046). A page is the same for
 * every admin, so it is kept by its query. The order service announces every change of the
 * list (`hint.order.list.changed.v1`, when the order service reads a new list version: ADR 058) and this
 * process forgets every page then, and at once after an admin's change made through it.
 *
 * The role stays checked as before: the guard checks the token (revoked in Redis when an
 * admin is removed), and a page comes from memory only to an admin whom the order service
 * (which asks identity) answered within the last {@link ADMIN_CONFIRM_MS}; any other
 * request goes to the order service.
 */
@Injectable()
export class AdminOrderReads implements OnApplicationBootstrap, OnApplicationShutdown {
  readonly pages = new ShopperCache({ maxEntries: MAX_PAGES, ttlMs: PAGE_TTL_MS });
  /** Admins the order service confirmed lately, for {@link ADMIN_CONFIRM_MS}. */
  private readonly confirmed = new LRUCache<string, true>({ max: MAX_ADMINS, ttl: ADMIN_CONFIRM_MS, ttlResolution: 0, perf: { now: () => Date.now() } });
  private subscription?: Subscription;

  constructor(private readonly nats: NatsConnectionHolder) {}

  async onApplicationBootstrap() {
    const nc = await this.nats.connection();
    this.subscription = onHint(nc, 'hint.order.list.changed.v1', () => this.pages.forgetAll());
    void pauseWhileDisconnected(nc, [this.pages]);
  }

  /**
   * The page of `query`: from memory when the admin was confirmed lately, else from `load`
   * (the order service, which checks the role), after which the admin counts as confirmed.
   */
  async page(adminId: string, query: unknown, load: () => Promise<unknown>): Promise<CachedBody> {
    if (this.confirmed.has(adminId)) {
      return this.pages.read(JSON.stringify(query), async () => ({ value: await load() }));
    }
    const body = CachedBody.of(await load());
    this.confirmed.set(adminId, true);
    return body;
  }

  /** An admin changed orders through this process: its pages are read again. */
  changed(): void {
    this.pages.forgetAll();
  }

  onApplicationShutdown() {
    this.subscription?.unsubscribe();
  }
}
