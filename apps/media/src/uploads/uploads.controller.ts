import { Controller, Get, HttpCode, Post, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppErrorException, HTTP_STATUS_BY_CODE, IMAGE_KEY } from '@jalaj/contracts';
import { AdminTokenService } from '../auth/admin-token.service.js';
import { StorageService } from '../storage/storage.service.js';
import { UploadsService } from './uploads.service.js';

/**
 * Media's internal HTTP: image bytes never travel over NATS. Only the BFF calls it
 * (inside the cluster; a NetworkPolicy keeps others out), forwarding the admin's own
 * access token, which is verified here: no header a caller could forge is believed.
 */
@Controller('internal')
export class UploadsController {
  constructor(
    private readonly uploads: UploadsService,
    private readonly storage: StorageService,
    private readonly tokens: AdminTokenService,
  ) {}

  @Post('uploads')
  @HttpCode(201)
  async upload(@Req() req: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    try {
      const actor = await this.tokens.admin(req.headers.authorization);
      if (!Buffer.isBuffer(req.body)) throw new AppErrorException({ code: 'UNSUPPORTED_MEDIA_TYPE' });
      return await this.uploads.upload(actor, req.body);
    } catch (e) {
      if (!(e instanceof AppErrorException)) throw e;
      reply.status(HTTP_STATUS_BY_CODE[e.error.code]);
      return { status: HTTP_STATUS_BY_CODE[e.error.code], ...e.error };
    }
  }

  /** Streams a stored object. Keys are never reused, so the response may be cached forever. */
  @Get('objects/*')
  async object(@Req() req: FastifyRequest, @Res() reply: FastifyReply) {
    const key = (req.params as Record<string, string>)['*'] ?? '';
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
