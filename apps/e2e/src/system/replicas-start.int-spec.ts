import pg from 'pg';
import { freePort, startApp, type AppHandle } from '@jalaj/local-platform';
import { integrationEnv, TEST_ADMIN, testDatabaseUrl } from '@jalaj/testing';

/**
 * Two replicas of a service starting at the same moment on a new database (issue #13: every
 * service runs with two or more replicas, and Kubernetes starts them together): both
 * become ready, the schema is migrated once, and what a service seeds at start (the first
 * admin, the demo shopper, the demo catalogue) exists once, not once per replica.
 */
describe('two replicas starting together (real processes)', () => {
  const started: AppHandle[] = [];

  afterAll(async () => {
    await Promise.all(started.map((a) => a.stop()));
  });

  async function startTwo(name: 'identity' | 'catalog', env: Record<string, string>): Promise<string> {
    const databaseUrl = testDatabaseUrl(name);
    const replicas = await Promise.all(
      [0, 1].map(async () => startApp(name, { port: await freePort(), env: { ...integrationEnv(), DATABASE_URL: databaseUrl, SEED_DEMO_DATA: 'true', ...env } })),
    );
    started.push(...replicas);
    return databaseUrl;
  }

  async function rows<R>(databaseUrl: string, sql: string): Promise<R[]> {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      return (await client.query(sql)).rows as R[];
    } finally {
      await client.end();
    }
  }

  it('identity: one admin and one demo shopper', async () => {
    const db = await startTwo('identity', { ADMIN_EMAIL: TEST_ADMIN.email, ADMIN_PASSWORD: TEST_ADMIN.password });
    const users = await rows<{ email: string; role: string }>(db, 'select email, role from users order by email');
    expect(users).toEqual([
      { email: TEST_ADMIN.email, role: 'admin' },
      { email: 'shopper@jalaj.shop', role: 'user' },
    ].sort((a, b) => a.email.localeCompare(b.email)));
  }, 120000);

  it('catalog: the demo catalogue once', async () => {
    const db = await startTwo('catalog', {});
    const [{ count }] = await rows<{ count: string }>(db, 'select count(*) from products');
    const [{ names }] = await rows<{ names: string }>(db, 'select count(distinct name) as names from products');
    expect(Number(count)).toBeGreaterThan(0);
    expect(Number(count)).toBe(Number(names));
  }, 120000);
});
