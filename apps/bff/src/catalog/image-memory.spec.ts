import { imageMemory, type CachedImage } from './image-memory.js';

const image = (bytes: number): CachedImage => ({ body: Buffer.alloc(bytes), etag: `"${bytes}"`, contentType: 'image/webp' });

describe('imageMemory', () => {
  it('keeps images up to its bytes, dropping the least recently served first', () => {
    const memory = imageMemory(1000)!;
    memory.set('a', image(100));
    memory.set('b', image(100));
    memory.set('c', image(100));
    expect(memory.get('a')).toBeDefined();
    for (const key of ['d', 'e', 'f', 'g', 'h', 'i', 'j']) memory.set(key, image(100));
    expect(memory.calculatedSize).toBe(1000);
    memory.set('k', image(100));
    expect(memory.calculatedSize).toBe(1000);
    expect(memory.has('b')).toBe(false);
    expect(memory.has('a')).toBe(true);
  });

  it('does not keep an image larger than an eighth of its bytes', () => {
    const memory = imageMemory(800)!;
    memory.set('fits', image(100));
    memory.set('too-big', image(101));
    expect(memory.has('fits')).toBe(true);
    expect(memory.has('too-big')).toBe(false);
  });

  it('keeps nothing when it has no bytes', () => {
    expect(imageMemory(0)).toBeNull();
  });
});
