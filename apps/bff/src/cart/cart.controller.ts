import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Req, Res, UseGuards } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { HTTP_SCHEMAS, type Actor, type Cart, type Result } from '@jalaj/contracts';
import { RpcClient } from '@jalaj/server-kit';
import { AuthGuard, CurrentActor } from '../auth/auth.guard.js';
import { parseBody, pathId } from '../auth/body.js';
import { unwrap } from '../auth/rpc-result.js';
import { forgettingAfter } from '../reads/forgetting-after.js';
import { ShopperReads } from '../reads/shopper-reads.service.js';

const addBody = HTTP_SCHEMAS['cart.addItem'].body;
const quantityBody = HTTP_SCHEMAS['cart.updateItem'].body;

/** `/api/cart`: the signed-in shopper's cart. Prices are computed by the cart service, never taken from the browser. */
@Controller('cart')
@UseGuards(AuthGuard)
export class CartController {
  constructor(
    private readonly rpc: RpcClient,
    private readonly reads: ShopperReads,
  ) {}

  /** The cart, from this process's memory while the cart service has announced no change to it (ADR 025). */
  @Get()
  async get(@CurrentActor() actor: Actor, @Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    const body = await this.reads.cart.read(actor.id, async () => {
      const cart: Cart = unwrap(await this.rpc.request('rpc.cart.items.list', { actor }));
      // A hint that a product's facts changed forgets every cart holding it.
      return { value: cart, tags: cart.lines.map((l) => l.productId) };
    });
    return body.send(request, reply);
  }

  @Post('items')
  @HttpCode(200)
  async add(@CurrentActor() actor: Actor, @Body() raw: unknown) {
    const { productId, quantity } = parseBody(addBody, raw);
    return this.change(actor, () => this.rpc.request('rpc.cart.items.add', { actor, productId, quantity }));
  }

  @Patch('items/:id')
  async update(@CurrentActor() actor: Actor, @Param('id') id: string, @Body() raw: unknown) {
    const { quantity } = parseBody(quantityBody, raw);
    return this.change(actor, () => this.rpc.request('rpc.cart.items.update', { actor, id: pathId(id), quantity }));
  }

  @Delete('items/:id')
  async remove(@CurrentActor() actor: Actor, @Param('id') id: string) {
    return this.change(actor, () => this.rpc.request('rpc.cart.items.remove', { actor, id: pathId(id) }));
  }

  @Delete()
  async clear(@CurrentActor() actor: Actor) {
    return this.change(actor, () => this.rpc.request('rpc.cart.items.clear', { actor }));
  }

  /** A change of the cart; whatever its outcome, this process reads the cart afresh next (other processes hear the cart's hint). */
  private change<T>(actor: Actor, command: () => Promise<Result<T>>) {
    return forgettingAfter(
      () => this.reads.cart.forget(actor.id),
      async () => unwrap(await command()),
    );
  }
}
