import { Module, type OnApplicationBootstrap } from '@nestjs/common';
import { StockRpc } from '../stock/stock.rpc.js';
import { StockService } from '../stock/stock.service.js';
import { DemoSeed } from './demo-seed.js';
import { ProductsRpc } from './products.rpc.js';
import { ProductsService } from './products.service.js';

@Module({ controllers: [ProductsRpc, StockRpc], providers: [ProductsService, StockService, DemoSeed], exports: [ProductsService] })
export class ProductsModule implements OnApplicationBootstrap {
  constructor(private readonly seed: DemoSeed) {}

  async onApplicationBootstrap() {
    if (process.env.SEED_DEMO_DATA === 'true') await this.seed.run();
  }
}
