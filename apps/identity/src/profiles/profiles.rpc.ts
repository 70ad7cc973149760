import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { parseRequest } from '@jalaj/server-kit';
import { ProfilesService } from './profiles.service.js';

@Controller()
export class ProfilesRpc {
  constructor(private readonly profiles: ProfilesService) {}

  @MessagePattern('rpc.identity.profiles.get')
  get(@Payload() payload: unknown) {
    return this.profiles.get(parseRequest('rpc.identity.profiles.get', payload).actor);
  }

  @MessagePattern('rpc.identity.profiles.update')
  update(@Payload() payload: unknown) {
    const { actor, fullName } = parseRequest('rpc.identity.profiles.update', payload);
    return this.profiles.update(actor, fullName);
  }

  @MessagePattern('rpc.identity.profiles.list')
  list(@Payload() payload: unknown) {
    return this.profiles.list(parseRequest('rpc.identity.profiles.list', payload).actor);
  }

  @MessagePattern('rpc.identity.admins.list')
  admins(@Payload() payload: unknown) {
    return this.profiles.list(parseRequest('rpc.identity.admins.list', payload).actor, true);
  }

  @MessagePattern('rpc.identity.admins.add')
  addAdmin(@Payload() payload: unknown) {
    const { actor, email } = parseRequest('rpc.identity.admins.add', payload);
    return this.profiles.setRole(actor, email, 'admin');
  }

  @MessagePattern('rpc.identity.admins.remove')
  removeAdmin(@Payload() payload: unknown) {
    const { actor, email } = parseRequest('rpc.identity.admins.remove', payload);
    return this.profiles.setRole(actor, email, 'user');
  }
}
