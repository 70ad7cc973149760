import { Injectable } from '@nestjs/common';
import type { ProductFilter } from '@jalaj/contracts';
import { RpcClient } from '@jalaj/server-kit';
import { unwrap } from '../auth/rpc-result.js';
import { CatalogCache } from './catalog-cache.service.js';

/**
 * The public catalogue reads, as JSON text from the Redis cache: the API answers them and
 * the server-rendered storefront pages are drawn from them, so both show the same data.
 */
@Injectable()
export class ProductReads {
  constructor(
    private readonly rpc: RpcClient,
    private readonly cache: CatalogCache,
  ) {}

  /** The plant list, oldest first, filtered (`GET /api/products`). */
  list(filter: Omit<ProductFilter, 'order'>): Promise<string> {
    return this.cache.readJson(`list:${JSON.stringify(filter)}`, async () => unwrap(await this.rpc.request('rpc.catalog.products.list', { ...filter, order: 'oldest' })));
  }

  /** One product (`GET /api/products/:id`); PRODUCT_NOT_FOUND as the API answers it. */
  get(id: string): Promise<string> {
    return this.cache.readJson(`product:${id}`, async () => unwrap(await this.rpc.request('rpc.catalog.products.get', { id })));
  }
}
