import { freePort, startApp, type AppHandle } from '@jalaj/local-platform';
import { testDatabaseUrl } from './databases.js';
import { startTestSandbox, type TestSandbox } from './phonepe-sandbox.js';
import { integrationEnv, type Service } from './test-service.js';

/** The first admin every test shop creates (identity's ADMIN_EMAIL / ADMIN_PASSWORD). */
export const TEST_ADMIN = { email: 'admin@jalaj.test', password: 'admin-secret-1' } as const;

type Env = Record<string, string>;

export interface TestShopOptions {
  /** The services to start (each on a fresh database of its own), before the BFF. */
  services: Service[];
  /** Added to every app's environment. */
  env?: Env;
  /** Added to one service's environment. */
  serviceEnv?: Partial<Record<Service, Env>>;
  /** Added to the BFF's environment. */
  bffEnv?: Env;
  /** media's bucket; one per spec file keeps their objects apart. */
  bucket?: string;
}

export interface TestShop {
  /** The BFF's address, e.g. `http://127.0.0.1:40123`. */
  base: string;
  apps: Partial<Record<Service | 'bff', AppHandle>>;
  /** media's internal HTTP address, when media runs. */
  mediaBase?: string;
  /** The PhonePe sandbox (its address and control API), started whenever order runs; its webhooks go to this BFF. */
  phonepe?: TestSandbox;
  /** Stops the BFF first, then the services. */
  stop(): Promise<void>;
}

/**
 * Starts the given services and a BFF in front of them, as separate processes on free
 * ports, against the integration infrastructure (NATS, Redis, PostgreSQL, S3 from the
 * environment), with the demo catalogue and {@link TEST_ADMIN}. One call per spec file.
 */
export async function startTestShop(options: TestShopOptions): Promise<TestShop> {
  const shared: Env = { ...integrationEnv(), SEED_DEMO_DATA: 'true', ...options.env };
  const bffPort = await freePort();
  const base = `http://127.0.0.1:${bffPort}`;
  const mediaPort = options.services.includes('media') ? await freePort() : undefined;
  const own: Record<Service, Env> = {
    identity: { ADMIN_EMAIL: TEST_ADMIN.email, ADMIN_PASSWORD: TEST_ADMIN.password, PUBLIC_URL: base },
    catalog: {},
    cart: {},
    order: {},
    media: {
      S3_ENDPOINT: process.env.S3_ENDPOINT!,
      S3_ACCESS_KEY: process.env.S3_ACCESS_KEY!,
      S3_SECRET_KEY: process.env.S3_SECRET_KEY!,
      S3_BUCKET: options.bucket ?? 'photos',
    },
  };
  const apps: TestShop['apps'] = {};
  // Before the services: order is configured with the sandbox's address.
  const phonepe = options.services.includes('order') ? await startTestSandbox({ shopUrl: base }) : undefined;
  if (phonepe) own.order = Object.fromEntries(Object.entries(phonepe.env).filter(([name]) => name.startsWith('PHONEPE_')));
  let started: (readonly [Service, AppHandle])[];
  try {
    started = await Promise.all(
      options.services.map(async (name) => {
        const port = name === 'media' ? mediaPort! : await freePort();
        const env = { ...shared, DATABASE_URL: testDatabaseUrl(name), ...own[name], ...options.serviceEnv?.[name] };
        return [name, await startApp(name, { port, env })] as const;
      }),
    );
  } catch (e) {
    await phonepe?.stop();
    throw e;
  }
  for (const [name, handle] of started) apps[name] = handle;
  const mediaBase = mediaPort ? `http://127.0.0.1:${mediaPort}` : undefined;
  apps.bff = await startApp('bff', { port: bffPort, env: { ...shared, ...(mediaBase ? { MEDIA_URL: mediaBase } : {}), ...options.bffEnv } });
  return {
    base,
    apps,
    mediaBase,
    phonepe,
    async stop() {
      await apps.bff?.stop();
      await Promise.all(options.services.map((name) => apps[name]?.stop()));
      await phonepe?.stop();
    },
  };
}
