import { Controller, Get, Param, Query, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { RpcClient } from '@jalaj/server-kit';
import { pathId } from '../auth/body.js';
import { unwrap } from '../auth/rpc-result.js';
import { CatalogCache } from './catalog-cache.service.js';
import { readProductFilters } from './product-filters.js';

/** `/api/products`: the public catalogue, cached in this process and in Redis (CatalogCache), sent with an ETag, compressed once. */
@Controller('products')
export class ProductsController {
  constructor(
    private readonly rpc: RpcClient,
    private readonly cache: CatalogCache,
  ) {}

  /** The storefront's plant list, oldest first; `q`, `category`, `difficulty`, `light`, `co2` filter it. */
  @Get()
  async list(@Query() query: Record<string, unknown>, @Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    const filter = readProductFilters(query);
    const body = await this.cache.read(`list:${JSON.stringify(filter)}`, async () => unwrap(await this.rpc.request('rpc.catalog.products.list', { ...filter, order: 'oldest' })));
    return body.send(request, reply);
  }

  @Get(':id')
  async get(@Param('id') raw: string, @Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    const id = pathId(raw);
    const body = await this.cache.read(`product:${id}`, async () => unwrap(await this.rpc.request('rpc.catalog.products.get', { id })));
    return body.send(request, reply);
  }
}
