import { Module } from '@nestjs/common';
import { pingController, ServiceKitModule } from '@jalaj/server-kit';
import { migrations } from './migrations/index.js';
import { ProductsModule } from './products/products.module.js';
import { StockModule } from './stock/stock.module.js';

@Module({
  imports: [ServiceKitModule.forService({ name: 'catalog', database: { migrations } }), ProductsModule, StockModule],
  controllers: [pingController('catalog')],
})
export class AppModule {}
