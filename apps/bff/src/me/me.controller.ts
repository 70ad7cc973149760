import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Req, Res, UseGuards } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { HTTP_SCHEMAS, type Actor } from '@jalaj/contracts';
import { RpcClient } from '@jalaj/server-kit';
import { AuthGuard, CurrentActor } from '../auth/auth.guard.js';
import { parseBody, pathId } from '../auth/body.js';
import { unwrap } from '../auth/rpc-result.js';
import { forgettingAfter } from '../reads/forgetting-after.js';
import { ShopperReads } from '../reads/shopper-reads.service.js';

const profileBody = HTTP_SCHEMAS['me.update'].body;
const addressBody = HTTP_SCHEMAS['me.addresses.create'].body;
const id = pathId;

/** `/api/me`: the signed-in person's profile and addresses. Identity scopes every query to the actor. */
@Controller('me')
@UseGuards(AuthGuard)
export class MeController {
  constructor(
    private readonly rpc: RpcClient,
    private readonly reads: ShopperReads,
  ) {}

  /** The profile, from this process's memory while identity has announced no change to it (ADR 025). */
  @Get()
  async get(@CurrentActor() actor: Actor, @Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    const body = await this.reads.me.read(actor.id, async () => ({ value: unwrap(await this.rpc.request('rpc.identity.profiles.get', { actor })) }));
    return body.send(request, reply);
  }

  @Patch()
  async update(@CurrentActor() actor: Actor, @Body() raw: unknown) {
    const { fullName } = parseBody(profileBody, raw);
    return forgettingAfter(
      () => this.reads.me.forget(actor.id),
      async () => unwrap(await this.rpc.request('rpc.identity.profiles.update', { actor, fullName })),
    );
  }

  /** The addresses, from this process's memory while identity has announced no change to them (ADR 025). */
  @Get('addresses')
  async addresses(@CurrentActor() actor: Actor, @Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    const body = await this.reads.addresses.read(actor.id, async () => ({ value: unwrap(await this.rpc.request('rpc.identity.addresses.list', { actor })) }));
    return body.send(request, reply);
  }

  @Post('addresses')
  @HttpCode(201)
  async create(@CurrentActor() actor: Actor, @Body() raw: unknown) {
    const address = parseBody(addressBody, raw);
    return this.changingAddresses(actor, async () => unwrap(await this.rpc.request('rpc.identity.addresses.create', { actor, address })));
  }

  @Patch('addresses/:id')
  async update_(@CurrentActor() actor: Actor, @Param('id') addressId: string, @Body() raw: unknown) {
    const address = parseBody(HTTP_SCHEMAS['me.addresses.update'].body, raw);
    return this.changingAddresses(actor, async () => unwrap(await this.rpc.request('rpc.identity.addresses.update', { actor, id: id(addressId), address })));
  }

  @Delete('addresses/:id')
  @HttpCode(204)
  async delete(@CurrentActor() actor: Actor, @Param('id') addressId: string) {
    await this.changingAddresses(actor, async () => unwrap(await this.rpc.request('rpc.identity.addresses.delete', { actor, id: id(addressId) })));
  }

  @Post('addresses/:id/default-shipping')
  @HttpCode(200)
  async defaultShipping(@CurrentActor() actor: Actor, @Param('id') addressId: string) {
    return this.changingAddresses(actor, async () => unwrap(await this.rpc.request('rpc.identity.addresses.set-default', { actor, id: id(addressId), kind: 'shipping' })));
  }

  @Post('addresses/:id/default-billing')
  @HttpCode(200)
  async defaultBilling(@CurrentActor() actor: Actor, @Param('id') addressId: string) {
    return this.changingAddresses(actor, async () => unwrap(await this.rpc.request('rpc.identity.addresses.set-default', { actor, id: id(addressId), kind: 'billing' })));
  }

  /** Runs a change of the shopper's addresses, then forgets their kept list (forgettingAfter). */
  private changingAddresses<T>(actor: Actor, change: () => Promise<T>): Promise<T> {
    return forgettingAfter(() => this.reads.addresses.forget(actor.id), change);
  }
}
