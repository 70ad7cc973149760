import { Module } from '@nestjs/common';
import { DatabaseModule } from '@jalaj/server-kit';
import { CheckoutModule } from '../checkout/checkout.module.js';
import { OrderDecisionRow } from '../checkout/entities/order-decision.entity.js';
import { Order } from '../checkout/entities/order.entity.js';
import { OrderLineRow } from '../checkout/entities/order-line.entity.js';
import { OrderRefundRow } from '../checkout/entities/order-refund.entity.js';
import { GuaranteeClaimRow } from '../claims/entities/guarantee-claim.entity.js';
import { AdminCheck } from './admin-check.js';
import { Customers } from './customers.js';
import { AttentionDigest } from './entities/attention-digest.entity.js';
import { BillSerial } from './entities/bill-serial.entity.js';
import { AttentionDigestMailer } from './attention-digest.js';
import { FulfilmentEventRow } from './entities/fulfilment-event.entity.js';
import { OrderListVersion } from './entities/order-list-version.entity.js';
import { OrderActionsRpc } from './order-actions.rpc.js';
import { OrderActionsService } from './order-actions.service.js';
import { OrderExportService } from './order-export.js';
import { OrderListCache } from './order-list-cache.js';
import { OrderListHints } from './order-list-hints.js';
import { OrdersEvents } from './orders.events.js';
import { OrdersRepository } from './orders.repository.js';
import { OrdersRpc } from './orders.rpc.js';
import { OrdersService } from './orders.service.js';
import { SalesRpc } from './sales.rpc.js';
import { SalesService } from './sales.service.js';

/**
 * Orders after checkout (docs/adr/019-orders-bills-and-fulfilment.md): the shopper's
 * history and bills of supply, the Orders tab's list, archive, fulfilment, refunds and
 * export, and the dashboard's sales over time. Orders and their lines are the checkout's
 * entities; fulfilment steps and bill serials are this module's.
 */
@Module({
  imports: [DatabaseModule.forFeature([Order, OrderLineRow, OrderRefundRow, OrderDecisionRow, FulfilmentEventRow, GuaranteeClaimRow, BillSerial, OrderListVersion, AttentionDigest]), CheckoutModule],
  controllers: [OrdersRpc, OrderActionsRpc, SalesRpc],
  providers: [OrdersService, OrdersRepository, OrdersEvents, AdminCheck, Customers, OrderActionsService, OrderExportService, OrderListCache, OrderListHints, AttentionDigestMailer, SalesService],
  // The guarantee claims' decisions re-check the admin role and show the customer the same way.
  exports: [AdminCheck, Customers],
})
export class OrdersModule {}
