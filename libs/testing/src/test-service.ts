import pg from 'pg';
import { freePort, startApp, type AppHandle } from '@jalaj/local-platform';
import { testDatabaseUrl } from './databases.js';

/** The services a spec can start (the BFF is started by {@link startTestShop} in front of them). */
export type Service = 'identity' | 'catalog' | 'cart' | 'order' | 'media';

/** What every app of an integration spec is given: the shared NATS and Redis, quiet logs. */
export const integrationEnv = (): Record<string, string> => ({ NATS_URL: process.env.NATS_URL!, REDIS_URL: process.env.REDIS_URL!, LOG_LEVEL: 'warn' });

export interface TestServiceOptions {
  /** Added to the service's environment (after NATS, the database and the log level). */
  env?: Record<string, string>;
  /** Runs against the service's fresh database before the service starts (e.g. to migrate and seed it). */
  before?: (databaseUrl: string) => Promise<void>;
}

export interface TestService {
  /** The service's HTTP port on the loopback (media's internal HTTP). */
  port: number;
  databaseUrl: string;
  app: AppHandle;
  /** One SQL query against the service's own database; the rows. */
  sql<R = Record<string, unknown>>(text: string, values?: unknown[]): Promise<R[]>;
  /** The `data` of the events of `subject` in the service's outbox, oldest first. */
  outbox<T = unknown>(subject: string): Promise<T[]>;
  stop(): Promise<void>;
}

/**
 * Starts one built service (`apps/<name>/dist/main.bundle.mjs`, ADR 048) as its own process on a fresh
 * database against the integration infrastructure, without the BFF or other services: a
 * per-service integration spec calls its subjects over NATS (a `RpcClient` of its own)
 * and reads the database and the outbox through {@link TestService.sql}. Spec files that
 * run side by side have a NATS each (their lanes, lane.mjs), so the service's queue group
 * is its own.
 */
export async function startTestService(name: Service, options: TestServiceOptions = {}): Promise<TestService> {
  const databaseUrl = testDatabaseUrl(name);
  await options.before?.(databaseUrl);
  const port = await freePort();
  const app = await startApp(name, {
    port,
    env: { ...integrationEnv(), DATABASE_URL: databaseUrl, ...options.env },
  });
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  const sql = async <R>(text: string, values: unknown[] = []) => (await pool.query(text, values)).rows as R[];
  return {
    port,
    databaseUrl,
    app,
    sql,
    async outbox<T>(subject: string) {
      const rows = await sql<{ envelope: { data: T } }>('select envelope from outbox_message where subject = $1 order by created_at, id', [subject]);
      return rows.map((r) => r.envelope.data);
    },
    async stop() {
      await app.stop();
      await pool.end();
    },
  };
}
