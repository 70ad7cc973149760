/**
 * The object keys media mints for product images: `products/<upload id>/<variant>.webp`,
 * and the demo plants' `demo/<slug>/<variant>.webp`. The BFF forwards and caches nothing
 * else (a `..` would walk out of media's `/internal/objects/` to its health or metrics),
 * and media serves nothing else.
 */
export const IMAGE_KEY = /^(?:products\/upl_[0-9A-Za-z]{1,40}|demo\/[a-z0-9]+(?:-[a-z0-9]+)*)\/(?:large|card|thumb)\.webp$/;

/**
 * The object key media mints for a guarantee claim's photo (docs/adr/078):
 * `claims/<upload id>/large.webp`. Never served at `/media/`: only through an order's
 * claim-photo route, to its shopper and to admins.
 */
export const CLAIM_PHOTO_KEY = /^claims\/upl_[0-9A-Za-z]{1,40}\/large\.webp$/;

/** The key of a claim photo's stored picture. */
export const claimPhotoKey = (photoId: string) => `claims/${photoId}/large.webp`;
