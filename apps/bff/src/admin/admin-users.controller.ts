import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query, UseGuards } from '@nestjs/common';
import { HTTP_SCHEMAS, type Actor } from '@jalaj/contracts';
import { RpcClient } from '@jalaj/server-kit';
import { AuthStateService } from '../auth/auth-state.service.js';
import { AdminOnly, AuthGuard, CurrentActor } from '../auth/auth.guard.js';
import { parseBody, pathId } from '../auth/body.js';
import { unwrap } from '../auth/rpc-result.js';

/** An email without NUL characters (PostgreSQL cannot compare text with them): the route contract's. */
const emailBody = HTTP_SCHEMAS['admin.admins.add'].body;
const emailParams = HTTP_SCHEMAS['admin.admins.remove'].params;
const usersQuery = HTTP_SCHEMAS['admin.users.list'].query;

/** `/api/admin/users` and `/api/admin/admins`. The guard checks the token's role; identity re-checks it in its database. */
@Controller('admin')
@UseGuards(AuthGuard)
@AdminOnly()
export class AdminUsersController {
  constructor(
    private readonly rpc: RpcClient,
    private readonly auth: AuthStateService,
  ) {}

  /** One page of the Users tab; a bad query is a 400 naming the fields. */
  @Get('users')
  async users(@CurrentActor() actor: Actor, @Query() raw: unknown) {
    return unwrap(await this.rpc.request('rpc.identity.profiles.admin-page', { actor, query: parseBody(usersQuery, raw) }));
  }

  /**
   * One account for the Users tab's drawer: identity's profile and addresses beside the order
   * service's figures, asked together. An id that names no account is a 404 (identity's
   * answer decides first).
   */
  @Get('users/:id')
  async user(@CurrentActor() actor: Actor, @Param('id') id: string) {
    const userId = pathId(id);
    const [detail, figures] = await Promise.all([
      this.rpc.request('rpc.identity.profiles.admin-detail', { actor, userId }),
      this.rpc.request('rpc.order.admin.customer-figures', { actor, userId }),
    ]);
    return { ...unwrap(detail), orders: unwrap(figures) };
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
