import { Controller, Get, HttpCode, Post, Req, Res, UseGuards } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { MAX_IMAGES_PER_PRODUCT } from '@jalaj/commerce';
import { AppErrorException, appError, IMAGE_KEY, type Actor } from '@jalaj/contracts';
import { AdminOnly, AuthGuard, CurrentActor } from '../auth/auth.guard.js';
import { bffConfig } from '../config.js';
import { sendProblem } from '../errors/problem.filter.js';
import { imageMemory, type CachedImage } from './image-memory.js';
import { fetchObject, imageParts, storeImage } from './media-client.js';

// Made at the first image: the module is imported before the configuration is loaded.
let images: ReturnType<typeof imageMemory> | undefined;
const imageCache = () => (images === undefined ? (images = imageMemory(bffConfig().IMAGE_CACHE_MB * 1024 * 1024)) : images);

const sendImage = (reply: FastifyReply, image: CachedImage) =>
  reply.header('content-type', image.contentType).header('cache-control', 'public, max-age=31536000, immutable').header('etag', image.etag).send(image.body);

/** A missing image (404) or one media could not give (502), as a problem response that no cache keeps. */
export const notFound = (reply: FastifyReply, status = 404) => sendProblem(reply.header('cache-control', 'no-store'), appError(status === 404 ? 'NOT_FOUND' : 'IMAGE_LOAD_FAILED'), status);

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
    let existing = 0;
    const files = await imageParts(
      req,
      () => MAX_IMAGES_PER_PRODUCT - existing,
      'TOO_MANY_IMAGES',
      (name, value) => {
        if (name === 'existingCount') existing = Math.max(0, Number.parseInt(value, 10) || 0);
      },
    );
    if (!files.length) throw new AppErrorException(appError('UPLOAD_INVALID', { reason: 'empty' }));

    const items: { url: string }[] = [];
    // Media verifies the admin's own access token itself (ADR 011); the guard checked it here too.
    for (const file of files) items.push({ url: (await storeImage<{ url: string }>('uploads', file, req.headers.authorization)).url });
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
    const image = await fetchObject(key);
    if ('status' in image) return notFound(reply, image.status);
    imageCache()?.set(key, image);
    return sendImage(reply, image);
  }
}
