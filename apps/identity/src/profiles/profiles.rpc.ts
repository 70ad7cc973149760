import { Controller } from '@nestjs/common';
import { IdempotentCommand, RpcHandler, type RpcParsedRequest as Req } from '@jalaj/server-kit';
import { ProfilesService } from './profiles.service.js';

@Controller()
export class ProfilesRpc {
  constructor(private readonly profiles: ProfilesService) {}

  @RpcHandler('rpc.identity.profiles.get')
  get({ actor }: Req<'rpc.identity.profiles.get'>) {
    return this.profiles.get(actor);
  }

  @RpcHandler('rpc.identity.profiles.update')
  @IdempotentCommand()
  update({ actor, fullName }: Req<'rpc.identity.profiles.update'>) {
    return this.profiles.update(actor, fullName);
  }

  @RpcHandler('rpc.identity.profiles.admin-page')
  adminPage({ actor, query }: Req<'rpc.identity.profiles.admin-page'>) {
    return this.profiles.adminPage(actor, query);
  }

  @RpcHandler('rpc.identity.profiles.admin-detail')
  adminDetail({ actor, userId }: Req<'rpc.identity.profiles.admin-detail'>) {
    return this.profiles.adminDetail(actor, userId);
  }

  @RpcHandler('rpc.identity.profiles.lookup')
  lookup({ actor, ids }: Req<'rpc.identity.profiles.lookup'>) {
    return this.profiles.lookup(actor, ids);
  }

  @RpcHandler('rpc.identity.profiles.search')
  search({ actor, query }: Req<'rpc.identity.profiles.search'>) {
    return this.profiles.search(actor, query);
  }

  @RpcHandler('rpc.identity.admins.list')
  admins({ actor }: Req<'rpc.identity.admins.list'>) {
    return this.profiles.admins(actor);
  }

  @RpcHandler('rpc.identity.admins.add')
  @IdempotentCommand()
  addAdmin({ actor, email }: Req<'rpc.identity.admins.add'>) {
    return this.profiles.setRole(actor, email, 'admin');
  }

  @RpcHandler('rpc.identity.admins.remove')
  @IdempotentCommand()
  removeAdmin({ actor, email }: Req<'rpc.identity.admins.remove'>) {
    return this.profiles.setRole(actor, email, 'user');
  }
}
