import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { EventConsumers, eventsHandled, getLogger } from '@jalaj/server-kit';
import { prefixOfUrl, UploadsService } from '../uploads/uploads.service.js';

/** Durable consumer names; shared by every media replica. */
export const PRODUCT_IMAGES_CONSUMER = 'media-product-deleted';
const PRODUCT_SAVED_CONSUMER = 'media-product-created';
const PRODUCT_UPDATED_CONSUMER = 'media-product-updated';

const prefixOfKey = (key: string) => key.replace(/\/[^/]+$/, '');

/**
 * Keeps the bucket in step with the catalogue: images a product uses are kept, images a
 * product stops using or a deleted product's images are removed — no orphan objects.
 */
@Injectable()
export class ProductImagesEvents implements OnApplicationBootstrap {
  private readonly log = getLogger('ProductImagesEvents');

  constructor(
    private readonly consumers: EventConsumers,
    private readonly uploads: UploadsService,
  ) {}

  async onApplicationBootstrap() {
    await this.consumers.subscribe('evt.catalog.product.deleted.v1', PRODUCT_IMAGES_CONSUMER, async (event, em) => {
      // The inbox row is inserted in the same transaction before this runs; removing
      // objects is idempotent, so a crash after the removal and before the commit is harmless.
      await this.uploads.removePrefixes(em, [...new Set(event.data.imageKeys.map(prefixOfKey))]);
      eventsHandled.inc({ consumer: PRODUCT_IMAGES_CONSUMER, outcome: 'handled' });
      this.log.info({ productId: event.data.productId, removed: event.data.imageKeys.length }, 'product images removed');
    });
    await this.consumers.subscribe('evt.catalog.product.created.v1', PRODUCT_SAVED_CONSUMER, async (event, em) => {
      await this.uploads.attach(em, event.data.product.id, event.data.product.imageUrls);
    });
    await this.consumers.subscribe('evt.catalog.product.updated.v1', PRODUCT_UPDATED_CONSUMER, async (event, em) => {
      await this.uploads.attach(em, event.data.product.id, event.data.product.imageUrls);
      const removed = event.data.removedImageUrls.map(prefixOfUrl).filter((p): p is string => !!p);
      await this.uploads.removePrefixes(em, removed);
      if (removed.length) this.log.info({ productId: event.data.product.id, removed: removed.length }, 'unused product images removed');
    });
  }
}
