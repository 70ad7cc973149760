import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { EventConsumers, eventsHandled, getLogger } from '@jalaj/server-kit';
import { fulfilmentMail, orderConfirmationMail, refundStartedMail } from './order-mail-texts.js';
import { OrderMailsService } from './order-mails.service.js';

/** Durable consumer names; shared by every identity replica. */
export const ORDER_PAID_MAIL_CONSUMER = 'identity-order-paid';
export const REFUND_STARTED_MAIL_CONSUMER = 'identity-order-refund-started';
export const FULFILMENT_MAIL_CONSUMER = 'identity-order-fulfilment-changed';

/** Tells shoppers by mail what became of their paid orders (issue #10, item 5; shipping, delivery and cancellation: issue #11). */
@Injectable()
export class OrderMailsEvents implements OnApplicationBootstrap {
  private readonly log = getLogger('OrderMailsEvents');

  constructor(
    private readonly consumers: EventConsumers,
    private readonly mails: OrderMailsService,
  ) {}

  async onApplicationBootstrap() {
    await this.consumers.subscribe('evt.order.order.paid.v1', ORDER_PAID_MAIL_CONSUMER, async (event, em) => {
      const queued = await this.mails.mailShopper(em, event.data.userId, event.data.orderId, (name) => orderConfirmationMail(name, event.data, this.mails.ordersUrl));
      eventsHandled.inc({ consumer: ORDER_PAID_MAIL_CONSUMER, outcome: queued ? 'handled' : 'skipped' });
      if (queued) this.log.info({ orderId: event.data.orderId }, 'order confirmation queued');
    });
    await this.consumers.subscribe('evt.order.order.refund-started.v1', REFUND_STARTED_MAIL_CONSUMER, async (event, em) => {
      const queued = await this.mails.mailShopper(em, event.data.userId, event.data.orderId, (name) => refundStartedMail(name, event.data));
      eventsHandled.inc({ consumer: REFUND_STARTED_MAIL_CONSUMER, outcome: queued ? 'handled' : 'skipped' });
      if (queued) this.log.info({ orderId: event.data.orderId }, 'refund mail queued');
    });
    await this.consumers.subscribe('evt.order.order.fulfilment-changed.v1', FULFILMENT_MAIL_CONSUMER, async (event, em) => {
      // Processing and packed are for the order page only: no mail.
      const mail = fulfilmentMail('', event.data, this.mails.ordersUrl);
      const queued = mail !== null && (await this.mails.mailShopper(em, event.data.userId, event.data.orderId, (name) => fulfilmentMail(name, event.data, this.mails.ordersUrl)!));
      eventsHandled.inc({ consumer: FULFILMENT_MAIL_CONSUMER, outcome: queued ? 'handled' : 'skipped' });
      if (queued) this.log.info({ orderId: event.data.orderId, status: event.data.status }, 'fulfilment mail queued');
    });
  }
}
