import { LRUCache } from 'lru-cache';

/** A product image as the BFF sends it. */
export interface CachedImage {
  readonly body: Buffer;
  readonly etag: string;
  readonly contentType: string;
}

/**
 * Recently served product images, kept in this process's memory (their keys never change
 * content): an lru-cache bounded by the images' bytes (ADR 063), the least recently served
 * dropped first, and no image larger than an eighth of the bound kept. Null for a bound of
 * 0: nothing is kept.
 */
export function imageMemory(maxBytes: number): LRUCache<string, CachedImage> | null {
  const bound = Math.floor(maxBytes);
  if (bound < 1) return null;
  return new LRUCache<string, CachedImage>({
    maxSize: bound,
    maxEntrySize: Math.max(1, Math.floor(bound / 8)),
    // lru-cache counts sizes from 1.
    sizeCalculation: (image) => Math.max(1, image.body.length),
  });
}
