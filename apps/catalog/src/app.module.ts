import { Module } from '@nestjs/common';
import { pingController, ServiceKitModule } from '@jalaj/server-kit';
import { migrations } from './migrations/index.js';
import { Product } from './products/entities/product.entity.js';
import { ProductsModule } from './products/products.module.js';

@Module({
  imports: [ServiceKitModule.forService({ name: 'catalog', database: { entities: [Product], migrations } }), ProductsModule],
  controllers: [pingController('catalog')],
})
export class AppModule {}
