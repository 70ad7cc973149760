import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { EventConsumers, eventsHandled, getLogger } from '@jalaj/server-kit';
import { StorageService } from '../storage/storage.service.js';

/** Durable consumer name; shared by every media replica. */
export const PRODUCT_IMAGES_CONSUMER = 'media-product-deleted';

/** Removes a deleted product's images from the photos bucket, so no orphan objects stay behind. */
@Injectable()
export class ProductImagesEvents implements OnApplicationBootstrap {
  private readonly log = getLogger('ProductImagesEvents');

  constructor(
    private readonly consumers: EventConsumers,
    private readonly storage: StorageService,
  ) {}

  async onApplicationBootstrap() {
    await this.consumers.subscribe('evt.catalog.product.deleted.v1', PRODUCT_IMAGES_CONSUMER, async (event) => {
      // The inbox row is inserted in the same transaction before this runs; removing
      // objects is idempotent, so a crash after the removal and before the commit is harmless.
      await this.storage.remove(event.data.imageKeys);
      eventsHandled.inc({ consumer: PRODUCT_IMAGES_CONSUMER, outcome: 'handled' });
      this.log.info({ productId: event.data.productId, removed: event.data.imageKeys.length }, 'product images removed');
    });
  }
}
