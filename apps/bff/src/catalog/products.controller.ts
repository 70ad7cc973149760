import { Controller, Get, Param, Query, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { pathId } from '../auth/body.js';
import { readProductFilters } from './product-filters.js';
import { ProductReads } from './product-reads.service.js';

/** `/api/products`: the public catalogue, cached in this process and in Redis (CatalogCache), sent with an ETag, compressed once. */
@Controller('products')
export class ProductsController {
  constructor(private readonly products: ProductReads) {}

  /** The storefront's plant list, oldest first; `q`, `category`, `difficulty`, `light`, `co2` filter it. */
  @Get()
  async list(@Query() query: Record<string, unknown>, @Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    return (await this.products.list(readProductFilters(query))).send(request, reply);
  }

  @Get(':id')
  async get(@Param('id') raw: string, @Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    return (await this.products.get(pathId(raw))).send(request, reply);
  }
}
