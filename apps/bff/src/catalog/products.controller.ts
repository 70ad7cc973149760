import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { RpcClient } from '@jalaj/server-kit';
import { pathId } from '../auth/body.js';
import { unwrap } from '../auth/rpc-result.js';
import { CatalogCache } from './catalog-cache.service.js';
import { readProductFilters } from './product-filters.js';

const sendJson = (reply: FastifyReply, json: string) => reply.header('content-type', 'application/json; charset=utf-8').header('cache-control', 'no-cache').send(json);

/** `/api/products`: the public catalogue, cached in Redis. */
@Controller('products')
export class ProductsController {
  constructor(
    private readonly rpc: RpcClient,
    private readonly cache: CatalogCache,
  ) {}

  /** The storefront's plant list, oldest first; `q`, `category`, `difficulty`, `light`, `co2` filter it. */
  @Get()
  async list(@Query() query: Record<string, unknown>, @Res() reply: FastifyReply) {
    const filter = readProductFilters(query);
    const json = await this.cache.readJson(`list:${JSON.stringify(filter)}`, async () => unwrap(await this.rpc.request('rpc.catalog.products.list', { ...filter, order: 'oldest' })));
    return sendJson(reply, json);
  }

  @Get(':id')
  async get(@Param('id') raw: string, @Res() reply: FastifyReply) {
    const id = pathId(raw);
    const json = await this.cache.readJson(`product:${id}`, async () => unwrap(await this.rpc.request('rpc.catalog.products.get', { id })));
    return sendJson(reply, json);
  }
}
