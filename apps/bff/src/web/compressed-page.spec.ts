import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { compressPage, pickEncoding } from './compressed-page.js';

describe('pickEncoding', () => {
  it('prefers brotli, then gzip, and honours q=0 and *', () => {
    expect(pickEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(pickEncoding('gzip, deflate')).toBe('gzip');
    expect(pickEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(pickEncoding('*')).toBe('br');
    expect(pickEncoding('identity')).toBeNull();
    expect(pickEncoding('gzip;q=0')).toBeNull();
    expect(pickEncoding(undefined)).toBeNull();
  });

  it('answers a header it has read before the same way, however many other headers came between', () => {
    expect(pickEncoding('gzip;q=0, br')).toBe('br');
    for (let i = 0; i < 200; i++) expect(pickEncoding(`x-made-up-${i}, gzip`)).toBe('gzip');
    expect(pickEncoding('gzip;q=0, br')).toBe('br');
    expect(pickEncoding('br;q=0, gzip;q=0')).toBeNull();
    expect(pickEncoding('br;q=0, gzip;q=0')).toBeNull();
  });
});

describe('compressPage', () => {
  it('keeps the page and its brotli and gzip forms', async () => {
    const html = `<!doctype html><p>${'Anubias nana '.repeat(200)}</p>`;
    const page = await compressPage(html);
    expect(page.raw.toString('utf8')).toBe(html);
    expect(brotliDecompressSync(page.br).toString('utf8')).toBe(html);
    expect(gunzipSync(page.gzip).toString('utf8')).toBe(html);
    expect(page.br.length).toBeLessThan(page.raw.length / 10);
  });
});
