import { Module } from '@nestjs/common';
import { OrderMailsEvents } from './order-mails.events.js';
import { OrderMailsService } from './order-mails.service.js';

/** Order mails: the confirmation of a paid order and the notice of a refund, queued from the order events. */
@Module({ providers: [OrderMailsService, OrderMailsEvents] })
export class OrderMailsModule {}
