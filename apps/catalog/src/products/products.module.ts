import { Module, type OnApplicationBootstrap } from '@nestjs/common';
import { DatabaseModule, InjectConfig } from '@jalaj/server-kit';
import { StockAlertsModule } from '../alerts/stock-alerts.module.js';
import { StockHistoryModule } from '../history/stock-history.module.js';
import type { CatalogConfig } from '../config.js';
import { DemoSeed } from './demo-seed.js';
import { Product } from './entities/product.entity.js';
import { ProductsRpc } from './products.rpc.js';
import { ProductsService } from './products.service.js';

/** The catalogue: `rpc.catalog.products.*`, and the demo plants under `npm start`. */
@Module({ imports: [DatabaseModule.forFeature([Product]), StockAlertsModule, StockHistoryModule], controllers: [ProductsRpc], providers: [ProductsService, DemoSeed], exports: [ProductsService] })
export class ProductsModule implements OnApplicationBootstrap {
  constructor(
    private readonly seed: DemoSeed,
    @InjectConfig() private readonly config: CatalogConfig,
  ) {}

  async onApplicationBootstrap() {
    if (this.config.SEED_DEMO_DATA === 'true') await this.seed.run();
  }
}
