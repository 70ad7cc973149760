import { Module, type OnApplicationBootstrap } from '@nestjs/common';
import { ProductsRpc } from './products.rpc.js';
import { ProductsService } from './products.service.js';

@Module({ controllers: [ProductsRpc], providers: [ProductsService], exports: [ProductsService] })
export class ProductsModule implements OnApplicationBootstrap {
  constructor(private readonly products: ProductsService) {}

  async onApplicationBootstrap() {
    if (process.env.SEED_DEMO_DATA === 'true') await this.products.seedDemoCatalogue();
  }
}
