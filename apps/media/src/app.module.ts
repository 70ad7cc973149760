import { Module } from '@nestjs/common';
import { pingController, ServiceKitModule } from '@jalaj/server-kit';
import { migrations } from './migrations/index.js';
import { ProductsModule } from './products/products.module.js';

@Module({
  imports: [ServiceKitModule.forService({ name: 'media', database: { entities: [], migrations } }), ProductsModule],
  controllers: [pingController('media')],
})
export class AppModule {}
