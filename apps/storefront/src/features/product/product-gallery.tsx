import { galleryImageSlots, NO_IMAGE_TEXT, serializeImageUrls } from '@jalaj/commerce';
import { useState } from 'react';
import { ProductImage } from '../catalog/product-image.js';

interface ProductGalleryProps {
  readonly name: string;
  /** The product's image addresses, main image first (at most 4). */
  readonly imageUrls: readonly string[];
}

/**
 * The product page's gallery: the chosen image large, and below it the four
 * slots, each a thumbnail that shows its image or a 'No Image' placeholder.
 */
export function ProductGallery({ name, imageUrls }: ProductGalleryProps) {
  const slots = galleryImageSlots(serializeImageUrls(imageUrls));
  const imageCount = slots.filter((slot) => slot !== null).length;
  const [selected, setSelected] = useState(0);
  const current = slots[selected] ?? undefined;

  return (
    <div className="gallery">
      <div className="gallery__main">
        <ProductImage
          url={current}
          alt={name}
          className="gallery__image"
          variant="large"
          srcSetVariants={['card', 'large']}
          sizes="(min-width: 1200px) 560px, (min-width: 900px) 46vw, calc(100vw - 2rem)"
          width={800}
          height={800}
          priority="eager"
        />
      </div>
      <ul className="gallery__thumbs" aria-label={`Images of ${name}`}>
        {slots.map((url, index) => (
          // The slots are fixed positions, so the index is their identity.
          <li key={index}>
            {url ? (
              <button
                type="button"
                className="gallery__thumb"
                aria-label={`Show image ${index + 1} of ${imageCount}`}
                aria-pressed={index === selected}
                onClick={() => setSelected(index)}
              >
                <ProductImage
                  url={url}
                  alt=""
                  className="gallery__thumb-image"
                  variant="thumb"
                  srcSetVariants={['thumb', 'card']}
                  sizes="120px"
                  width={200}
                  height={200}
                  priority="eager"
                />
              </button>
            ) : (
              <div className="gallery__thumb gallery__thumb--empty">{NO_IMAGE_TEXT}</div>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
