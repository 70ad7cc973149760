import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/core';
import { getLogger, InjectConfig } from '@jalaj/server-kit';
import { User } from '../accounts/entities/user.entity.js';
import type { IdentityConfig } from '../config.js';
import { queueMessage } from '../mail/mail.service.js';
import type { RenderedMail } from './order-mail-texts.js';

/** Mails a shopper about their order; identity is where their email address lives. */
@Injectable()
export class OrderMailsService {
  private readonly log = getLogger('OrderMailsService');

  constructor(@InjectConfig() private readonly config: IdentityConfig) {}

  /** The shop's order history page, linked from order mails. */
  get ordersUrl(): string {
    return `${this.config.PUBLIC_URL}/orders`;
  }

  /**
   * Queues `mail(name)` to the user's email in the event handler's transaction `em`, which
   * holds the event's inbox row: the mail is queued once per event, even on redelivery.
   *
   * @returns Whether a mail was queued: an account without an email (signed up by phone)
   *   or one deleted since cannot be mailed, which is logged, not retried.
   */
  async mailShopper(em: EntityManager, userId: string, orderId: string, mail: (name: string) => RenderedMail): Promise<boolean> {
    const user = await em.findOne(User, { id: userId });
    if (!user?.email) {
      this.log.warn({ userId, orderId }, user ? 'the shopper has no email address; order mail not sent' : 'no such user; order mail not sent');
      return false;
    }
    queueMessage(em, { kind: 'mail', to: user.email, ...mail(user.fullName) });
    return true;
  }
}
