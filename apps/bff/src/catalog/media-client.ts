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

/** A stored object from media (`/internal/objects/<key>`): its bytes, or null (404), or the status media failed with. */
export async function fetchObject(key: string): Promise<{ body: Buffer; etag: string; contentType: string } | { status: 404 | 502 }> {
  const res = await fetch(`${mediaUrl()}/internal/objects/${key}`, { redirect: 'error', headers: traceHeaders() }).catch(() => null);
  if (!res?.ok || !res.body || res.headers.get('content-type') !== 'image/webp') return { status: !res || res.status >= 500 ? 502 : 404 };
  return { body: Buffer.from(await res.arrayBuffer()), etag: res.headers.get('etag') ?? '', contentType: res.headers.get('content-type') ?? 'image/webp' };
}
