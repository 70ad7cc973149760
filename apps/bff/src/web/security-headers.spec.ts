import { PAGE_BOOT_CSP_SOURCE } from './page-boot.js';
import { apiSecurityHeaders, securityHeaders, sendsHsts } from './security-headers.js';

describe('securityHeaders', () => {
  it('sends HSTS over HTTPS, on every answer when set to, never when off', () => {
    expect(sendsHsts('auto', 'https')).toBe(true);
    expect(sendsHsts('auto', 'http')).toBe(false);
    expect(sendsHsts('always', 'http')).toBe(true);
    expect(sendsHsts('off', 'https')).toBe(false);
    // It is decided per request, not fixed in the headers computed once.
    expect(securityHeaders()).not.toHaveProperty('strict-transport-security');
    expect(apiSecurityHeaders()).not.toHaveProperty('strict-transport-security');
  });

  it('lets no API answer be stored by default', () => {
    expect(apiSecurityHeaders()['cache-control']).toBe('no-store');
  });

  it('uses only the shop’s own CSP directives, not helmet’s defaults', () => {
    const csp = securityHeaders()['content-security-policy'];
    expect(csp).toContain("img-src 'self' data: blob: https:");
    expect(csp).toContain(`script-src 'self' ${PAGE_BOOT_CSP_SOURCE}`);
    expect(csp).not.toContain('upgrade-insecure-requests');
  });

  it('has every header the shop promises, computed once', () => {
    const headers = securityHeaders();
    expect(headers).toMatchObject({
      'x-frame-options': 'DENY',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'x-content-type-options': 'nosniff',
      'permissions-policy': 'camera=(), microphone=(), geolocation=()',
    });
    expect(Object.isFrozen(headers)).toBe(true);
  });
});
