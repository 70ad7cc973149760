import { Module } from '@nestjs/common';
import { pingController, ServiceKitModule } from '@jalaj/server-kit';
import { CartItem } from './items/cart-item.entity.js';
import { CartRpc } from './items/cart.rpc.js';
import { CartService } from './items/cart.service.js';
import { migrations } from './migrations/index.js';

@Module({
  imports: [ServiceKitModule.forService({ name: 'cart', database: { entities: [CartItem], migrations } })],
  controllers: [pingController('cart'), CartRpc],
  providers: [CartService],
})
export class AppModule {}
