import { Module } from '@nestjs/common';
import { AttentionDigestMailsEvents } from './attention-digest-mails.events.js';
import { OrderMailsEvents } from './order-mails.events.js';
import { OrderMailsService } from './order-mails.service.js';

/** Order mails: the confirmation of a paid order and the notice of a refund, queued from the order events; the admins' daily list of what waits. */
@Module({ providers: [OrderMailsService, OrderMailsEvents, AttentionDigestMailsEvents] })
export class OrderMailsModule {}
