import { Body, Controller, Delete, Get, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import { z } from 'zod';
import { type Actor } from '@jalaj/contracts';
import { RpcClient } from '@jalaj/server-kit';
import { AuthStateService } from '../auth/auth-state.service.js';
import { AdminOnly, AuthGuard, CurrentActor } from '../auth/auth.guard.js';
import { parseBody } from '../auth/body.js';
import { unwrap } from '../auth/rpc-result.js';

const emailBody = z.object({ email: z.string().max(254) });

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

  @Delete('admins/:email')
  async remove(@CurrentActor() actor: Actor, @Param('email') email: string) {
    const { message, userId } = unwrap(await this.rpc.request('rpc.identity.admins.remove', { actor, email: decodeURIComponent(email).slice(0, 254) }));
    await this.auth.invalidateUserTokens(userId);
    return { message };
  }
}
