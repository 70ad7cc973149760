import { PAGE_BOOT_CSP_SOURCE } from './page-boot.js';
import { securityHeaders } from './security-headers.js';

describe('securityHeaders', () => {
  it('sends HSTS in production only', () => {
    expect(securityHeaders(true)['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(securityHeaders(false)).not.toHaveProperty('strict-transport-security');
  });

  it('uses only the shop’s own CSP directives, not helmet’s defaults', () => {
    const csp = securityHeaders(false)['content-security-policy'];
    expect(csp).toContain("img-src 'self' data: blob: https:");
    expect(csp).toContain(`script-src 'self' ${PAGE_BOOT_CSP_SOURCE}`);
    expect(csp).not.toContain('upgrade-insecure-requests');
  });

  it('has every header the shop promises, computed once', () => {
    const headers = securityHeaders(false);
    expect(headers).toMatchObject({
      'x-frame-options': 'DENY',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'x-content-type-options': 'nosniff',
      'permissions-policy': 'camera=(), microphone=(), geolocation=()',
    });
    expect(Object.isFrozen(headers)).toBe(true);
  });
});
