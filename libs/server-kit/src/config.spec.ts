import { z } from 'zod';
import { appConfig, baseConfigSchema, bootConfig, ConfigError, databaseConfigSchema } from './config.js';

describe('app configuration', () => {
  const saved = { ...process.env };
  afterEach(() => {
    process.env = { ...saved };
  });

  const schema = baseConfigSchema.extend(databaseConfigSchema.shape).extend({ SEED_DEMO_DATA: z.enum(['true', 'false']).default('false') });
  const defaults = { SERVICE_NAME: 'catalog', PORT: '8082', OPS_PORT: '9082' };

  it('stops with a message naming each bad variable', () => {
    process.env.NATS_URL = 'http://nats';
    process.env.SEED_DEMO_DATA = 'yes';
    let error: unknown;
    try {
      bootConfig(schema, defaults);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toMatch(/NATS_URL: must be a nats:\/\/ or tls:\/\/ URL/);
    expect((error as Error).message).toMatch(/SEED_DEMO_DATA/);
  });

  it('names a missing required variable', () => {
    expect(() => bootConfig(schema, { SERVICE_NAME: 'catalog', PORT: '8082' })).toThrow(/OPS_PORT/);
  });

  it('parses once at boot, the environment over the defaults, and serves that object afterwards', () => {
    process.env.PORT = '8482';
    const booted = bootConfig(schema, defaults);
    expect(booted).toMatchObject({ SERVICE_NAME: 'catalog', PORT: 8482, OPS_PORT: 9082, SEED_DEMO_DATA: 'false', HOST: '0.0.0.0' });
    process.env.PORT = '1';
    expect(appConfig()).toBe(booted);
  });

  it('sizes the database pool from DATABASE_POOL_MAX, 10 unless set, and refuses what is not a count', () => {
    expect(bootConfig(schema, defaults).DATABASE_POOL_MAX).toBe(10);
    process.env.DATABASE_POOL_MAX = '25';
    expect(bootConfig(schema, defaults).DATABASE_POOL_MAX).toBe(25);
    for (const bad of ['0', '2.5', 'many']) {
      process.env.DATABASE_POOL_MAX = bad;
      expect(() => bootConfig(schema, defaults)).toThrow(/DATABASE_POOL_MAX/);
    }
  });
});
