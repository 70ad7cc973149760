import { Controller } from '@nestjs/common';
import { IdempotentCommand, RpcHandler, type RpcParsedRequest as Req } from '@jalaj/server-kit';
import { AddressesService } from './addresses.service.js';

@Controller()
export class AddressesRpc {
  constructor(private readonly addresses: AddressesService) {}

  @RpcHandler('rpc.identity.addresses.list')
  list({ actor }: Req<'rpc.identity.addresses.list'>) {
    return this.addresses.list(actor);
  }

  @RpcHandler('rpc.identity.addresses.create')
  @IdempotentCommand()
  create({ actor, address }: Req<'rpc.identity.addresses.create'>) {
    return this.addresses.create(actor, address);
  }

  @RpcHandler('rpc.identity.addresses.update')
  @IdempotentCommand()
  update({ actor, id, address }: Req<'rpc.identity.addresses.update'>) {
    return this.addresses.update(actor, id, address);
  }

  @RpcHandler('rpc.identity.addresses.delete')
  @IdempotentCommand()
  delete({ actor, id }: Req<'rpc.identity.addresses.delete'>) {
    return this.addresses.delete(actor, id);
  }

  @RpcHandler('rpc.identity.addresses.set-default')
  @IdempotentCommand()
  setDefault({ actor, id, kind }: Req<'rpc.identity.addresses.set-default'>) {
    return this.addresses.setDefault(actor, id, kind);
  }
}
