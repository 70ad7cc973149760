import pg from 'pg';
import { freePort, startApp, type AppHandle } from '@jalaj/local-platform';
import { RpcClient } from '@jalaj/server-kit';
import { integrationEnv, testDatabaseUrl } from '@jalaj/testing';

/**
 * A replica asked to stop (SIGTERM, as Kubernetes and `npm start` do) loses nothing
 * (issue #13, ADR 031): readiness answers 503 `shutting_down` at once while the process
 * still serves for SHUTDOWN_DELAY_MS, and a NATS request it is handling when it stops
 * taking new ones is still answered before the connection closes.
 */
describe('graceful shutdown of a service replica (real process)', () => {
  let app: AppHandle | undefined;
  let rpc: RpcClient;
  let databaseUrl = '';
  /** The catalog's latest log lines, for a failure's message. */
  const lines: string[] = [];

  beforeAll(async () => {
    databaseUrl = testDatabaseUrl('catalog-shutdown');
    const onLine = (_: string, line: string) => {
      lines.push(line);
      if (lines.length > 20) lines.shift();
    };
    app = await startApp('catalog', { port: await freePort(), onLine, env: { ...integrationEnv(), DATABASE_URL: databaseUrl, SEED_DEMO_DATA: 'true', SHUTDOWN_DELAY_MS: '1500' } });
    rpc = RpcClient.standalone({ url: process.env.NATS_URL!, name: 'shutdown-spec' });
  }, 120000);

  afterAll(async () => {
    await rpc?.close();
    await app?.stop();
  });

  it('drops readiness first, then answers the request under way, then exits', async () => {
    const locker = new pg.Client({ connectionString: databaseUrl });
    await locker.connect();
    try {
      const [{ id }] = (await locker.query<{ id: string }>('select id from products order by created_at limit 1')).rows;
      // Holds every read of the products table: the request below waits inside the handler.
      await locker.query('begin');
      await locker.query('lock table products in access exclusive mode');
      const reply = rpc.request('rpc.catalog.products.get', { id }, { timeoutMs: 60_000 });
      // The request must wait in this catalog's handler; an answer before that (another
      // catalog on the shared NATS, no responder yet) fails the test with what it was.
      const early = reply.then(
        (r) => `the request was answered before it reached the lock: ${JSON.stringify(r)}`,
        (e: unknown) => `the request failed before it reached the lock: ${String(e)}`,
      );
      await Promise.race([
        waitForLockWaiter(locker).catch(async (e: unknown) => {
          throw new Error(`${String(e)}\n${await whatWaits(locker, app!, lines)}`);
        }),
        early.then((why) => {
          throw new Error(why);
        }),
      ]);

      const exited = new Promise<number | string | null>((resolve) => app!.child.once('exit', (code, signal) => resolve(code ?? signal)));
      app!.child.kill('SIGTERM');
      const ready = await pollReadiness(app!.opsPort, 503);
      expect(ready.body).toMatchObject({ status: 'shutting_down' });
      // Past the delay: the process has stopped taking requests and waits for this one.
      await new Promise((r) => setTimeout(r, 2000));
      expect(app!.child.exitCode).toBeNull();
      await locker.query('rollback');

      await expect(reply).resolves.toMatchObject({ ok: true, data: { id } });
      expect(await exited).toBe('SIGTERM');
    } finally {
      await locker.end();
    }
  }, 120_000);
});

/**
 * Waits until another session waits on a lock of this database (the catalog's read). By the
 * clock, not a count of polls: on a busy machine the request may take seconds to get there.
 */
async function waitForLockWaiter(client: pg.Client, timeoutMs = 40_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const { rows } = await client.query<{ n: number }>("select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'");
    if (rows[0].n > 0) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`the request did not reach the database within ${timeoutMs / 1000} s`);
}

/**
 * What the database's sessions and the catalog were doing when the request did not arrive
 * (it failed so twice in containers, neither answered nor at the lock after 40 s).
 */
async function whatWaits(client: pg.Client, app: AppHandle, lines: readonly string[]): Promise<string> {
  const { rows } = await client.query(
    "select pid, usename, application_name, state, wait_event_type, wait_event, left(query, 120) as query from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()",
  );
  const [{ used, max }] = (await client.query<{ used: number; max: string }>("select count(*)::int as used, current_setting('max_connections') as max from pg_stat_activity")).rows;
  const ready = await fetch(`http://127.0.0.1:${app.opsPort}/health`).then(
    async (r) => `${r.status} ${await r.text()}`,
    (e: unknown) => String(e),
  );
  return [
    `catalog process: ${app.child.exitCode === null ? 'running' : `exited ${app.child.exitCode}`}; its health: ${ready.slice(0, 400)}`,
    `connections: ${used} of ${max}; this database's other sessions:`,
    ...rows.map((r) => `  ${JSON.stringify(r)}`),
    'the catalog\'s last lines:',
    ...lines,
  ].join('\n');
}

/** Polls the ops port's readiness until it answers `status`. */
async function pollReadiness(opsPort: number, status: number, timeoutMs = 10_000): Promise<{ body: unknown }> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const r = await fetch(`http://127.0.0.1:${opsPort}/health/ready`).catch(() => null);
    if (r?.status === status) return { body: await r.json() };
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`readiness did not answer ${status} within ${timeoutMs / 1000} s`);
}
