import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { ChangeHints, EventConsumers, eventsHandled } from '@jalaj/server-kit';
import { ProductFactsService } from './product-facts.service.js';

/** Durable consumer names (one per subject); shared by every cart replica. */
export const PRODUCT_FACTS_CONSUMERS = {
  created: 'cart-product-created',
  updated: 'cart-product-updated',
  deleted: 'cart-product-deleted',
  stock: 'cart-product-stock',
} as const;

/**
 * Keeps the cart's copy of catalogue facts in step with catalog's events. The consumers
 * are separate, so events of one product may arrive out of order: each change applies only
 * over older facts (ProductFactsService), so the newest wins whatever the order.
 */
@Injectable()
export class ProductsEvents implements OnApplicationBootstrap {
  constructor(
    private readonly consumers: EventConsumers,
    private readonly facts: ProductFactsService,
    private readonly hints: ChangeHints,
  ) {}

  async onApplicationBootstrap() {
    // Every cart holding one of the products reads differently now: the BFF forgets its copies of them (ADR 025).
    const announce = (productIds: string[]) => {
      if (productIds.length) this.hints.announce('hint.cart.products.changed.v1', { productIds });
    };
    const handled = (consumer: string, productIds: string[]) => {
      announce(productIds);
      eventsHandled.inc({ consumer, outcome: 'handled' });
    };
    // An event handled before comes again when the replica that handled it died before its
    // acknowledgement, perhaps before its hint too: the hint goes out again.
    const product = { onRepeat: (event: { data: { product: { id: string } } }) => announce([event.data.product.id]) };
    await this.consumers.subscribe(
      'evt.catalog.product.created.v1',
      PRODUCT_FACTS_CONSUMERS.created,
      async (event, em) => {
        await this.facts.applyProduct(em, event.data.product, new Date(event.occurredAt));
        handled(PRODUCT_FACTS_CONSUMERS.created, [event.data.product.id]);
      },
      undefined,
      product,
    );
    await this.consumers.subscribe(
      'evt.catalog.product.updated.v1',
      PRODUCT_FACTS_CONSUMERS.updated,
      async (event, em) => {
        await this.facts.applyProduct(em, event.data.product, new Date(event.occurredAt));
        handled(PRODUCT_FACTS_CONSUMERS.updated, [event.data.product.id]);
      },
      undefined,
      product,
    );
    await this.consumers.subscribe(
      'evt.catalog.product.deleted.v1',
      PRODUCT_FACTS_CONSUMERS.deleted,
      async (event, em) => {
        await this.facts.applyDeleted(em, event.data.productId, new Date(event.occurredAt));
        handled(PRODUCT_FACTS_CONSUMERS.deleted, [event.data.productId]);
      },
      undefined,
      { onRepeat: (event) => announce([event.data.productId]) },
    );
    // Every checkout moves stock: each product's stock applies only over an older one, so a
    // redelivered or late event changes nothing, and no inbox row is needed (ADR 056).
    await this.consumers.subscribe(
      'evt.catalog.product.stock-changed.v1',
      PRODUCT_FACTS_CONSUMERS.stock,
      async (event, em) => {
        for (const p of event.data.products) await this.facts.applyStock(em, p.productId, p.stockQuantity, new Date(event.occurredAt));
        handled(PRODUCT_FACTS_CONSUMERS.stock, event.data.products.map((p) => p.productId));
      },
      undefined,
      { idempotent: true },
    );
  }
}
