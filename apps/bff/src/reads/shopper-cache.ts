import { CachedBody } from '../catalog/cached-body.js';
import { HintedMemory, type HintedMemoryOptions } from './hinted-memory.js';

/** A load of one shopper's answer: the value, and the tags (product ids) a hint may name it by. */
export interface ShopperRead {
  readonly value: unknown;
  readonly tags?: readonly string[];
}

export type ShopperCacheOptions = HintedMemoryOptions;

/**
 * One kind of a shopper's answer (`/api/me`, `/api/cart`) kept in this process, per
 * shopper, as the bytes to send (ADR 025): a {@link HintedMemory} of bodies. An answer is
 * forgotten when a change hint names its shopper or one of its tags, when this process
 * changes it, and after `ttlMs`; a load during which it was forgotten is answered but not kept.
 */
export class ShopperCache extends HintedMemory<CachedBody> {
  /** The shopper's answer from this process, else from `load` (one load per shopper at a time). */
  override read(userId: string, load: () => Promise<ShopperRead>): CachedBody | Promise<CachedBody> {
    return super.read(userId, async () => {
      const { value, tags } = await load();
      return { value: CachedBody.of(value), tags };
    });
  }
}
