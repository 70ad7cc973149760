import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/core';
import { getLogger, InjectConfig, runSql } from '@jalaj/server-kit';
import type { IdentityConfig } from '../config.js';
import { queueMessageForEvent } from '../mail/mail.service.js';
import type { RenderedMail } from './order-mail-texts.js';

/** What became of an order event: a mail queued, or nothing to mail. */
export type OrderMailOutcome = 'queued' | 'skipped';

/** Mails a shopper about their order; identity is where their email address lives. */
@Injectable()
export class OrderMailsService {
  private readonly log = getLogger('OrderMailsService');

  constructor(@InjectConfig() private readonly config: IdentityConfig) {}

  /** The shop's address: order mails link to the order there. */
  get shopUrl(): string {
    return this.config.PUBLIC_URL;
  }

  /**
   * Queues `mail(name)` to the user's email, in one statement with the claim of the event
   * that asked for it in the consumer's inbox (ADR 088): the mail is queued once per event,
   * however often it comes. With `mail` null (a step the shopper follows on the order page
   * only) nothing is queued. An account without an email (signed up by phone) or one
   * deleted since cannot be mailed, which is logged, not retried.
   */
  async mailShopper(em: EntityManager, userId: string, orderId: string, mail: ((name: string) => RenderedMail) | null): Promise<OrderMailOutcome> {
    if (!mail) return 'skipped';
    // One statement, not the ORM's findOne: a read on every paid order (ADR 090).
    const [user] = await runSql<{ email: string | null; full_name: string }>(em, 'select email, full_name from users where id = $1', [userId]);
    if (!user?.email) {
      this.log.warn({ userId, orderId }, user ? 'the shopper has no email address; order mail not sent' : 'no such user; order mail not sent');
      return 'skipped';
    }
    await queueMessageForEvent(em, { kind: 'mail', to: user.email, ...mail(user.full_name) });
    return 'queued';
  }
}
