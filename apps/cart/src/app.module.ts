import { Module } from '@nestjs/common';
import { pingController, ServiceKitModule } from '@jalaj/server-kit';
import { migrations } from './migrations/index.js';

@Module({
  imports: [ServiceKitModule.forService({ name: 'cart', database: { entities: [], migrations } })],
  controllers: [pingController('cart')],
})
export class AppModule {}
