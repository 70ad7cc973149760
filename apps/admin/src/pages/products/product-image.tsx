import { PLACEHOLDER_IMAGE_URL } from '@jalaj/commerce';
import { useState } from 'react';

/** The stored sizes of our own images (docs/catalog-cart-api.md): 200×200, 600×600, ≤1200 px. */
export type ImageVariant = 'thumb' | 'card' | 'large';

// Our own images are addressed by their large variant; the other sizes sit beside it.
const OWN_IMAGE = /^(\/media\/.+\/)large\.webp$/;

/**
 * The address of another size of a product image.
 *
 * @param url - An address as stored on a product, e.g. `/media/products/upl_1/large.webp`.
 * @param variant - The size wanted.
 * @returns The same path ending in `<variant>.webp`; pasted external addresses unchanged.
 */
export function imageVariantUrl(url: string, variant: ImageVariant): string {
  const match = OWN_IMAGE.exec(url);
  return match ? `${match[1]}${variant}.webp` : url;
}

interface ProductImageProps {
  /** The address as stored on the product; missing → the placeholder. */
  readonly url: string | undefined;
  readonly variant: ImageVariant;
  readonly alt: string;
  readonly className?: string;
}

/** A product image in the size of its slot, falling back to the placeholder when there is none or it fails to load. */
export function ProductImage({ url, variant, alt, className }: ProductImageProps) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const usable = url && failedUrl !== url ? url : null;
  const size = variant === 'thumb' ? 200 : 600;
  return (
    <img
      className={className}
      src={usable ? imageVariantUrl(usable, variant) : PLACEHOLDER_IMAGE_URL}
      alt={alt}
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
      onError={() => setFailedUrl(url ?? null)}
    />
  );
}
