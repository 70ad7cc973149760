import { Controller, Get, HttpCode, Post, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppErrorException, CLAIM_PHOTO_KEY, HTTP_STATUS_BY_CODE, IMAGE_KEY } from '@jalaj/contracts';
import { AdminTokenService } from '../auth/admin-token.service.js';
import { StorageService } from '../storage/storage.service.js';
import { UploadsService } from './uploads.service.js';

/**
 * Media's internal HTTP: image bytes never travel over NATS. Only the BFF calls it
 * (inside the cluster; a NetworkPolicy keeps others out), forwarding the admin's own
 * access token, which is verified here: no header a caller could forge is believed.
 */
/** The bytes of an upload (`application/octet-stream`), or UNSUPPORTED_MEDIA_TYPE. */
function bytesOf(req: FastifyRequest): Buffer {
  if (!Buffer.isBuffer(req.body)) throw new AppErrorException({ code: 'UNSUPPORTED_MEDIA_TYPE' });
  return req.body;
}

/** Runs an upload: its answer, or its refusal's code with the code's status (ADR 013: codes only). */
async function answer<T>(reply: FastifyReply, work: () => Promise<T>) {
  try {
    return await work();
  } catch (e) {
    if (!(e instanceof AppErrorException)) throw e;
    reply.status(HTTP_STATUS_BY_CODE[e.error.code]);
    return { status: HTTP_STATUS_BY_CODE[e.error.code], ...e.error };
  }
}

@Controller('internal')
export class UploadsController {
  constructor(
    private readonly uploads: UploadsService,
    private readonly storage: StorageService,
    private readonly tokens: AdminTokenService,
  ) {}

  @Post('uploads')
  @HttpCode(201)
  upload(@Req() req: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    return answer(reply, async () => this.uploads.upload(await this.tokens.admin(req.headers.authorization), bytesOf(req)));
  }

  /** A shopper's guarantee-claim photo (their own access token, forwarded by the BFF): `{ id }`. */
  @Post('claim-photos')
  @HttpCode(201)
  claimPhoto(@Req() req: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    return answer(reply, async () => this.uploads.uploadClaimPhoto(await this.tokens.signedIn(req.headers.authorization), bytesOf(req)));
  }

  /**
   * Streams a stored object. Keys are never reused, so a product image may be cached forever;
   * a claim photo is private (the BFF serves it only to its shopper and admins) and is not kept.
   */
  @Get('objects/*')
  async object(@Req() req: FastifyRequest, @Res() reply: FastifyReply) {
    const key = (req.params as Record<string, string>)['*'] ?? '';
    if (CLAIM_PHOTO_KEY.test(key)) {
      const photo = await this.storage.get(key);
      if (!photo) return reply.status(404).send({ status: 404, code: 'NOT_FOUND' });
      return reply.header('content-type', 'image/webp').header('content-length', String(photo.size)).header('cache-control', 'private, no-store').send(photo.stream);
    }
    // Codes only (ADR 013): the BFF, the one caller, answers the shopper with the texts.
    let object = IMAGE_KEY.test(key) ? await this.storage.get(key) : null;
    // A seeded demo plant's picture the start-up warm-up has not drawn yet: drawn now.
    if (!object && IMAGE_KEY.test(key) && (await this.uploads.ensureDemoImage(key))) object = await this.storage.get(key);
    if (!object) return reply.status(404).send({ status: 404, code: 'NOT_FOUND' });
    return reply
      .header('content-type', 'image/webp')
      .header('content-length', String(object.size))
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('etag', object.etag)
      .send(object.stream);
  }
}
