import { hasImageVariants, imageSrcSet, imageVariantUrl } from './image-variants.js';

describe('image variants', () => {
  const own = '/media/products/upl_01JD/large.webp';

  it('points an own image at the wanted size', () => {
    expect(imageVariantUrl(own, 'card')).toBe('/media/products/upl_01JD/card.webp');
    expect(imageVariantUrl(own, 'thumb')).toBe('/media/products/upl_01JD/thumb.webp');
    expect(imageVariantUrl(own, 'large')).toBe(own);
  });

  it.each(['https://example.com/media/x/large.webp', '/placeholder.svg', '/media/products/upl_1/original.png', 'large.webp'])(
    'leaves %s as it is',
    (url) => {
      expect(hasImageVariants(url)).toBe(false);
      expect(imageVariantUrl(url, 'thumb')).toBe(url);
      expect(imageSrcSet(url, ['card', 'large'])).toBeUndefined();
    },
  );

  it('builds a srcset with width descriptors', () => {
    expect(imageSrcSet(own, ['card', 'large'])).toBe('/media/products/upl_01JD/card.webp 600w, /media/products/upl_01JD/large.webp 1200w');
    expect(imageSrcSet(own, ['thumb', 'card'])).toBe('/media/products/upl_01JD/thumb.webp 200w, /media/products/upl_01JD/card.webp 600w');
  });
});
