import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { CachedBody } from './cached-body.js';

const big = CachedBody.of({ items: Array.from({ length: 50 }, (_, i) => ({ id: `prd_${i}`, name: `Plant ${i}` })) });

describe('CachedBody', () => {
  it('compresses once per encoding and keeps the same bytes', () => {
    const br = big.bytes('br');
    expect(big.bytes('br')).toBe(br);
    expect(brotliDecompressSync(br).equals(big.json)).toBe(true);
    expect(gunzipSync(big.bytes('gzip')).equals(big.json)).toBe(true);
    expect(br.length).toBeLessThan(big.json.length);
  });

  it('prefers brotli, then gzip, and leaves small bodies alone', () => {
    expect(big.negotiate('gzip, deflate, br')).toBe('br');
    expect(big.negotiate('gzip')).toBe('gzip');
    expect(big.negotiate('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(big.negotiate(undefined)).toBe('identity');
    expect(big.negotiate('identity')).toBe('identity');
    expect(CachedBody.of({ a: 1 }).negotiate('br')).toBe('identity');
  });

  it('has a strong ETag of its bytes', () => {
    expect(big.etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect(CachedBody.of({ a: 1 }).etag).toBe(CachedBody.of({ a: 1 }).etag);
    expect(CachedBody.of({ a: 2 }).etag).not.toBe(CachedBody.of({ a: 1 }).etag);
  });
});

describe('CachedBody.negotiate, reading Accept-Encoding', () => {
  it('reads codings and q-values', () => {
    expect(big.negotiate('gzip, br')).toBe('br');
    expect(big.negotiate('GZIP;q=0.8')).toBe('gzip');
    expect(big.negotiate('gzip;q=0')).toBe('identity');
    expect(big.negotiate('brotli')).toBe('identity');
  });
});
