import { Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { Subscription } from '@nats-io/transport-node';
import { NatsConnectionHolder } from '@jalaj/server-kit';
import { onHint, pauseWhileDisconnected } from './hint-subscriber.js';
import { ShopperCache } from './shopper-cache.js';

/** Shoppers whose answers one process keeps, per kind (about 1–2 KB each). */
const MAX_SHOPPERS = 5000;
/** The longest an answer is kept without a hint: the bound on a lost one. */
const TTL_MS = 30_000;

/**
 * The signed-in shopper's reads this BFF process answers from memory (ADR 025): the
 * profile (`GET /api/me`), the addresses (`GET /api/me/addresses`) and the cart (`GET /api/cart`). Identity and cart announce every
 * change after it commits (change hints on core NATS); this process forgets what they
 * name, and everything when its connection drops, until it is back. Checkout never reads
 * from here: amounts and stock are decided by the cart and order services.
 */
@Injectable()
export class ShopperReads implements OnApplicationBootstrap, OnApplicationShutdown {
  readonly me = new ShopperCache({ maxEntries: MAX_SHOPPERS, ttlMs: TTL_MS });
  readonly addresses = new ShopperCache({ maxEntries: MAX_SHOPPERS, ttlMs: TTL_MS });
  readonly cart = new ShopperCache({ maxEntries: MAX_SHOPPERS, ttlMs: TTL_MS });
  private subscriptions: Subscription[] = [];

  constructor(private readonly nats: NatsConnectionHolder) {}

  async onApplicationBootstrap() {
    const nc = await this.nats.connection();
    this.subscriptions.push(
      onHint(nc, 'hint.identity.user.changed.v1', ({ userId }) => this.me.forget(userId)),
      onHint(nc, 'hint.identity.addresses.changed.v1', ({ userId }) => this.addresses.forget(userId)),
      onHint(nc, 'hint.cart.cart.changed.v1', ({ userId }) => this.cart.forget(userId)),
      onHint(nc, 'hint.cart.products.changed.v1', ({ productIds }) => this.cart.forgetTagged(productIds)),
    );
    void pauseWhileDisconnected(nc, [this.me, this.addresses, this.cart]);
  }

  onApplicationShutdown() {
    for (const s of this.subscriptions.splice(0)) s.unsubscribe();
  }
}
