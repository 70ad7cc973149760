import { helmetOptions } from './security-headers.js';

describe('helmetOptions', () => {
  it('sends HSTS in production only', () => {
    expect(helmetOptions(true).hsts).toEqual({ maxAge: 31536000, includeSubDomains: true });
    expect(helmetOptions(false).hsts).toBe(false);
  });

  it('uses only the shop’s own CSP directives, not helmet’s defaults', () => {
    const csp = helmetOptions(false).contentSecurityPolicy;
    expect(csp).toMatchObject({ useDefaults: false });
    expect((csp as { directives: Record<string, string[]> }).directives.imgSrc).toEqual(["'self'", 'data:', 'blob:', 'https:']);
  });
});
