import { Module } from '@nestjs/common';
import { pingController, ServiceKitModule } from '@jalaj/server-kit';
import { ItemsModule } from './items/items.module.js';
import { migrations } from './migrations/index.js';

@Module({
  imports: [ServiceKitModule.forService({ name: 'cart', database: { migrations } }), ItemsModule],
  controllers: [pingController('cart')],
})
export class AppModule {}
