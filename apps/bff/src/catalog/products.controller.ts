import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { pathId } from '../auth/body.js';
import { readProductFilters } from './product-filters.js';
import { ProductReads } from './product-reads.service.js';

const sendJson = (reply: FastifyReply, json: string) => reply.header('content-type', 'application/json; charset=utf-8').header('cache-control', 'no-cache').send(json);

/** `/api/products`: the public catalogue, cached in Redis. */
@Controller('products')
export class ProductsController {
  constructor(private readonly products: ProductReads) {}

  /** The storefront's plant list, oldest first; `q`, `category`, `difficulty`, `light`, `co2` filter it. */
  @Get()
  async list(@Query() query: Record<string, unknown>, @Res() reply: FastifyReply) {
    return sendJson(reply, await this.products.list(readProductFilters(query)));
  }

  @Get(':id')
  async get(@Param('id') raw: string, @Res() reply: FastifyReply) {
    return sendJson(reply, await this.products.get(pathId(raw)));
  }
}
