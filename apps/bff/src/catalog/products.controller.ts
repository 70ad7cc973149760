import { Controller, Get, Param, Query } from '@nestjs/common';
import { productFilterSchema } from '@jalaj/contracts';
import { RpcClient } from '@jalaj/server-kit';
import { parseBody } from '../auth/body.js';
import { unwrap } from '../auth/rpc-result.js';
import { CatalogCache } from './catalog-cache.service.js';

/** `/api/products`: the public catalogue, cached in Redis. */
@Controller('products')
export class ProductsController {
  constructor(
    private readonly rpc: RpcClient,
    private readonly cache: CatalogCache,
  ) {}

  /** The storefront's plant list, oldest first; `q`, `category`, `difficulty`, `light`, `co2` filter it. */
  @Get()
  async list(@Query() query: Record<string, string>) {
    const { q, category, difficulty, light, co2 } = query;
    const filter = parseBody(productFilterSchema, Object.fromEntries(Object.entries({ q, category, difficulty, light, co2 }).filter(([, v]) => v)));
    const key = `list:${JSON.stringify(filter)}`;
    return this.cache.read(key, async () => unwrap(await this.rpc.request('rpc.catalog.products.list', { ...filter, order: 'oldest' })));
  }

  @Get(':id')
  async get(@Param('id') id: string) {
    return this.cache.read(`product:${id.slice(0, 64)}`, async () => unwrap(await this.rpc.request('rpc.catalog.products.get', { id: id.slice(0, 64) })));
  }
}
