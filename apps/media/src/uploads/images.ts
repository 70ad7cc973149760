import sharp from 'sharp';

// Every image is rendered once and stored, so libvips' operation cache (50 MB by default)
// never hits; and one worker thread is enough for a few uploads at a time (each thread
// holds its own buffers). Together they kept the media service ~150 MB larger after the
// demo pictures were drawn.
sharp.cache(false);
sharp.concurrency(1);

/** The sizes every image is stored in: `large` for the gallery, `card` for grids, `thumb` for thumbnails. */
export const VARIANTS = {
  large: { width: 1200, height: 1200, fit: 'inside' as const },
  card: { width: 600, height: 600, fit: 'cover' as const },
  thumb: { width: 200, height: 200, fit: 'cover' as const },
};
export type Variant = keyof typeof VARIANTS;

/**
 * Renders an image (JPEG, PNG, WebP or SVG) into the WebP variants (all of them, or `names`).
 * EXIF orientation is applied and metadata dropped, so no camera or location data is
 * republished.
 */
export async function renderVariants<V extends Variant = Variant>(input: Buffer, names: readonly V[] = Object.keys(VARIANTS) as V[]): Promise<Record<V, Buffer>> {
  const entries = await Promise.all(
    names.map((name) => [name, VARIANTS[name]] as const).map(async ([name, v]) => {
      const out = await sharp(input, { limitInputPixels: 40_000_000 })
        .rotate()
        .resize({ width: v.width, height: v.height, fit: v.fit, withoutEnlargement: v.fit === 'inside', position: sharp.strategy.attention })
        .webp({ quality: name === 'thumb' ? 70 : 80 })
        .toBuffer();
      return [name, out] as const;
    }),
  );
  return Object.fromEntries(entries) as Record<V, Buffer>;
}
