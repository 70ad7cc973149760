import { Body, Controller, Delete, Get, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import { HTTP_SCHEMAS, type Actor } from '@jalaj/contracts';
import { RpcClient } from '@jalaj/server-kit';
import { AuthStateService } from '../auth/auth-state.service.js';
import { AdminOnly, AuthGuard, CurrentActor } from '../auth/auth.guard.js';
import { parseBody } from '../auth/body.js';
import { unwrap } from '../auth/rpc-result.js';

/** An email without NUL characters (PostgreSQL cannot compare text with them): the route contract's. */
const emailBody = HTTP_SCHEMAS['admin.admins.add'].body;
const emailParams = HTTP_SCHEMAS['admin.admins.remove'].params;

/** `/api/admin/users` and `/api/admin/admins`. The guard checks the token's role; identity re-checks it in its database. */
@Controller('admin')
@UseGuards(AuthGuard)
@AdminOnly()
export class AdminUsersController {
  constructor(
    private readonly rpc: RpcClient,
    private readonly auth: AuthStateService,
  ) {}

  @Get('users')
  async users(@CurrentActor() actor: Actor) {
    return unwrap(await this.rpc.request('rpc.identity.profiles.list', { actor }));
  }

  @Get('admins')
  async admins(@CurrentActor() actor: Actor) {
    return unwrap(await this.rpc.request('rpc.identity.admins.list', { actor }));
  }

  @Post('admins')
  @HttpCode(200)
  async add(@CurrentActor() actor: Actor, @Body() raw: unknown) {
    const { email } = parseBody(emailBody, raw);
    const { message, userId } = unwrap(await this.rpc.request('rpc.identity.admins.add', { actor, email }));
    // Their tokens still say "user": make them refresh to pick up the new role.
    await this.auth.invalidateUserTokens(userId);
    return { message };
  }

  /** The router already decoded `:email` once; decoding again would turn `admin%2540…` into `admin@…`. */
  @Delete('admins/:email')
  async remove(@CurrentActor() actor: Actor, @Param('email') email: string) {
    const { message, userId } = unwrap(await this.rpc.request('rpc.identity.admins.remove', { actor, email: parseBody(emailParams, { email: email.slice(0, 254) }).email }));
    await this.auth.invalidateUserTokens(userId);
    return { message };
  }
}
