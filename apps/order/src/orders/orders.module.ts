import { Module } from '@nestjs/common';
import { DatabaseModule } from '@jalaj/server-kit';
import { OrdersEvents } from './orders.events.js';
import { OrdersRpc } from './orders.rpc.js';
import { OrdersService } from './orders.service.js';

/**
 * Orders (not built yet): the feature template's empty shape (ADR 014). Entities go in
 * `entities/` and are registered here; handlers in `orders.rpc.ts`, event consumers in
 * `orders.events.ts`, the work and its transactions in `orders.service.ts`.
 */
@Module({ imports: [DatabaseModule.forFeature([])], controllers: [OrdersRpc], providers: [OrdersService, OrdersEvents] })
export class OrdersModule {}
