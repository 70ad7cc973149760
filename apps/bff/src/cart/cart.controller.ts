import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, UseGuards } from '@nestjs/common';
import { z } from 'zod';
import { type Actor } from '@jalaj/contracts';
import { RpcClient } from '@jalaj/server-kit';
import { AuthGuard, CurrentActor } from '../auth/auth.guard.js';
import { parseBody } from '../auth/body.js';
import { unwrap } from '../auth/rpc-result.js';

const addBody = z.object({ productId: z.string().min(1).max(64), quantity: z.number().int().min(-1000).max(1000).default(1) });
const quantityBody = z.object({ quantity: z.number().int().min(-1000).max(1000) });

/** `/api/cart`: the signed-in shopper's cart. Prices are computed by the cart service, never taken from the browser. */
@Controller('cart')
@UseGuards(AuthGuard)
export class CartController {
  constructor(private readonly rpc: RpcClient) {}

  @Get()
  async get(@CurrentActor() actor: Actor) {
    return unwrap(await this.rpc.request('rpc.cart.items.list', { actor }));
  }

  @Post('items')
  @HttpCode(200)
  async add(@CurrentActor() actor: Actor, @Body() raw: unknown) {
    const { productId, quantity } = parseBody(addBody, raw);
    return unwrap(await this.rpc.request('rpc.cart.items.add', { actor, productId, quantity }));
  }

  @Patch('items/:id')
  async update(@CurrentActor() actor: Actor, @Param('id') id: string, @Body() raw: unknown) {
    const { quantity } = parseBody(quantityBody, raw);
    return unwrap(await this.rpc.request('rpc.cart.items.update', { actor, id: id.slice(0, 64), quantity }));
  }

  @Delete('items/:id')
  async remove(@CurrentActor() actor: Actor, @Param('id') id: string) {
    return unwrap(await this.rpc.request('rpc.cart.items.remove', { actor, id: id.slice(0, 64) }));
  }

  @Delete()
  async clear(@CurrentActor() actor: Actor) {
    return unwrap(await this.rpc.request('rpc.cart.items.clear', { actor }));
  }
}
