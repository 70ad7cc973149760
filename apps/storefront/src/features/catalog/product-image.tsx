import { PLACEHOLDER_IMAGE_URL } from '@jalaj/commerce';
import { useState } from 'react';
import { type ImageVariant, imageSrcSet, imageVariantUrl } from './image-variants.js';

interface ProductImageProps {
  /** The image address as stored on the product; missing → the placeholder. */
  readonly url: string | undefined;
  readonly alt: string;
  readonly className?: string;
  /** The size used as `src`, and the sizes offered in `srcset` (smallest first). */
  readonly variant: ImageVariant;
  readonly srcSetVariants: readonly ImageVariant[];
  /** The `sizes` attribute: how wide the image is drawn at each viewport width. */
  readonly sizes: string;
  /** Intrinsic size, so the browser reserves the space before the image arrives. */
  readonly width: number;
  readonly height: number;
  /** `eager` for the image a page is about (above the fold), `lazy` for grids. */
  readonly priority?: 'eager' | 'lazy';
}

/**
 * A product image in the right size for its slot, falling back to the
 * placeholder when there is none or it fails to load.
 */
export function ProductImage({ url, alt, className, variant, srcSetVariants, sizes, width, height, priority = 'lazy' }: ProductImageProps) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const usable = url && failedUrl !== url ? url : null;
  return (
    <img
      className={className}
      src={usable ? imageVariantUrl(usable, variant) : PLACEHOLDER_IMAGE_URL}
      srcSet={usable ? imageSrcSet(usable, srcSetVariants) : undefined}
      sizes={usable && imageSrcSet(usable, srcSetVariants) ? sizes : undefined}
      alt={alt}
      width={width}
      height={height}
      loading={priority}
      fetchPriority={priority === 'eager' ? 'high' : undefined}
      decoding="async"
      onError={() => setFailedUrl(url ?? null)}
    />
  );
}
