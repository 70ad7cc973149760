import type { FastifyRequest } from 'fastify';
import { AppErrorException, appError, appErrorSchema, type ErrorCode } from '@jalaj/contracts';
import { traceHeaders } from '@jalaj/server-kit';
import { bffConfig } from '../config.js';

/** The media service's internal address (never the shop's). */
export const mediaUrl = () => bffConfig().MEDIA_URL.replace(/\/$/, '');

/**
 * Reads the image files of a multipart request, in the order sent: at most `maxFiles`
 * (more: `tooMany`), each within the multipart limit (`IMAGE_TOO_LARGE`); its fields go to
 * `field`. Not multipart, unreadable: `UPLOAD_INVALID`.
 */
export async function imageParts(req: FastifyRequest, maxFiles: () => number, tooMany: ErrorCode, field: (name: string, value: string) => void): Promise<Buffer[]> {
  if (!req.isMultipart()) throw new AppErrorException(appError('UPLOAD_INVALID', { reason: 'not-multipart' }));
  const files: Buffer[] = [];
  try {
    for await (const part of req.parts()) {
      if (part.type === 'field') {
        field(part.fieldname, String(part.value));
        continue;
      }
      if (files.length + 1 > maxFiles()) throw new AppErrorException({ code: tooMany });
      files.push(await part.toBuffer());
    }
  } catch (e) {
    if (e instanceof AppErrorException) throw e;
    const code = (e as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppErrorException(appError('IMAGE_TOO_LARGE'));
    if (code === 'FST_FILES_LIMIT') throw new AppErrorException({ code: tooMany });
    throw new AppErrorException(appError('UPLOAD_INVALID', { reason: 'unreadable' }));
  }
  return files;
}

/**
 * Stores one image with media (`/internal/<path>`), which checks it by its bytes and
 * verifies the caller's own access token itself (ADR 011): its answer, or media's refusal
 * (`IMAGE_TYPE_INVALID`, `IMAGE_TOO_LARGE`…), `IMAGE_UPLOAD_FAILED` when it cannot be reached.
 */
export async function storeImage<T>(path: 'uploads' | 'claim-photos', file: Buffer, authorization: string | undefined): Promise<T> {
  const res = await fetch(`${mediaUrl()}/internal/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/octet-stream', authorization: authorization ?? '', ...traceHeaders() },
    body: new Uint8Array(file),
  }).catch(() => null);
  if (!res) throw new AppErrorException(appError('IMAGE_UPLOAD_FAILED'));
  const body = await res.json().catch(() => null);
  if (!res.ok) {
    const problem = appErrorSchema.safeParse(body);
    throw new AppErrorException(problem.success ? problem.data : appError('IMAGE_UPLOAD_FAILED'));
  }
  return body as T;
}

/** A stored object as media gives it. */
export interface StoredObject {
  readonly body: Buffer;
  readonly etag: string;
  readonly contentType: string;
}

/**
 * How many times a read of a stored object is sent: once more after it failed on the way or
 * with a 5xx, as when the media replica that was answering died (the next goes to another).
 */
const OBJECT_READ_ATTEMPTS = 2;

/** A stored object from media (`/internal/objects/<key>`): its bytes, or null (404), or the status media failed with. */
export const fetchObject = (key: string) => readObject(mediaUrl(), key);

/**
 * A stored object from the media service at `base`: its bytes; 404 when media has none (or
 * not an image); 502 when it could not be read in {@link OBJECT_READ_ATTEMPTS} attempts.
 */
export async function readObject(base: string, key: string): Promise<StoredObject | { status: 404 | 502 }> {
  for (let attempt = 1; ; attempt++) {
    const read = await readObjectOnce(`${base}/internal/objects/${key}`);
    if (read !== 'failed') return read;
    if (attempt >= OBJECT_READ_ATTEMPTS) return { status: 502 };
  }
}

/** One attempt: the object, a 404, or `failed` (no answer, a 5xx, or a body cut short). */
async function readObjectOnce(url: string): Promise<StoredObject | { status: 404 } | 'failed'> {
  try {
    const res = await fetch(url, { redirect: 'error', headers: traceHeaders() });
    if (!res.ok || !res.body || res.headers.get('content-type') !== 'image/webp') {
      await res.body?.cancel();
      return res.status >= 500 ? 'failed' : { status: 404 };
    }
    return { body: Buffer.from(await res.arrayBuffer()), etag: res.headers.get('etag') ?? '', contentType: res.headers.get('content-type') ?? 'image/webp' };
  } catch {
    return 'failed';
  }
}
