import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { productFilterSchema } from '@jalaj/contracts';
import { RpcClient } from '@jalaj/server-kit';
import { parseBody } from '../auth/body.js';
import { unwrap } from '../auth/rpc-result.js';
import { CatalogCache } from './catalog-cache.service.js';

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
  async list(@Query() query: Record<string, string>, @Res() reply: FastifyReply) {
    const { q, category, difficulty, light, co2 } = query;
    const filter = parseBody(productFilterSchema, Object.fromEntries(Object.entries({ q, category, difficulty, light, co2 }).filter(([, v]) => v)));
    const json = await this.cache.readJson(`list:${JSON.stringify(filter)}`, async () => unwrap(await this.rpc.request('rpc.catalog.products.list', { ...filter, order: 'oldest' })));
    return sendJson(reply, json);
  }

  @Get(':id')
  async get(@Param('id') id: string, @Res() reply: FastifyReply) {
    const json = await this.cache.readJson(`product:${id.slice(0, 64)}`, async () => unwrap(await this.rpc.request('rpc.catalog.products.get', { id: id.slice(0, 64) })));
    return sendJson(reply, json);
  }
}
