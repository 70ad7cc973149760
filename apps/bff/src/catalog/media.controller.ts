import { Controller, Get, HttpCode, Post, Req, Res, UseGuards } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { MAX_IMAGES_PER_PRODUCT } from '@jalaj/commerce';
import { AppErrorException, appError, appErrorSchema, IMAGE_KEY, type Actor } from '@jalaj/contracts';
import { traceHeaders } from '@jalaj/server-kit';
import { AdminOnly, AuthGuard, CurrentActor } from '../auth/auth.guard.js';
import { bffConfig } from '../config.js';
import { sendProblem } from '../errors/problem.filter.js';
import { imageMemory, type CachedImage } from './image-memory.js';

// Made at the first image: the module is imported before the configuration is loaded.
let images: ReturnType<typeof imageMemory> | undefined;
const imageCache = () => (images === undefined ? (images = imageMemory(bffConfig().IMAGE_CACHE_MB * 1024 * 1024)) : images);

const sendImage = (reply: FastifyReply, image: CachedImage) =>
  reply.header('content-type', image.contentType).header('cache-control', 'public, max-age=31536000, immutable').header('etag', image.etag).send(image.body);

/** A missing image (404) or one media could not give (502), as a problem response that no cache keeps. */
const notFound = (reply: FastifyReply, status = 404) => sendProblem(reply.header('cache-control', 'no-store'), appError(status === 404 ? 'NOT_FOUND' : 'IMAGE_LOAD_FAILED'), status);

const mediaUrl = () => bffConfig().MEDIA_URL.replace(/\/$/, '');

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
    if (!req.isMultipart()) throw new AppErrorException(appError('UPLOAD_INVALID', { reason: 'not-multipart' }));
    const files: Buffer[] = [];
    let existing = 0;
    try {
      for await (const part of req.parts()) {
        if (part.type === 'field') {
          if (part.fieldname === 'existingCount') existing = Math.max(0, Number.parseInt(String(part.value), 10) || 0);
          continue;
        }
        if (existing + files.length + 1 > MAX_IMAGES_PER_PRODUCT) throw new AppErrorException(appError('TOO_MANY_IMAGES'));
        files.push(await part.toBuffer());
      }
    } catch (e) {
      if (e instanceof AppErrorException) throw e;
      const code = (e as { code?: string }).code;
      if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppErrorException(appError('IMAGE_TOO_LARGE'));
      if (code === 'FST_FILES_LIMIT') throw new AppErrorException(appError('TOO_MANY_IMAGES'));
      throw new AppErrorException(appError('UPLOAD_INVALID', { reason: 'unreadable' }));
    }
    if (!files.length) throw new AppErrorException(appError('UPLOAD_INVALID', { reason: 'empty' }));

    const items: { url: string }[] = [];
    for (const file of files) {
      const res = await fetch(`${mediaUrl()}/internal/uploads`, {
        method: 'POST',
        // Media verifies the admin's own access token itself (ADR 011); the guard checked it here too.
        headers: { 'content-type': 'application/octet-stream', authorization: req.headers.authorization ?? '', ...traceHeaders() },
        body: new Uint8Array(file),
      }).catch(() => null);
      if (!res) throw new AppErrorException(appError('IMAGE_UPLOAD_FAILED'));
      const body = await res.json().catch(() => null);
      if (!res.ok) {
        const problem = appErrorSchema.safeParse(body);
        throw new AppErrorException(problem.success ? problem.data : appError('IMAGE_UPLOAD_FAILED'));
      }
      items.push({ url: (body as { url: string }).url });
    }
    return { items };
  }

  /**
   * `GET /media/<key>`: stored images with long-lived cache headers. Keys never change
   * content, so recently served images are kept in this process's memory.
   */
  @Get('media/*')
  async image(@Req() req: FastifyRequest, @Res() reply: FastifyReply) {
    const key = (req.params as Record<string, string>)['*'] ?? '';
    if (!IMAGE_KEY.test(key)) return notFound(reply);
    const cached = imageCache()?.get(key);
    if (cached) return sendImage(reply, cached);
    const res = await fetch(`${mediaUrl()}/internal/objects/${key}`, { redirect: 'error', headers: traceHeaders() }).catch(() => null);
    if (!res?.ok || !res.body || res.headers.get('content-type') !== 'image/webp') return notFound(reply, !res || res.status >= 500 ? 502 : 404);
    const image = { body: Buffer.from(await res.arrayBuffer()), etag: res.headers.get('etag') ?? '', contentType: res.headers.get('content-type') ?? 'image/webp' };
    imageCache()?.set(key, image);
    return sendImage(reply, image);
  }
}
