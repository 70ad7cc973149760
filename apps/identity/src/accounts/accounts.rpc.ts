import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { parseRequest } from '@jalaj/server-kit';
import { AccountsService } from './accounts.service.js';
import { TokensService } from './tokens.service.js';

@Controller()
export class AccountsRpc {
  constructor(
    private readonly accounts: AccountsService,
    private readonly tokens: TokensService,
  ) {}

  @MessagePattern('rpc.identity.accounts.sign-up')
  signUp(@Payload() payload: unknown) {
    return this.accounts.signUp(parseRequest('rpc.identity.accounts.sign-up', payload));
  }

  @MessagePattern('rpc.identity.accounts.confirm')
  confirm(@Payload() payload: unknown) {
    const { token, userAgent } = parseRequest('rpc.identity.accounts.confirm', payload);
    return this.accounts.confirm(token, userAgent);
  }

  @MessagePattern('rpc.identity.sessions.create')
  signIn(@Payload() payload: unknown) {
    return this.accounts.signIn(parseRequest('rpc.identity.sessions.create', payload));
  }

  @MessagePattern('rpc.identity.sessions.refresh')
  refresh(@Payload() payload: unknown) {
    return this.accounts.refresh(parseRequest('rpc.identity.sessions.refresh', payload).refreshToken);
  }

  @MessagePattern('rpc.identity.sessions.revoke')
  revoke(@Payload() payload: unknown) {
    return this.accounts.revoke(parseRequest('rpc.identity.sessions.revoke', payload).refreshToken);
  }

  @MessagePattern('rpc.identity.passwords.reset-request')
  resetRequest(@Payload() payload: unknown) {
    return this.accounts.requestPasswordReset(parseRequest('rpc.identity.passwords.reset-request', payload).email);
  }

  @MessagePattern('rpc.identity.passwords.update')
  updatePassword(@Payload() payload: unknown) {
    const { token, password } = parseRequest('rpc.identity.passwords.update', payload);
    return this.accounts.updatePassword(token, password);
  }

  @MessagePattern('rpc.identity.otp.request')
  requestOtp(@Payload() payload: unknown) {
    return this.accounts.requestOtp(parseRequest('rpc.identity.otp.request', payload).phone);
  }

  @MessagePattern('rpc.identity.otp.verify')
  verifyOtp(@Payload() payload: unknown) {
    const { phone, token, userAgent } = parseRequest('rpc.identity.otp.verify', payload);
    return this.accounts.verifyOtp(phone, token, userAgent);
  }

  @MessagePattern('rpc.identity.keys.list')
  async keys(@Payload() payload: unknown) {
    parseRequest('rpc.identity.keys.list', payload);
    return { keys: await this.tokens.jwks() };
  }
}
