import { Controller, Get, Param, UseGuards } from '@nestjs/common';
import type { Actor } from '@jalaj/contracts';
import { RpcClient } from '@jalaj/server-kit';
import { AuthGuard, CurrentActor } from '../auth/auth.guard.js';
import { pathId } from '../auth/body.js';
import { unwrap } from '../auth/rpc-result.js';

/** `/api/orders`: the shopper's own orders and their bills of supply (another user's id is a 404). */
@Controller('orders')
@UseGuards(AuthGuard)
export class OrdersController {
  constructor(private readonly rpc: RpcClient) {}

  @Get()
  async list(@CurrentActor() actor: Actor) {
    return unwrap(await this.rpc.request('rpc.order.orders.list-mine', { actor }));
  }

  @Get(':id')
  async get(@CurrentActor() actor: Actor, @Param('id') id: string) {
    return unwrap(await this.rpc.request('rpc.order.orders.get-mine', { actor, orderId: pathId(id) }));
  }

  @Get(':id/bill')
  async bill(@CurrentActor() actor: Actor, @Param('id') id: string) {
    // An admin's token would open any order's bill here: the shopper route is for their own only.
    return unwrap(await this.rpc.request('rpc.order.orders.bill', { actor: { id: actor.id, role: 'user' }, orderId: pathId(id) }));
  }
}
