import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import type { EventData, EventEnvelope } from '@jalaj/contracts';
import { EventConsumers, eventsHandled, getLogger } from '@jalaj/server-kit';
import { claimDecidedMail, claimFiledMail, fulfilmentMail, orderConfirmationMail, refundStartedMail, type RenderedMail } from './order-mail-texts.js';
import { OrderMailsService } from './order-mails.service.js';

/** The order events a shopper is mailed about. */
type OrderMailSubject =
  | 'evt.order.order.paid.v1'
  | 'evt.order.order.refund-started.v1'
  | 'evt.order.order.fulfilment-changed.v1'
  | 'evt.order.claim.filed.v1'
  | 'evt.order.claim.decided.v1';

/** Durable consumer names; shared by every identity replica. */
export const ORDER_PAID_MAIL_CONSUMER = 'identity-order-paid';
export const REFUND_STARTED_MAIL_CONSUMER = 'identity-order-refund-started';
export const FULFILMENT_MAIL_CONSUMER = 'identity-order-fulfilment-changed';
export const CLAIM_FILED_MAIL_CONSUMER = 'identity-guarantee-claim-filed';
export const CLAIM_DECIDED_MAIL_CONSUMER = 'identity-guarantee-claim-decided';

/** Tells shoppers by mail what became of their paid orders (issue #10, item 5; shipping, delivery and cancellation: issue #11; guarantee claims: issue #41). */
@Injectable()
export class OrderMailsEvents implements OnApplicationBootstrap {
  private readonly log = getLogger('OrderMailsEvents');

  constructor(
    private readonly consumers: EventConsumers,
    private readonly mails: OrderMailsService,
  ) {}

  async onApplicationBootstrap() {
    await this.mailOn('evt.order.order.paid.v1', ORDER_PAID_MAIL_CONSUMER, 'order confirmation', (e) => (name) => orderConfirmationMail(name, e.data, this.mails.shopUrl));
    await this.mailOn('evt.order.order.refund-started.v1', REFUND_STARTED_MAIL_CONSUMER, 'refund mail', (e) => (name) => refundStartedMail(name, e.data));
    // Processing and packed are for the order page only: no mail.
    await this.mailOn('evt.order.order.fulfilment-changed.v1', FULFILMENT_MAIL_CONSUMER, 'fulfilment mail', (e) =>
      fulfilmentMail('', e.data, this.mails.shopUrl) === null ? null : (name) => fulfilmentMail(name, e.data, this.mails.shopUrl)!,
    );
    // The 30-day guarantee (issue #41): the claim received, and the decision either way.
    await this.mailOn('evt.order.claim.filed.v1', CLAIM_FILED_MAIL_CONSUMER, 'guarantee claim mail', (e) => (name) => claimFiledMail(name, e.data, this.mails.shopUrl));
    await this.mailOn('evt.order.claim.decided.v1', CLAIM_DECIDED_MAIL_CONSUMER, 'guarantee decision mail', (e) => (name) => claimDecidedMail(name, e.data, this.mails.shopUrl));
  }

  /**
   * Mails the shopper of each `subject` event what `mail` renders (null: nothing to mail):
   * the mail is queued in one statement with the event's claim in the inbox (ADR 088), so a
   * redelivered event mails nothing more.
   */
  private mailOn<S extends OrderMailSubject>(subject: S, consumer: string, what: string, mail: (event: EventEnvelope<EventData<S>>) => ((name: string) => RenderedMail) | null) {
    return this.consumers.subscribe(
      subject,
      consumer,
      async (event, em) => {
        const { userId, orderId } = event.data;
        const outcome = await this.mails.mailShopper(em, userId, orderId, mail(event));
        eventsHandled.inc({ consumer, outcome: outcome === 'queued' ? 'handled' : 'skipped' });
        if (outcome === 'queued') this.log.info({ orderId }, `${what} queued`);
      },
      undefined,
      { claimedBy: 'statement' },
    );
  }
}
