import { Body, Controller, Delete, Get, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import { HTTP_SCHEMAS, type Actor } from '@jalaj/contracts';
import { RpcClient } from '@jalaj/server-kit';
import { AuthGuard, CurrentActor } from '../auth/auth.guard.js';
import { parseBody, pathId } from '../auth/body.js';
import { unwrap } from '../auth/rpc-result.js';

const createBody = HTTP_SCHEMAS['me.stockAlerts.create'].body;

/**
 * `/api/me/stock-alerts`: the signed-in shopper's Notify Me requests for sold-out plants
 * (issue #41). Catalog keeps them, scoped to the actor; identity mails them.
 */
@Controller('me/stock-alerts')
@UseGuards(AuthGuard)
export class StockAlertsController {
  constructor(private readonly rpc: RpcClient) {}

  @Get()
  async list(@CurrentActor() actor: Actor) {
    return unwrap(await this.rpc.request('rpc.catalog.stock-alerts.list', { actor }));
  }

  @Post()
  @HttpCode(201)
  async create(@CurrentActor() actor: Actor, @Body() raw: unknown) {
    const { productId } = parseBody(createBody, raw);
    return unwrap(await this.rpc.request('rpc.catalog.stock-alerts.create', { actor, productId }));
  }

  @Delete(':productId')
  async delete(@CurrentActor() actor: Actor, @Param('productId') productId: string) {
    return unwrap(await this.rpc.request('rpc.catalog.stock-alerts.delete', { actor, productId: pathId(productId) }));
  }
}
