import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { EventConsumers, eventsHandled, getLogger } from '@jalaj/server-kit';
import { UploadsService } from '../uploads/uploads.service.js';

/** Durable consumer name; shared by every media replica. */
export const CLAIM_FILED_CONSUMER = 'media-guarantee-claim-filed';

/**
 * Keeps the photos of a filed guarantee claim (docs/adr/078): stored pending when the shopper
 * sent them, they are marked attached when the claim is filed, so the sweep of unused
 * uploads removes only those of a claim that was refused.
 */
@Injectable()
export class ClaimPhotosEvents implements OnApplicationBootstrap {
  private readonly log = getLogger('ClaimPhotosEvents');

  constructor(
    private readonly consumers: EventConsumers,
    private readonly uploads: UploadsService,
  ) {}

  async onApplicationBootstrap() {
    await this.consumers.subscribe('evt.order.claim.filed.v1', CLAIM_FILED_CONSUMER, async (event, em) => {
      await this.uploads.attachClaimPhotos(em, event.data.photoIds);
      eventsHandled.inc({ consumer: CLAIM_FILED_CONSUMER, outcome: 'handled' });
      this.log.info({ claimId: event.data.claimId, photos: event.data.photoIds.length }, 'claim photos kept');
    });
  }
}
