import { Controller, Get, HttpCode, Post, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppErrorException, actorSchema, HEADERS, HTTP_STATUS_BY_CODE } from '@jalaj/contracts';
import { StorageService } from '../storage/storage.service.js';
import { UploadsService } from './uploads.service.js';

/**
 * Media's internal HTTP: image bytes never travel over NATS. Only the BFF calls it
 * (inside the cluster; a NetworkPolicy keeps others out), passing the acting admin,
 * whose role is checked again here.
 */
@Controller('internal')
export class UploadsController {
  constructor(
    private readonly uploads: UploadsService,
    private readonly storage: StorageService,
  ) {}

  @Post('uploads')
  @HttpCode(201)
  async upload(@Req() req: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    try {
      const actor = actorSchema.safeParse(JSON.parse(String(req.headers[HEADERS.actor] ?? 'null')));
      if (!actor.success) throw new AppErrorException({ code: 'UNAUTHENTICATED', message: 'Please sign in to continue.' });
      if (!Buffer.isBuffer(req.body)) throw new AppErrorException({ code: 'VALIDATION_FAILED', message: 'Send the image bytes as application/octet-stream.' });
      return await this.uploads.upload(actor.data, req.body);
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
    if (!/^(products|demo)\/[A-Za-z0-9_-]+\/(large|card|thumb)\.webp$/.test(key)) return reply.status(404).send({ status: 404, code: 'NOT_FOUND', message: 'Not found' });
    const object = await this.storage.get(key);
    if (!object) return reply.status(404).send({ status: 404, code: 'NOT_FOUND', message: 'Not found' });
    return reply
      .header('content-type', 'image/webp')
      .header('content-length', String(object.size))
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('etag', object.etag)
      .send(object.stream);
  }
}
