import { hasBody, isCrossSite, mediaType } from './request-guards.js';

const req = (headers: Record<string, string>, host = 'shop.example.in') => ({ headers, host });

describe('isCrossSite', () => {
  it('follows Sec-Fetch-Site when the browser sends it', () => {
    expect(isCrossSite(req({ 'sec-fetch-site': 'same-origin' }))).toBe(false);
    expect(isCrossSite(req({ 'sec-fetch-site': 'none' }))).toBe(false);
    expect(isCrossSite(req({ 'sec-fetch-site': 'cross-site', origin: 'https://shop.example.in' }))).toBe(true);
    expect(isCrossSite(req({ 'sec-fetch-site': 'same-site' }))).toBe(true);
  });

  it('compares Origin with the request host or the public address otherwise', () => {
    expect(isCrossSite(req({ origin: 'https://shop.example.in' }))).toBe(false);
    expect(isCrossSite(req({ origin: 'https://evil.example' }))).toBe(true);
    expect(isCrossSite(req({ origin: 'null' }))).toBe(true);
    expect(isCrossSite(req({ origin: 'https://jalaj.shop' }, '10.0.0.5:8080'), 'https://jalaj.shop')).toBe(false);
    expect(isCrossSite(req({ origin: 'https://jalaj.shop.evil.example' }, '10.0.0.5:8080'), 'https://jalaj.shop')).toBe(true);
  });

  it('lets requests without either header through (curl, server-to-server)', () => {
    expect(isCrossSite(req({}))).toBe(false);
  });
});

describe('request bodies', () => {
  it('reads the media type and whether a body is sent', () => {
    expect(mediaType('Application/JSON; charset=utf-8')).toBe('application/json');
    expect(mediaType(undefined)).toBe('');
    expect(hasBody({ 'content-length': '0' })).toBe(false);
    expect(hasBody({})).toBe(false);
    expect(hasBody({ 'content-length': '12' })).toBe(true);
    expect(hasBody({ 'transfer-encoding': 'chunked' })).toBe(true);
  });
});
