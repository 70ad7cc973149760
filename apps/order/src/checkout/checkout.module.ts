import { Module } from '@nestjs/common';
import { DatabaseModule } from '@jalaj/server-kit';
import { PhonePeModule } from '../payments/phonepe/phonepe.module.js';
import { CheckoutReconciler } from './checkout.reconciler.js';
import { CheckoutRepository } from './checkout.repository.js';
import { CheckoutRpc } from './checkout.rpc.js';
import { CheckoutService } from './checkout.service.js';
import { Order } from './entities/order.entity.js';
import { OrderDecisionRow } from './entities/order-decision.entity.js';
import { OrderLineRow } from './entities/order-line.entity.js';
import { OrderRefundRow } from './entities/order-refund.entity.js';
import { PaymentDecider } from './payment-decider.js';

/**
 * The checkout saga (docs/adr/018-checkout-saga.md): `rpc.order.checkout.pay`,
 * `rpc.order.payments.*` and the reconciler. PhonePe through `PHONEPE_GATEWAY` (PhonePeModule).
 */
@Module({
  imports: [DatabaseModule.forFeature([Order, OrderLineRow, OrderRefundRow, OrderDecisionRow]), PhonePeModule],
  controllers: [CheckoutRpc],
  providers: [CheckoutRepository, PaymentDecider, CheckoutReconciler, CheckoutService],
  // The Orders tab's decision on a held payment sells the order the decision's way (ADR 081).
  exports: [PaymentDecider],
})
export class CheckoutModule {}
