import { Controller, Get, HttpCode, Post, Req, Res, UseGuards } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Readable } from 'node:stream';
import { IMAGE_MESSAGES, MAX_IMAGES_PER_PRODUCT } from '@jalaj/commerce';
import { AppErrorException, appErrorSchema, HEADERS, type Actor } from '@jalaj/contracts';
import { AdminOnly, AuthGuard, CurrentActor } from '../auth/auth.guard.js';

const mediaUrl = () => (process.env.MEDIA_URL ?? 'http://127.0.0.1:8085').replace(/\/$/, '');

/**
 * Product images: admins upload through the BFF to the media service over HTTP (image
 * bytes never travel over NATS); everyone reads them from the shop's own origin.
 */
@Controller()
export class MediaController {
  /**
   * `POST /api/admin/media` (multipart): one to four image files, plus `existingCount`, the
   * images the product already has. Answers `{ items: [{ url }] }` in the order sent.
   */
  @Post('admin/media')
  @HttpCode(201)
  @UseGuards(AuthGuard)
  @AdminOnly()
  async upload(@CurrentActor() actor: Actor, @Req() req: FastifyRequest) {
    if (!req.isMultipart()) throw new AppErrorException({ code: 'VALIDATION_FAILED', message: 'Send the images as multipart/form-data.' });
    const files: Buffer[] = [];
    let existing = 0;
    try {
      for await (const part of req.parts()) {
        if (part.type === 'field') {
          if (part.fieldname === 'existingCount') existing = Math.max(0, Number.parseInt(String(part.value), 10) || 0);
          continue;
        }
        if (existing + files.length + 1 > MAX_IMAGES_PER_PRODUCT) throw new AppErrorException({ code: 'VALIDATION_FAILED', title: IMAGE_MESSAGES.tooManyTitle, message: IMAGE_MESSAGES.tooManyText });
        files.push(await part.toBuffer());
      }
    } catch (e) {
      if (e instanceof AppErrorException) throw e;
      const code = (e as { code?: string }).code;
      if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppErrorException({ code: 'VALIDATION_FAILED', title: IMAGE_MESSAGES.tooLargeTitle, message: IMAGE_MESSAGES.tooLargeText });
      if (code === 'FST_FILES_LIMIT') throw new AppErrorException({ code: 'VALIDATION_FAILED', title: IMAGE_MESSAGES.tooManyTitle, message: IMAGE_MESSAGES.tooManyText });
      throw new AppErrorException({ code: 'VALIDATION_FAILED', message: 'The upload could not be read.' });
    }
    if (!files.length) throw new AppErrorException({ code: 'VALIDATION_FAILED', message: 'Choose at least one image.' });

    const items: { url: string }[] = [];
    for (const file of files) {
      const res = await fetch(`${mediaUrl()}/internal/uploads`, {
        method: 'POST',
        headers: { 'content-type': 'application/octet-stream', [HEADERS.actor]: JSON.stringify(actor) },
        body: new Uint8Array(file),
      }).catch(() => null);
      if (!res) throw new AppErrorException({ code: 'UNAVAILABLE', message: 'Failed to upload one or more images' });
      const body = await res.json().catch(() => null);
      if (!res.ok) {
        const problem = appErrorSchema.safeParse(body);
        throw new AppErrorException(problem.success ? problem.data : { code: 'UNAVAILABLE', message: 'Failed to upload one or more images' });
      }
      items.push({ url: (body as { url: string }).url });
    }
    return { items };
  }

  /** `GET /media/<key>`: stored images, streamed from media with its long-lived cache headers. */
  @Get('media/*')
  async image(@Req() req: FastifyRequest, @Res() reply: FastifyReply) {
    const key = (req.params as Record<string, string>)['*'] ?? '';
    const res = await fetch(`${mediaUrl()}/internal/objects/${key.split('/').map(encodeURIComponent).join('/')}`).catch(() => null);
    if (!res?.ok || !res.body) return reply.status(res?.status === 404 ? 404 : 502).header('content-type', 'application/problem+json').send({ status: 404, code: 'NOT_FOUND', message: 'Not found' });
    for (const h of ['content-type', 'content-length', 'cache-control', 'etag']) {
      const v = res.headers.get(h);
      if (v) reply.header(h, v);
    }
    return reply.send(Readable.fromWeb(res.body as never));
  }
}
