import { PLACEHOLDER_IMAGE_URL } from '@jalaj/commerce';
import { useState } from 'react';

interface ProductImageProps {
  readonly urls: readonly string[];
  readonly alt: string;
  readonly className?: string;
}

/** A product's main image, falling back to the placeholder when there is none or it fails to load. */
export function ProductImage({ urls, alt, className }: ProductImageProps) {
  const [failed, setFailed] = useState(false);
  const src = !failed && urls[0] ? urls[0] : PLACEHOLDER_IMAGE_URL;
  return (
    <img
      className={className}
      src={src}
      alt={alt}
      width={400}
      height={300}
      loading="lazy"
      decoding="async"
      onError={() => setFailed(true)}
    />
  );
}
