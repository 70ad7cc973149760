import { Body, Controller, Get, HttpCode, Param, Post, Req, Res, UseGuards } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { MAX_CLAIM_PHOTOS, MIN_CLAIM_PHOTOS } from '@jalaj/commerce';
import { AppErrorException, appError, claimInputSchema, claimPhotoKey, HTTP_SCHEMAS, type Actor } from '@jalaj/contracts';
import { RpcClient } from '@jalaj/server-kit';
import { AdminOnly, AuthGuard, CurrentActor } from '../auth/auth.guard.js';
import { parseBody, pathId } from '../auth/body.js';
import { RateLimit } from '../auth/rate-limit.js';
import { unwrap } from '../auth/rpc-result.js';
import { fetchObject, imageParts, storeImage } from '../catalog/media-client.js';
import { notFound } from '../catalog/media.controller.js';
import { forgettingAfter } from '../reads/forgetting-after.js';
import { AdminOrderReads } from './admin-order-reads.service.js';

const photoParams = HTTP_SCHEMAS['orders.claimPhoto'].params;
const declineBody = HTTP_SCHEMAS['admin.claims.decline'].body;

/** The claim's JSON field of the multipart request, parsed; a field that is no JSON is refused like a bad body. */
function claimOf(raw: string | undefined) {
  let value: unknown;
  try {
    value = raw === undefined ? undefined : JSON.parse(raw);
  } catch {
    value = raw;
  }
  return parseBody(claimInputSchema, value);
}

/**
 * The 30-day guarantee (issue #41, docs/adr/078): a shopper's claim with its photos, the
 * photos for their shopper and for admins only, and an admin's decision. The photos are
 * stored with media under the shopper's own token (checked by their bytes as product images
 * are), then the order service files the claim with their ids; a refused claim leaves them
 * pending, and media's sweep removes them.
 */
@Controller()
@UseGuards(AuthGuard)
export class ClaimsController {
  constructor(
    private readonly rpc: RpcClient,
    private readonly reads: AdminOrderReads,
  ) {}

  /** `POST /api/orders/:id/claims` (multipart): `claim` (JSON, first), then one to four `photos`. */
  @Post('orders/:id/claims')
  @HttpCode(201)
  @RateLimit({ address: 30, windowSeconds: 10 * 60 })
  async create(@CurrentActor() actor: Actor, @Param('id') id: string, @Req() req: FastifyRequest) {
    const orderId = pathId(id);
    let raw: string | undefined;
    const photos = await imageParts(
      req,
      () => MAX_CLAIM_PHOTOS,
      'CLAIM_PHOTOS_INVALID',
      (name, value) => {
        if (name === 'claim') raw = value;
      },
    ).catch((e: unknown) => {
      // Too many photos says how many may be sent.
      if (e instanceof AppErrorException && e.error.code === 'CLAIM_PHOTOS_INVALID') throw new AppErrorException(appError('CLAIM_PHOTOS_INVALID', { min: MIN_CLAIM_PHOTOS, max: MAX_CLAIM_PHOTOS }));
      throw e;
    });
    const claim = claimOf(raw);
    if (photos.length < MIN_CLAIM_PHOTOS) throw new AppErrorException(appError('CLAIM_PHOTOS_INVALID', { min: MIN_CLAIM_PHOTOS, max: MAX_CLAIM_PHOTOS }));
    const photoIds: string[] = [];
    for (const photo of photos) photoIds.push((await storeImage<{ id: string }>('claim-photos', photo, req.headers.authorization)).id);
    return unwrap(await this.rpc.request('rpc.order.claims.create', { actor: { id: actor.id, role: 'user' }, orderId, claim, photoIds }));
  }

  /** `GET /api/orders/:id/claim-photos/:photoId`: a photo of the shopper's own claim (an admin's token opens only their own here). */
  @Get('orders/:id/claim-photos/:photoId')
  photo(@CurrentActor() actor: Actor, @Param() params: unknown, @Res() reply: FastifyReply) {
    return this.sendPhoto({ id: actor.id, role: 'user' }, params, reply);
  }

  /** `GET /api/admin/orders/:id/claim-photos/:photoId`: a photo of any order's claim, for admins. */
  @Get('admin/orders/:id/claim-photos/:photoId')
  @AdminOnly()
  adminPhoto(@CurrentActor() actor: Actor, @Param() params: unknown, @Res() reply: FastifyReply) {
    return this.sendPhoto(actor, params, reply);
  }

  @Post('admin/claims/:id/approve')
  @HttpCode(200)
  @AdminOnly()
  approve(@CurrentActor() actor: Actor, @Param('id') id: string) {
    return forgettingAfter(
      () => this.reads.changed(),
      async () => unwrap(await this.rpc.request('rpc.order.admin.claims.approve', { actor, claimId: pathId(id) })),
    );
  }

  @Post('admin/claims/:id/decline')
  @HttpCode(200)
  @AdminOnly()
  decline(@CurrentActor() actor: Actor, @Param('id') id: string, @Body() raw: unknown) {
    const { reason } = parseBody(declineBody, raw);
    return forgettingAfter(
      () => this.reads.changed(),
      async () => unwrap(await this.rpc.request('rpc.order.admin.claims.decline', { actor, claimId: pathId(id), reason })),
    );
  }

  /**
   * Sends a claim photo once the order service said the actor may see it (its shopper, or an
   * admin); anything else is the same 404 as a photo that does not exist. Private: never cached.
   */
  private async sendPhoto(actor: Actor, params: unknown, reply: FastifyReply) {
    const parsed = photoParams.safeParse(params);
    if (!parsed.success) return notFound(reply);
    const { id, photoId } = parsed.data;
    const allowed = await this.rpc.request('rpc.order.claims.photo', { actor, orderId: id.slice(0, 64), photoId });
    if (!allowed.ok) return notFound(reply);
    const photo = await fetchObject(claimPhotoKey(photoId));
    if ('status' in photo) return notFound(reply, photo.status);
    return reply.header('content-type', photo.contentType).header('cache-control', 'private, no-store').send(photo.body);
  }
}
