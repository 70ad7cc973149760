import { Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { NatsConnection, Subscription } from '@nats-io/transport-node';
import { changeHintSubjects, type ChangeHintSubject } from '@jalaj/contracts';
import { getLogger, NatsConnectionHolder } from '@jalaj/server-kit';
import { ShopperCache } from './shopper-cache.js';

/** Shoppers whose answers one process keeps, per kind (about 1–2 KB each). */
const MAX_SHOPPERS = 5000;
/** The longest an answer is kept without a hint: the bound on a lost one. */
const TTL_MS = 30_000;

/**
 * The signed-in shopper's reads this BFF process answers from memory (ADR 025): the
 * profile (`GET /api/me`) and the cart (`GET /api/cart`). Identity and cart announce every
 * change after it commits (change hints on core NATS); this process forgets what they
 * name, and everything when its connection drops, until it is back. Checkout never reads
 * from here: amounts and stock are decided by the cart and order services.
 */
@Injectable()
export class ShopperReads implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly log = getLogger('ShopperReads');
  readonly me = new ShopperCache({ maxEntries: MAX_SHOPPERS, ttlMs: TTL_MS });
  readonly cart = new ShopperCache({ maxEntries: MAX_SHOPPERS, ttlMs: TTL_MS });
  private subscriptions: Subscription[] = [];

  constructor(private readonly nats: NatsConnectionHolder) {}

  async onApplicationBootstrap() {
    const nc = await this.nats.connection();
    this.listen(nc, 'hint.identity.user.changed.v1', ({ userId }) => this.me.forget(userId));
    this.listen(nc, 'hint.cart.cart.changed.v1', ({ userId }) => this.cart.forget(userId));
    this.listen(nc, 'hint.cart.products.changed.v1', ({ productIds }) => this.cart.forgetTagged(productIds));
    void this.watch(nc);
  }

  private listen<S extends ChangeHintSubject>(nc: NatsConnection, subject: S, forget: (data: ReturnType<(typeof changeHintSubjects)[S]['parse']>) => void) {
    const schema = changeHintSubjects[subject];
    this.subscriptions.push(
      nc.subscribe(subject, {
        callback: (err, msg) => {
          if (err) return;
          const parsed = schema.safeParse(safeJson(msg.string()));
          if (parsed.success) forget(parsed.data as never);
          else this.log.warn({ subject }, 'malformed change hint ignored');
        },
      }),
    );
  }

  /** While the connection is down, hints are lost: keep nothing until it is back. */
  private async watch(nc: NatsConnection) {
    const caches = [this.me, this.cart];
    for await (const status of nc.status()) {
      if (status.type === 'disconnect') caches.forEach((c) => c.pause());
      else if (status.type === 'reconnect') caches.forEach((c) => c.resume());
    }
    // The connection closed: nothing will say what changed any more.
    caches.forEach((c) => c.pause());
  }

  onApplicationShutdown() {
    for (const s of this.subscriptions.splice(0)) s.unsubscribe();
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
