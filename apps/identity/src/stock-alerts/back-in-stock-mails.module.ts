import { Module } from '@nestjs/common';
import { BackInStockMailsEvents } from './back-in-stock-mails.events.js';

/** Back-in-stock mails: queued from catalog's `evt.catalog.product.back-in-stock.v1` (issue #41). */
@Module({ providers: [BackInStockMailsEvents] })
export class BackInStockMailsModule {}
