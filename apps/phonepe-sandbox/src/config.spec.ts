import { productionGuard, sandboxConfigSchema } from './config.js';

const config = (env: Record<string, string>) => sandboxConfigSchema.parse({ PORT: '8086', OPS_PORT: '9086', ...env });

describe('the sandbox in production', () => {
  it('refuses to start under NODE_ENV=production', () => {
    const guard = productionGuard(config({ NODE_ENV: 'production' }));
    expect(guard).toEqual({ refusal: expect.stringContaining('DEMO_PAYMENTS=true') });
    expect(productionGuard(config({ NODE_ENV: 'production', DEMO_PAYMENTS: 'false' }))).toHaveProperty('refusal');
  });

  it('starts with a warning when DEMO_PAYMENTS=true says the shop is a demo', () => {
    expect(productionGuard(config({ NODE_ENV: 'production', DEMO_PAYMENTS: 'true' }))).toEqual({ warning: expect.stringContaining('no money') });
  });

  it('starts quietly outside production', () => {
    expect(productionGuard(config({}))).toBeNull();
    expect(productionGuard(config({ NODE_ENV: 'test' }))).toBeNull();
  });

  it('takes only true or false for DEMO_PAYMENTS', () => {
    expect(() => config({ DEMO_PAYMENTS: 'yes' })).toThrow();
  });
});
