import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query, UseGuards } from '@nestjs/common';
import { HTTP_SCHEMAS, type Actor } from '@jalaj/contracts';
import { RpcClient } from '@jalaj/server-kit';
import { AdminOnly, AuthGuard, CurrentActor } from '../auth/auth.guard.js';
import { parseBody, pathId } from '../auth/body.js';
import { unwrap } from '../auth/rpc-result.js';
import { CatalogCache } from './catalog-cache.service.js';

const listQuery = HTTP_SCHEMAS['admin.products.list'].query;

/** `/api/admin/products`: product management. Catalog re-checks the admin role. */
@Controller('admin/products')
@UseGuards(AuthGuard)
@AdminOnly()
export class AdminProductsController {
  constructor(
    private readonly rpc: RpcClient,
    private readonly cache: CatalogCache,
  ) {}

  /** One page of the Products tab; a bad query is a 400 naming the fields. */
  @Get()
  async list(@CurrentActor() actor: Actor, @Query() raw: unknown) {
    return unwrap(await this.rpc.request('rpc.catalog.products.admin-page', { actor, query: parseBody(listQuery, raw) }));
  }

  @Post()
  @HttpCode(201)
  async create(@CurrentActor() actor: Actor, @Body() raw: unknown) {
    const product = unwrap(await this.rpc.request('rpc.catalog.products.create', { actor, product: parseBody(HTTP_SCHEMAS['admin.products.create'].body, raw) }));
    await this.cache.invalidate();
    return product;
  }

  @Patch(':id')
  async update(@CurrentActor() actor: Actor, @Param('id') id: string, @Body() raw: unknown) {
    const product = unwrap(await this.rpc.request('rpc.catalog.products.update', { actor, id: pathId(id), product: parseBody(HTTP_SCHEMAS['admin.products.update'].body, raw) }));
    await this.cache.invalidate();
    return product;
  }

  @Delete(':id')
  @HttpCode(204)
  async delete(@CurrentActor() actor: Actor, @Param('id') id: string) {
    unwrap(await this.rpc.request('rpc.catalog.products.delete', { actor, id: pathId(id) }));
    await this.cache.invalidate();
  }
}
