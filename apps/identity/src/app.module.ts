import { Module } from '@nestjs/common';
import { pingController, ServiceKitModule } from '@jalaj/server-kit';
import { migrations } from './migrations/index.js';

@Module({
  imports: [ServiceKitModule.forService({ name: 'identity', database: { entities: [], migrations } })],
  controllers: [pingController('identity')],
})
export class AppModule {}
