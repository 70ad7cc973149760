/**
 * The Cache-Control of a signed-in shopper's own answers: a browser keeps them only to
 * revalidate them with their ETag, and no shared cache keeps them at all.
 */
export const PRIVATE_NO_CACHE = 'private, no-cache';
