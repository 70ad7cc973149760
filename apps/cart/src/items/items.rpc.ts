import { Controller, type OnModuleInit } from '@nestjs/common';
import { ok } from '@jalaj/contracts';
import { CommandLog, IdempotentCommand, RpcHandler, type RpcParsedRequest as Req } from '@jalaj/server-kit';
import { keptOutcome } from './cart-changes.js';
import { CartService } from './items.service.js';

@Controller()
export class CartRpc implements OnModuleInit {
  constructor(
    private readonly carts: CartService,
    private readonly commands: CommandLog,
  ) {}

  /** A repeated change answers the first decision with the cart as it is now (ADR 050, 064). */
  onModuleInit() {
    this.commands.answerRepeats('rpc.cart.items.add', (kept, { actor, productId, quantity }) =>
      this.carts.repeated(actor, kept, (o: Parameters<typeof keptOutcome.add>[0]) => keptOutcome.add(o, productId, quantity)),
    );
    this.commands.answerRepeats('rpc.cart.items.update', (kept, { actor, quantity }) =>
      this.carts.repeated(actor, kept, (o: Parameters<typeof keptOutcome.setQuantity>[0]) => keptOutcome.setQuantity(o, quantity)),
    );
    this.commands.answerRepeats('rpc.cart.items.remove', (kept, { actor }) => this.carts.repeated(actor, kept, keptOutcome.remove));
    this.commands.answerRepeats('rpc.cart.items.clear', (kept, { actor }) => this.carts.repeated(actor, kept, keptOutcome.clear));
  }

  @RpcHandler('rpc.cart.items.list')
  async list({ actor }: Req<'rpc.cart.items.list'>) {
    return ok(await this.carts.cart(actor));
  }

  @RpcHandler('rpc.cart.items.add')
  @IdempotentCommand({ claimedBy: 'statement' })
  add({ actor, productId, quantity }: Req<'rpc.cart.items.add'>) {
    return this.carts.add(actor, productId, quantity);
  }

  @RpcHandler('rpc.cart.items.update')
  @IdempotentCommand()
  update({ actor, id, quantity }: Req<'rpc.cart.items.update'>) {
    return this.carts.update(actor, id, quantity);
  }

  @RpcHandler('rpc.cart.items.remove')
  @IdempotentCommand()
  remove({ actor, id }: Req<'rpc.cart.items.remove'>) {
    return this.carts.remove(actor, id);
  }

  @RpcHandler('rpc.cart.items.clear')
  @IdempotentCommand()
  clear({ actor }: Req<'rpc.cart.items.clear'>) {
    return this.carts.clear(actor);
  }
}
