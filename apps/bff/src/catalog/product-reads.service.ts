import { Injectable } from '@nestjs/common';
import type { ProductFilter } from '@jalaj/contracts';
import { RpcClient } from '@jalaj/server-kit';
import { unwrap } from '../auth/rpc-result.js';
import type { CachedBody } from './cached-body.js';
import { CatalogCache } from './catalog-cache.service.js';

/**
 * The public catalogue reads, from the catalogue cache (CatalogCache): the API answers them
 * and the server-rendered storefront pages are drawn from them, so both show the same data.
 * A read is the same {@link CachedBody} until the catalogue changes or the cache refreshes it.
 */
@Injectable()
export class ProductReads {
  constructor(
    private readonly rpc: RpcClient,
    private readonly cache: CatalogCache,
  ) {}

  /** The plant list, oldest first, filtered (`GET /api/products`). */
  list(filter: Omit<ProductFilter, 'order'>): Promise<CachedBody> | CachedBody {
    return this.cache.read(`list:${JSON.stringify(filter)}`, async () => unwrap(await this.rpc.request('rpc.catalog.products.list', { ...filter, order: 'oldest' })));
  }

  /** One product (`GET /api/products/:id`); PRODUCT_NOT_FOUND as the API answers it. */
  get(id: string): Promise<CachedBody> | CachedBody {
    return this.cache.read(`product:${id}`, async () => unwrap(await this.rpc.request('rpc.catalog.products.get', { id })));
  }
}
