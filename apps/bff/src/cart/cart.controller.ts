import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, UseGuards } from '@nestjs/common';
import { HTTP_SCHEMAS, type Actor } from '@jalaj/contracts';
import { RpcClient } from '@jalaj/server-kit';
import { AuthGuard, CurrentActor } from '../auth/auth.guard.js';
import { parseBody, pathId } from '../auth/body.js';
import { unwrap } from '../auth/rpc-result.js';

const addBody = HTTP_SCHEMAS['cart.addItem'].body;
const quantityBody = HTTP_SCHEMAS['cart.updateItem'].body;

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
    return unwrap(await this.rpc.request('rpc.cart.items.update', { actor, id: pathId(id), quantity }));
  }

  @Delete('items/:id')
  async remove(@CurrentActor() actor: Actor, @Param('id') id: string) {
    return unwrap(await this.rpc.request('rpc.cart.items.remove', { actor, id: pathId(id) }));
  }

  @Delete()
  async clear(@CurrentActor() actor: Actor) {
    return unwrap(await this.rpc.request('rpc.cart.items.clear', { actor }));
  }
}
