import { Controller } from '@nestjs/common';
import { ok } from '@jalaj/contracts';
import { IdempotentCommand, RpcHandler, type RpcParsedRequest as Req } from '@jalaj/server-kit';
import { CartService } from './items.service.js';

@Controller()
export class CartRpc {
  constructor(private readonly carts: CartService) {}

  @RpcHandler('rpc.cart.items.list')
  async list({ actor }: Req<'rpc.cart.items.list'>) {
    return ok(await this.carts.cart(actor));
  }

  @RpcHandler('rpc.cart.items.add')
  @IdempotentCommand({ loggedBy: 'handler' })
  add({ actor, productId, quantity }: Req<'rpc.cart.items.add'>) {
    return this.carts.add(actor, productId, quantity);
  }

  @RpcHandler('rpc.cart.items.update')
  @IdempotentCommand({ loggedBy: 'handler' })
  update({ actor, id, quantity }: Req<'rpc.cart.items.update'>) {
    return this.carts.update(actor, id, quantity);
  }

  @RpcHandler('rpc.cart.items.remove')
  @IdempotentCommand({ loggedBy: 'handler' })
  remove({ actor, id }: Req<'rpc.cart.items.remove'>) {
    return this.carts.remove(actor, id);
  }

  @RpcHandler('rpc.cart.items.clear')
  @IdempotentCommand({ loggedBy: 'handler' })
  clear({ actor }: Req<'rpc.cart.items.clear'>) {
    return this.carts.clear(actor);
  }
}
