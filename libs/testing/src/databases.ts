/**
 * The URL of a fresh database for one spec file on the test PostgreSQL server, so spec
 * files running in parallel never see each other's rows. The ORM creates the database
 * on first connect (`ensureDatabase`).
 */
export function testDatabaseUrl(name: string): string {
  const base = process.env.POSTGRES_URL;
  if (!base) throw new Error('POSTGRES_URL is not set: run integration specs through `npm test` or the Jest int project');
  const suffix = `${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  return `${base.replace(/\/$/, '')}/test_${name.replace(/[^a-z0-9_]/gi, '_').toLowerCase()}_${suffix}`;
}
