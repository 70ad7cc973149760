import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { parseRequest } from '@jalaj/server-kit';
import { AddressesService } from './addresses.service.js';

@Controller()
export class AddressesRpc {
  constructor(private readonly addresses: AddressesService) {}

  @MessagePattern('rpc.identity.addresses.list')
  list(@Payload() payload: unknown) {
    return this.addresses.list(parseRequest('rpc.identity.addresses.list', payload).actor);
  }

  @MessagePattern('rpc.identity.addresses.create')
  create(@Payload() payload: unknown) {
    const { actor, address } = parseRequest('rpc.identity.addresses.create', payload);
    return this.addresses.create(actor, address);
  }

  @MessagePattern('rpc.identity.addresses.update')
  update(@Payload() payload: unknown) {
    const { actor, id, address } = parseRequest('rpc.identity.addresses.update', payload);
    return this.addresses.update(actor, id, address);
  }

  @MessagePattern('rpc.identity.addresses.delete')
  delete(@Payload() payload: unknown) {
    const { actor, id } = parseRequest('rpc.identity.addresses.delete', payload);
    return this.addresses.delete(actor, id);
  }

  @MessagePattern('rpc.identity.addresses.set-default')
  setDefault(@Payload() payload: unknown) {
    const { actor, id, kind } = parseRequest('rpc.identity.addresses.set-default', payload);
    return this.addresses.setDefault(actor, id, kind);
  }
}
