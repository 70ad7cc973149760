import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/core';
import { newId } from '@jalaj/contracts';
import { getLogger, InjectConfig, prepared, runPrepared } from '@jalaj/server-kit';
import type { IdentityConfig } from '../config.js';
import type { RenderedMail } from './order-mail-texts.js';

/** Every order mail runs these: prepared once per connection. */
const SHOPPER = prepared('order_mail_shopper', 'select email, full_name from users where id = $1');
const QUEUE_MAIL_ONCE = prepared('queue_mail_once', 'select queue_mail_once($1, $2, $3, $4, $5, $6, $7, $8, $9::jsonb) as claimed');

/** What became of an order event: a mail queued, nothing to mail, or handled before. */
export type OrderMailOutcome = 'queued' | 'skipped' | 'repeat';

/** Mails a shopper about their order; identity is where their email address lives. */
@Injectable()
export class OrderMailsService {
  private readonly log = getLogger('OrderMailsService');

  constructor(
    private readonly em: EntityManager,
    @InjectConfig() private readonly config: IdentityConfig,
  ) {}

  /** The shop's order history page, linked from order mails. */
  get ordersUrl(): string {
    return `${this.config.PUBLIC_URL}/orders`;
  }

  /**
   * Queues `mail(name)` to the user's email once per event for `consumer`: one statement
   * claims the event in the inbox and writes the mail (`queue_mail_once`, ADR 056), so a
   * redelivered event queues nothing. With `mail` null (a step the shopper follows on the
   * order page only) the event is only claimed. An account without an email (signed up by
   * phone) or one deleted since cannot be mailed, which is logged, not retried.
   */
  async mailShopperOnce(consumer: string, event: { id: string; subject: string }, userId: string, orderId: string, mail: ((name: string) => RenderedMail) | null): Promise<OrderMailOutcome> {
    let rendered: (RenderedMail & { to: string }) | null = null;
    if (mail) {
      const [user] = await runPrepared<{ email: string | null; full_name: string }>(this.em, SHOPPER, [userId]);
      if (user?.email) rendered = { to: user.email, ...mail(user.full_name) };
      else this.log.warn({ userId, orderId }, user ? 'the shopper has no email address; order mail not sent' : 'no such user; order mail not sent');
    }
    const [{ claimed }] = await runPrepared<{ claimed: boolean }>(this.em, QUEUE_MAIL_ONCE, [
      consumer,
      event.id,
      event.subject,
      rendered ? newId('msg') : null,
      rendered?.to ?? null,
      rendered?.subject ?? null,
      rendered?.text ?? null,
      rendered?.html ?? null,
      JSON.stringify(rendered?.links ?? []),
    ]);
    if (!claimed) return 'repeat';
    return rendered ? 'queued' : 'skipped';
  }
}
