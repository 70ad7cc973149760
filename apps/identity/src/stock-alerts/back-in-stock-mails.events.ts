import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { EventConsumers, eventsHandled, getLogger, InjectConfig } from '@jalaj/server-kit';
import { User } from '../accounts/entities/user.entity.js';
import type { IdentityConfig } from '../config.js';
import { queueMailEach } from '../mail/mail.service.js';
import { backInStockMail } from '../order-mails/order-mail-texts.js';

/** The durable consumer's name; shared by every identity replica. */
export const BACK_IN_STOCK_MAIL_CONSUMER = 'identity-product-back-in-stock';

/**
 * Mails every shopper who waited for a plant that is back in stock (issue #41, ADR 077).
 * Each event is handled in the consumer's transaction that records it in the inbox first,
 * and the mails are queued in that transaction: a redelivered event (a retry, a restart
 * of identity before its ack) mails nobody twice, and one not yet handled (identity down
 * when catalog wrote it) waits in the stream until identity is back.
 */
@Injectable()
export class BackInStockMailsEvents implements OnApplicationBootstrap {
  private readonly log = getLogger('BackInStockMailsEvents');

  constructor(
    private readonly consumers: EventConsumers,
    @InjectConfig() private readonly config: IdentityConfig,
  ) {}

  async onApplicationBootstrap() {
    await this.consumers.subscribe('evt.catalog.product.back-in-stock.v1', BACK_IN_STOCK_MAIL_CONSUMER, async (event, tx) => {
      const { productId, userIds } = event.data;
      // An account signed up by phone has no email (not mailed); one deleted since is not found.
      const users = await tx.find(User, { id: { $in: userIds } }, { fields: ['email', 'fullName'] });
      const queued = queueMailEach(tx, users, (name) => backInStockMail(name, event.data, this.config.PUBLIC_URL));
      if (queued < userIds.length) this.log.warn({ productId, waiting: userIds.length, mailed: queued }, 'some waiting shoppers have no email address; not mailed');
      eventsHandled.inc({ consumer: BACK_IN_STOCK_MAIL_CONSUMER, outcome: queued ? 'handled' : 'skipped' });
      this.log.info({ productId, mailed: queued }, 'back-in-stock mails queued');
    });
  }
}
