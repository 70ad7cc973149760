import { Controller } from '@nestjs/common';
import { RpcHandler, type RpcParsedRequest as Req } from '@jalaj/server-kit';
import { AccountsService } from './accounts.service.js';
import { TokensService } from './tokens.service.js';

@Controller()
export class AccountsRpc {
  constructor(
    private readonly accounts: AccountsService,
    private readonly tokens: TokensService,
  ) {}

  @RpcHandler('rpc.identity.accounts.sign-up')
  signUp(request: Req<'rpc.identity.accounts.sign-up'>) {
    return this.accounts.signUp(request);
  }

  @RpcHandler('rpc.identity.accounts.confirm')
  confirm({ token }: Req<'rpc.identity.accounts.confirm'>) {
    return this.accounts.confirm(token);
  }

  @RpcHandler('rpc.identity.sessions.create')
  signIn(request: Req<'rpc.identity.sessions.create'>) {
    return this.accounts.signIn(request);
  }

  @RpcHandler('rpc.identity.sessions.refresh')
  refresh({ refreshToken }: Req<'rpc.identity.sessions.refresh'>) {
    return this.accounts.refresh(refreshToken);
  }

  @RpcHandler('rpc.identity.sessions.revoke')
  revoke({ refreshToken }: Req<'rpc.identity.sessions.revoke'>) {
    return this.accounts.revoke(refreshToken);
  }

  @RpcHandler('rpc.identity.passwords.reset-request')
  resetRequest({ email }: Req<'rpc.identity.passwords.reset-request'>) {
    return this.accounts.requestPasswordReset(email);
  }

  @RpcHandler('rpc.identity.passwords.check-reset')
  checkReset({ token }: Req<'rpc.identity.passwords.check-reset'>) {
    return this.accounts.checkResetToken(token);
  }

  @RpcHandler('rpc.identity.passwords.update')
  updatePassword({ token, password }: Req<'rpc.identity.passwords.update'>) {
    return this.accounts.updatePassword(token, password);
  }

  @RpcHandler('rpc.identity.otp.request')
  requestOtp({ phone }: Req<'rpc.identity.otp.request'>) {
    return this.accounts.requestOtp(phone);
  }

  @RpcHandler('rpc.identity.otp.verify')
  verifyOtp({ phone, token, userAgent }: Req<'rpc.identity.otp.verify'>) {
    return this.accounts.verifyOtp(phone, token, userAgent);
  }

  @RpcHandler('rpc.identity.keys.list')
  async keys() {
    return { keys: await this.tokens.jwks() };
  }
}
