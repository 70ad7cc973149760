import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ok } from '@jalaj/contracts';
import { parseRequest } from '@jalaj/server-kit';
import { CartService } from './cart.service.js';

@Controller()
export class CartRpc {
  constructor(private readonly carts: CartService) {}

  @MessagePattern('rpc.cart.items.list')
  async list(@Payload() payload: unknown) {
    return ok(await this.carts.cart(parseRequest('rpc.cart.items.list', payload).actor));
  }

  @MessagePattern('rpc.cart.items.add')
  add(@Payload() payload: unknown) {
    const { actor, productId, quantity } = parseRequest('rpc.cart.items.add', payload);
    return this.carts.add(actor, productId, quantity);
  }

  @MessagePattern('rpc.cart.items.update')
  update(@Payload() payload: unknown) {
    const { actor, id, quantity } = parseRequest('rpc.cart.items.update', payload);
    return this.carts.update(actor, id, quantity);
  }

  @MessagePattern('rpc.cart.items.remove')
  remove(@Payload() payload: unknown) {
    const { actor, id } = parseRequest('rpc.cart.items.remove', payload);
    return this.carts.remove(actor, id);
  }

  @MessagePattern('rpc.cart.items.clear')
  clear(@Payload() payload: unknown) {
    return this.carts.clear(parseRequest('rpc.cart.items.clear', payload).actor);
  }
}
