import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { Redis } from 'ioredis';
import { EVENT_STREAM } from '@jalaj/contracts';
import { freePort, startReplicas, startTogether, type ReplicasHandle } from '@jalaj/local-platform';
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
  /** Processes of each app (1 by default): the BFF and media then sit behind a local balancer. */
  replicas?: number;
  /** Processes of one service, where it differs from `replicas` (e.g. two order services racing for a daily job). */
  serviceReplicas?: Partial<Record<Service, number>>;
}

export interface TestShop {
  /** The BFF's address, e.g. `http://127.0.0.1:40123`. */
  base: string;
  apps: Partial<Record<Service | 'bff', ReplicasHandle>>;
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
  await forgetEarlierRedisState();
  await forgetEarlierEvents();
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
      // Shops on other lanes (lane.mjs) draw the same demo photos: their own bucket each.
      S3_BUCKET: options.bucket ?? `photos${process.env.JALAJ_TEST_LANE_SUFFIX ?? ''}`,
    },
  };
  const mediaBase = mediaPort ? `http://127.0.0.1:${mediaPort}` : undefined;
  // Every app starts at once, as `npm start` starts them: their starts are mostly CPU, and one
  // after another left a core idle (the BFF alone at the end). Only order waits, for the
  // sandbox's address.
  const sandbox = options.services.includes('order') ? startTestSandbox({ shopUrl: base }) : undefined;
  const startService = async (name: Service) => {
    const port = name === 'media' ? mediaPort! : await freePort();
    const payments = name === 'order' ? Object.fromEntries(Object.entries((await sandbox!).env).filter(([key]) => key.startsWith('PHONEPE_'))) : {};
    const env = { ...shared, DATABASE_URL: testDatabaseUrl(name), ...own[name], ...payments, ...options.serviceEnv?.[name] };
    return startReplicas(name, { count: options.serviceReplicas?.[name] ?? options.replicas, port, env });
  };
  const startBff = () => startReplicas('bff', { count: options.replicas, port: bffPort, env: { ...shared, ...(mediaBase ? { MEDIA_URL: mediaBase } : {}), ...options.bffEnv } });
  // Every spec shares NATS: a service left running after a failed start would answer the
  // next spec's requests from its own database. So a failed start stops whatever did start.
  let handles: ReplicasHandle[];
  try {
    handles = await startTogether([...options.services.map((name) => () => startService(name)), startBff]);
  } catch (e) {
    await (await sandbox?.catch(() => undefined))?.stop();
    throw e;
  }
  const phonepe = await sandbox;
  const apps: TestShop['apps'] = Object.fromEntries([...options.services, 'bff'].map((name, i) => [name, handles[i]]));
  const stopAll = async () => {
    await apps.bff?.stop();
    await Promise.all(options.services.map((name) => apps[name]?.stop()));
    await phonepe?.stop();
  };
  return {
    base,
    apps,
    mediaBase,
    phonepe,
    stop: stopAll,
  };
}

/**
 * Every spec file of a lane shares its Redis (lane.mjs), where the BFF keeps what a new
 * shop must not inherit:
 * - sign-in counts per account, and every test shop's first admin has the same email:
 *   the spec files that sign in as {@link TEST_ADMIN} would together exhaust its limit
 *   (10 per 15 minutes) and later ones get 429 (the specs of the limit use their own
 *   accounts);
 * - the catalogue cache (`cache:catalog:*`): its version counter and reads are the
 *   catalogue's, and demo products have the same ids in every shop, so a shop could answer
 *   an earlier shop's plant list (28 plants where its database had 1,030).
 * A lane runs one spec file at a time, so each shop starts with neither.
 */
async function forgetEarlierRedisState(): Promise<void> {
  const redis = new Redis(process.env.REDIS_URL!, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
    const keys = [...(await redis.keys(`rate:*${TEST_ADMIN.email}*`)), ...(await redis.keys('cache:catalog:*'))];
    if (keys.length) await redis.del(...keys);
  } finally {
    redis.disconnect();
  }
}

/**
 * Every spec file of a lane shares its NATS, and so the event stream and the services'
 * durable consumers. Demo products have the same ids in every shop, so an event an earlier spec's
 * shop left unacknowledged (a replica killed, a shop stopped mid-delivery) would reach this
 * shop's fresh services: a stock level of 0 from another shop's sale made a cart refuse a
 * plant this shop has in stock. A lane runs one spec file at a time and has a NATS of its
 * own (lane.mjs), so each shop starts on an empty stream with no consumers.
 */
async function forgetEarlierEvents(): Promise<void> {
  const nc = await connect({ servers: process.env.NATS_URL!, name: 'spec-shop-reset' });
  try {
    const jsm = await jetstreamManager(nc);
    if (!(await jsm.streams.info(EVENT_STREAM).catch(() => null))) return;
    for await (const consumer of jsm.consumers.list(EVENT_STREAM)) await jsm.consumers.delete(EVENT_STREAM, consumer.name);
    await jsm.streams.purge(EVENT_STREAM);
  } finally {
    await nc.close();
  }
}
