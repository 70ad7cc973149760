import { Module } from '@nestjs/common';
import { pingController, ServiceKitModule } from '@jalaj/server-kit';
import { CheckoutModule } from './checkout/checkout.module.js';
import { ClaimsModule } from './claims/claims.module.js';
import { migrations } from './migrations/index.js';
import { OrdersModule } from './orders/orders.module.js';

@Module({
  imports: [ServiceKitModule.forService({ name: 'order', database: { migrations } }), OrdersModule, CheckoutModule, ClaimsModule],
  controllers: [pingController('order')],
})
export class AppModule {}
