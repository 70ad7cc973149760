import { Module } from '@nestjs/common';
import { DatabaseModule } from '@jalaj/server-kit';
import { CheckoutRepository } from '../checkout/checkout.repository.js';
import { Order } from '../checkout/entities/order.entity.js';
import { OrdersModule } from '../orders/orders.module.js';
import { ClaimsRepository } from './claims.repository.js';
import { ClaimsRpc } from './claims.rpc.js';
import { ClaimsService } from './claims.service.js';
import { GuaranteeClaimRow } from './entities/guarantee-claim.entity.js';

/**
 * The 30-day guarantee as replacement orders (issue #41, docs/adr/078): shoppers' claims on
 * their delivered orders, admins' decisions, and the replacement orders approvals make
 * (created through the checkout's repository, as every order is).
 */
@Module({
  imports: [DatabaseModule.forFeature([Order, GuaranteeClaimRow]), OrdersModule],
  controllers: [ClaimsRpc],
  providers: [ClaimsService, ClaimsRepository, CheckoutRepository],
})
export class ClaimsModule {}
