/**
 * The sizes the media service stores every uploaded image in (see
 * docs/catalog-cart-api.md): `large` fits within 1200 px, `card` is a
 * 600×600 crop and `thumb` a 200×200 crop.
 */
export type ImageVariant = 'large' | 'card' | 'thumb';

/** The pixel width of each variant, for `srcset` width descriptors. */
export const IMAGE_VARIANT_WIDTHS: Readonly<Record<ImageVariant, number>> = Object.freeze({ thumb: 200, card: 600, large: 1200 });

// Our own images are addressed by their large variant; the others sit beside it.
const OWN_IMAGE = /^(\/media\/.+\/)large\.webp$/;

/**
 * Whether an address is one of the shop's own images, which exist in every
 * {@link ImageVariant}. Pasted external addresses and the placeholder do not.
 */
export function hasImageVariants(url: string): boolean {
  return OWN_IMAGE.test(url);
}

/**
 * The address of another size of an image.
 *
 * @param url - An image address as stored on a product, e.g. `/media/products/upl_1/large.webp`.
 * @param variant - The size wanted.
 * @returns The same path ending in `<variant>.webp`; any other address unchanged.
 */
export function imageVariantUrl(url: string, variant: ImageVariant): string {
  const match = OWN_IMAGE.exec(url);
  return match ? `${match[1]}${variant}.webp` : url;
}

/**
 * A `srcset` offering the given sizes of one of our own images.
 *
 * @param url - An image address as stored on a product.
 * @param variants - The sizes to offer, smallest first.
 * @returns E.g. `"/media/p/card.webp 600w, /media/p/large.webp 1200w"`, or
 *   `undefined` for an address without variants (the browser then uses `src`).
 */
export function imageSrcSet(url: string, variants: readonly ImageVariant[]): string | undefined {
  if (!hasImageVariants(url)) return undefined;
  return variants.map((variant) => `${imageVariantUrl(url, variant)} ${IMAGE_VARIANT_WIDTHS[variant]}w`).join(', ');
}
