import { createHash } from 'node:crypto';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { brotliOptions, GZIP_OPTIONS, pickEncoding } from '../web/compressed-page.js';

/** Bodies smaller than this go out as they are (as @fastify/compress's threshold). */
const COMPRESS_FROM_BYTES = 1024;

/** The Cache-Control of the public catalogue's reads: kept by any cache, revalidated each time by its ETag. */
export const PUBLIC_REVALIDATE = 'no-cache';

/**
 * A cached JSON read: its bytes, its ETag, and its brotli and gzip forms, each made once,
 * the first time a browser asks for it, and then sent as they are. Replaces compressing
 * the same product list on every request.
 */
export class CachedBody {
  readonly etag: string;
  private readonly encoded = new Map<'br' | 'gzip', Buffer>();

  constructor(readonly json: Buffer) {
    this.etag = `"${createHash('sha1').update(json).digest('base64url')}"`;
  }

  static of(value: unknown): CachedBody {
    return new CachedBody(Buffer.from(JSON.stringify(value)));
  }

  /** The bytes in `encoding`, compressed on first use. */
  bytes(encoding: 'br' | 'gzip' | 'identity'): Buffer {
    if (encoding === 'identity') return this.json;
    let bytes = this.encoded.get(encoding);
    if (!bytes) {
      bytes = encoding === 'br' ? brotliCompressSync(this.json, brotliOptions(this.json)) : gzipSync(this.json, GZIP_OPTIONS);
      this.encoded.set(encoding, bytes);
    }
    return bytes;
  }

  /** The encoding to send to a client with this Accept-Encoding: brotli, else gzip, else none. */
  negotiate(acceptEncoding: string | undefined): 'br' | 'gzip' | 'identity' {
    if (this.json.length < COMPRESS_FROM_BYTES) return 'identity';
    return pickEncoding(acceptEncoding) ?? 'identity';
  }

  /**
   * Sends the body as JSON: 304 when the client's copy is current (`If-None-Match`), else
   * the bytes in the best encoding it accepts. `cacheControl` is given by public reads
   * ({@link PUBLIC_REVALIDATE}); a signed-in answer keeps the API's `no-store`.
   */
  send(request: FastifyRequest, reply: FastifyReply, cacheControl?: string): FastifyReply {
    if (cacheControl) reply.header('cache-control', cacheControl);
    reply.header('content-type', 'application/json; charset=utf-8').header('etag', this.etag).header('vary', 'accept-encoding');
    const ifNoneMatch = request.headers['if-none-match'];
    if (ifNoneMatch && ifNoneMatch.split(',').some((t) => t.trim().replace(/^W\//, '') === this.etag)) return reply.code(304).send();
    const encoding = this.negotiate(request.headers['accept-encoding']);
    if (encoding !== 'identity') reply.header('content-encoding', encoding);
    return reply.send(this.bytes(encoding));
  }
}

