import { execFile } from 'node:child_process';
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
      // The request must wait in this catalog's handler; an answer before that (another
      // catalog on the shared NATS, no responder yet) fails the test with what it was.
      const ask = () => {
        const reply = rpc.request('rpc.catalog.products.get', { id }, { timeoutMs: 60_000 });
        const early = reply.then(
          (r) => `the request was answered before it reached the lock: ${JSON.stringify(r)}`,
          (e: unknown) => `the request failed before it reached the lock: ${String(e)}`,
        );
        return { reply, early };
      };
      let { reply, early } = ask();
      if (!(await reachesLock(locker, early, 15_000))) {
        // Seen in 4 of 7 CI runs in containers (never on a development machine): the request
        // neither answered nor at the lock, the catalog otherwise well. Core NATS delivers at
        // most once and every caller has a time limit (the BFF answers 503), so what this
        // spec checks, the shutdown, goes on with a second request; what the first met is
        // printed, to find out where it went.
        const report = await whatWaits(locker, app!, lines, rpc);
        console.warn(`graceful shutdown spec: the first request did not reach the lock within 15 s; sending another\n${report}`);
        reply.catch(() => undefined);
        ({ reply, early } = ask());
        if (!(await reachesLock(locker, early, 30_000))) {
          throw new Error(`neither request reached the lock (15 s, then 30 s)\n${await whatWaits(locker, app!, lines, rpc)}`);
        }
      }

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
 * Whether another session comes to wait on a lock of this database (the catalog's read)
 * within `timeoutMs`; throws what `early` says if the request settles before that. By the
 * clock, not a count of polls: on a busy machine the request may take seconds to get there.
 */
async function reachesLock(client: pg.Client, early: Promise<string>, timeoutMs: number): Promise<boolean> {
  let settled: string | undefined;
  void early.then((why) => (settled = why));
  for (const until = Date.now() + timeoutMs; Date.now() < until; await new Promise((r) => setTimeout(r, 50))) {
    const { rows } = await client.query<{ n: number }>("select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'");
    if (rows[0].n > 0) return true;
    if (settled !== undefined) throw new Error(settled);
  }
  return false;
}

/**
 * What the catalog, NATS and the database's sessions were doing when the request did not
 * arrive.
 */
async function whatWaits(client: pg.Client, app: AppHandle, lines: readonly string[], rpc: RpcClient): Promise<string> {
  // Does the catalog answer NATS requests now? A read that needs no database, several
  // times (a queue group spreads them over every member it has).
  const probes = await Promise.all(
    Array.from({ length: 8 }, () =>
      rpc.request('rpc.catalog.products.get-many', { ids: [] }, { timeoutMs: 3000 }).then(
        (r) => (r.ok ? 'answered' : `error ${r.error.code}`),
        (e: unknown) => String(e).slice(0, 80),
      ),
    ),
  );
  const nats = await natsSubscribers('rpc.catalog.products.get');
  // The catalog's TCP connections and their states (a connection to PostgreSQL still
  // opening would show as SYN-SENT, or established with no session on the server).
  const sockets = await new Promise<string>((resolve) =>
    execFile('ss', ['-tanp'], (e, out) => resolve(e ? `ss failed: ${String(e)}` : String(out).split('\n').filter((l) => l.includes(`pid=${app.child.pid},`)).join('\n  '))),
  );
  // Every service's session, of every database (application_name is the service): a catalog
  // of another spec still on the lane's NATS would show here too.
  const { rows } = await client.query(
    `select pid, datname = current_database() as this_database, application_name, state, wait_event_type, wait_event,
            extract(epoch from now() - backend_start)::int as connected_s, extract(epoch from now() - xact_start)::int as in_transaction_s,
            extract(epoch from now() - state_change)::int as in_state_s, left(query, 120) as query
       from pg_stat_activity where pid <> pg_backend_pid() and (datname = current_database() or application_name <> '') order by this_database desc, pid`,
  );
  const processes = await new Promise<string>((resolve) =>
    execFile('ps', ['-eo', 'pid,etimes,stat,args'], (_e, out) => resolve(String(out ?? '').split('\n').filter((l) => /dist\/main\.(bundle\.m)?js/.test(l)).join('\n  '))),
  );
  const [{ used, max }] = (await client.query<{ used: number; max: string }>("select count(*)::int as used, current_setting('max_connections') as max from pg_stat_activity")).rows;
  const ready = await fetch(`http://127.0.0.1:${app.opsPort}/health`).then(
    async (r) => `${r.status} ${await r.text()}`,
    (e: unknown) => String(e),
  );
  return [
    `catalog process: ${app.child.exitCode === null ? 'running' : `exited ${app.child.exitCode}`}; its health: ${ready.slice(0, 400)}`,
    `8 reads that need no database: ${probes.join(', ')}`,
    `NATS: ${nats}`,
    `the catalog's sockets:\n  ${sockets}`,
    `connections: ${used} of ${max}; this database's other sessions, then every service's elsewhere:`,
    ...rows.map((r) => `  ${JSON.stringify(r)}`),
    `the shop's processes on this machine:\n  ${processes}`,
    'the catalog\'s last lines:',
    ...lines,
  ].join('\n');
}

/**
 * The NATS server's view of the connections subscribed to `subject` (its monitoring
 * endpoint, NATS_MONITOR_URL, where the spec's NATS has one): a member of the queue group
 * other than this catalog would take a share of its requests.
 */
async function natsSubscribers(subject: string): Promise<string> {
  const monitor = process.env.NATS_MONITOR_URL;
  if (!monitor) return 'no monitoring endpoint (NATS_MONITOR_URL) here';
  try {
    const connz = (await (await fetch(`${monitor}/connz?subs=detail&limit=1000`)).json()) as {
      connections: { cid: number; name?: string; ip: string; port: number; uptime: string; idle: string; rtt?: string; pending_bytes: number; in_msgs: number; out_msgs: number; subscriptions_list_detail?: { subject: string; qgroup?: string; msgs: number }[] }[];
    };
    const members = connz.connections.flatMap((c) =>
      (c.subscriptions_list_detail ?? []).filter((d) => d.subject === subject).map((d) => ({ ...c, sub: d, subscriptions_list_detail: undefined })),
    );
    return `${connz.connections.length} connections; subscribed to ${subject}:\n  ${members
      .map((m) => JSON.stringify({ cid: m.cid, name: m.name, at: `${m.ip}:${m.port}`, uptime: m.uptime, idle: m.idle, rtt: m.rtt, pending_bytes: m.pending_bytes, in_msgs: m.in_msgs, out_msgs: m.out_msgs, queue: m.sub.qgroup, delivered: m.sub.msgs }))
      .join('\n  ')}`;
  } catch (e) {
    return `the monitoring endpoint did not answer: ${String(e)}`;
  }
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
