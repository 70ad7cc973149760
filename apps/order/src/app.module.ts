import { Module } from '@nestjs/common';
import { pingController, ServiceKitModule } from '@jalaj/server-kit';
import { migrations } from './migrations/index.js';

@Module({
  imports: [ServiceKitModule.forService({ name: 'order', database: { entities: [], migrations } })],
  controllers: [pingController('order')],
})
export class AppModule {}
