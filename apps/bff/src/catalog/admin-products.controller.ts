import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query, UseGuards } from '@nestjs/common';
import { HTTP_SCHEMAS, type Actor, type AdminStockHistory } from '@jalaj/contracts';
import { RpcClient } from '@jalaj/server-kit';
import { AdminOnly, AuthGuard, CurrentActor } from '../auth/auth.guard.js';
import { parseBody, pathId } from '../auth/body.js';
import { unwrap } from '../auth/rpc-result.js';
import { CatalogCache } from './catalog-cache.service.js';

const listQuery = HTTP_SCHEMAS['admin.products.list'].query;
const historyQuery = HTTP_SCHEMAS['admin.products.stock-history'].query;

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

  /**
   * One page of a product's stock history, newest first (issue #42). Catalog records the
   * admin's id with their changes; identity names them, in one lookup for the page.
   */
  @Get(':id/stock-history')
  async stockHistory(@CurrentActor() actor: Actor, @Param('id') id: string, @Query() raw: unknown): Promise<AdminStockHistory> {
    const page = unwrap(await this.rpc.request('rpc.catalog.stock.history', { actor, productId: pathId(id), query: parseBody(historyQuery, raw) }));
    const adminIds = [...new Set(page.items.flatMap((c) => (c.actorId ? [c.actorId] : [])))];
    const names = new Map<string, string>();
    if (adminIds.length) {
      for (const a of unwrap(await this.rpc.request('rpc.identity.profiles.lookup', { actor, ids: adminIds })).items) names.set(a.id, a.fullName || a.email);
    }
    return { ...page, items: page.items.map((c) => ({ ...c, actorName: c.actorId ? (names.get(c.actorId) ?? null) : null })) };
  }

  /** Adds or takes plants with a reason (issue #42): the product as it is after. */
  @Post(':id/stock-adjustments')
  @HttpCode(200)
  async adjustStock(@CurrentActor() actor: Actor, @Param('id') id: string, @Body() raw: unknown) {
    const product = unwrap(await this.rpc.request('rpc.catalog.stock.adjust', { actor, productId: pathId(id), adjustment: parseBody(HTTP_SCHEMAS['admin.products.stock-adjust'].body, raw) }));
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
