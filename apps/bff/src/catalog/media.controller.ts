import { Controller, Get, HttpCode, Post, Req, Res, UseGuards } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { IMAGE_MESSAGES, MAX_IMAGES_PER_PRODUCT } from '@jalaj/commerce';
import { AppErrorException, appErrorSchema, HEADERS, type Actor } from '@jalaj/contracts';
import { AdminOnly, AuthGuard, CurrentActor } from '../auth/auth.guard.js';

interface CachedImage {
  body: Buffer;
  etag: string;
  contentType: string;
}

/** A byte-bounded LRU of served images (Map keeps insertion order; a hit moves to the end). */
class ImageCache {
  private readonly entries = new Map<string, CachedImage>();
  private bytes = 0;
  constructor(private readonly maxBytes: number) {}

  get(key: string): CachedImage | undefined {
    const hit = this.entries.get(key);
    if (hit) {
      this.entries.delete(key);
      this.entries.set(key, hit);
    }
    return hit;
  }

  set(key: string, image: CachedImage) {
    if (image.body.length > this.maxBytes / 8) return;
    this.entries.set(key, image);
    this.bytes += image.body.length;
    for (const [k, v] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(k);
      this.bytes -= v.body.length;
    }
  }
}

const imageCache = new ImageCache(Number(process.env.IMAGE_CACHE_MB ?? 64) * 1024 * 1024);

const sendImage = (reply: FastifyReply, image: CachedImage) =>
  reply.header('content-type', image.contentType).header('cache-control', 'public, max-age=31536000, immutable').header('etag', image.etag).send(image.body);

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

  /**
   * `GET /media/<key>`: stored images with long-lived cache headers. Keys never change
   * content, so recently served images are kept in this process's memory.
   */
  @Get('media/*')
  async image(@Req() req: FastifyRequest, @Res() reply: FastifyReply) {
    const key = (req.params as Record<string, string>)['*'] ?? '';
    const cached = imageCache.get(key);
    if (cached) return sendImage(reply, cached);
    const res = await fetch(`${mediaUrl()}/internal/objects/${key.split('/').map(encodeURIComponent).join('/')}`).catch(() => null);
    if (!res?.ok || !res.body) return reply.status(res?.status === 404 ? 404 : 502).header('content-type', 'application/problem+json').send({ status: 404, code: 'NOT_FOUND', message: 'Not found' });
    const image = { body: Buffer.from(await res.arrayBuffer()), etag: res.headers.get('etag') ?? '', contentType: res.headers.get('content-type') ?? 'image/webp' };
    imageCache.set(key, image);
    return sendImage(reply, image);
  }
}
