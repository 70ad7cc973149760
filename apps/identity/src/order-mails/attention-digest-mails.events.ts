import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { EventConsumers, eventsHandled, getLogger, InjectConfig } from '@jalaj/server-kit';
import { User } from '../accounts/entities/user.entity.js';
import type { IdentityConfig } from '../config.js';
import { queueMailEach } from '../mail/mail.service.js';
import { attentionDigestMail } from './order-mail-texts.js';

/** The durable consumer's name; shared by every identity replica. */
export const ATTENTION_DIGEST_MAIL_CONSUMER = 'identity-order-attention-digest';

/**
 * Mails every admin the order service's daily list of what waits for a decision (issue #42,
 * docs/adr/081-needs-attention.md). Handled in the consumer's transaction that records the
 * event in the inbox first, with the mails queued in it: a redelivered event mails no admin
 * twice (the order service publishes one event a day across its replicas).
 */
@Injectable()
export class AttentionDigestMailsEvents implements OnApplicationBootstrap {
  private readonly log = getLogger('AttentionDigestMailsEvents');

  constructor(
    private readonly consumers: EventConsumers,
    @InjectConfig() private readonly config: IdentityConfig,
  ) {}

  async onApplicationBootstrap() {
    await this.consumers.subscribe('evt.order.attention.digest.v1', ATTENTION_DIGEST_MAIL_CONSUMER, async (event, tx) => {
      const admins = await tx.find(User, { role: 'admin' }, { fields: ['email', 'fullName'] });
      const queued = queueMailEach(tx, admins, (name) => attentionDigestMail(name, event.data, this.config.PUBLIC_URL));
      eventsHandled.inc({ consumer: ATTENTION_DIGEST_MAIL_CONSUMER, outcome: queued ? 'handled' : 'skipped' });
      this.log.info({ day: event.data.day, orders: event.data.total, mailed: queued }, 'daily mail of what waits queued for the admins');
    });
  }
}
