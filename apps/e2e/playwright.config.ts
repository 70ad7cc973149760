import { defineConfig, devices, type PlaywrightWorkerOptions, type Project } from '@playwright/test';
import { chromiumLaunch } from './chromium.js';
import { DESKTOP_ONLY, PHONE_ONLY } from './src/support/tags.js';

/**
 * Browser specs (`*.e2e.ts`) in Debian's Chromium against the whole shop, started by
 * `npm start`. Each project (desktop, phone) has a shop of its own, on its own ports and in
 * its own fresh data folder (.data/e2e-desktop, .data/e2e-phone), so no project sees the
 * other's orders, carts or figures, and each runs its tests one at a time, in order.
 * E2E_WORKERS=2 runs the two projects side by side: on a machine with cores to spare.
 * On 2 cores the browser is the bottleneck and it was slower (490 s against 439 s for a
 * quarter of the suite), so one worker is the default (ADR 041).
 *
 * Ports: E2E_PORT, JALAJ_PORT_OFFSET and JALAJ_{POSTGRES,NATS,REDIS,S3}_PORT name the
 * desktop shop's; the phone shop's are 10 above them (its port offset 100 above). The
 * defaults lie below Linux's ephemeral range (32768–60999), where any outgoing connection
 * may hold a port as its local one: a CI run's phone shop failed to start when its
 * PostgreSQL port, 55450 then, was taken that way.
 * `--project=desktop` (or phone) starts only that project's shop.
 */
const base = {
  port: Number(process.env.E2E_PORT ?? 8180),
  offset: Number(process.env.JALAJ_PORT_OFFSET ?? 200),
  postgres: Number(process.env.JALAJ_POSTGRES_PORT ?? 15440),
  nats: Number(process.env.JALAJ_NATS_PORT ?? 14440),
  redis: Number(process.env.JALAJ_REDIS_PORT ?? 16390),
  s3: Number(process.env.JALAJ_S3_PORT ?? 15690),
};

const SHOPS = [
  { name: 'desktop', device: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 } } },
  { name: 'phone', device: { ...devices['Pixel 7'], browserName: 'chromium' as const } },
].map((shop, i) => {
  const offset = base.offset + 100 * i;
  return {
    ...shop,
    baseURL: `http://localhost:${base.port + 10 * i}`,
    // The BFF's ops port under `npm start` (its default 9080 plus the offset): readiness and
    // the detailed health report. The PhonePe sandbox's (8086 plus the offset): its API and page.
    opsUrl: `http://127.0.0.1:${9080 + offset}`,
    sandboxUrl: `http://localhost:${8086 + offset}`,
    env: {
      PORT: String(base.port + 10 * i),
      JALAJ_PORT_OFFSET: String(offset),
      JALAJ_DATA_DIR: `.data/e2e-${shop.name}`,
      JALAJ_POSTGRES_PORT: String(base.postgres + 10 * i),
      JALAJ_NATS_PORT: String(base.nats + 10 * i),
      JALAJ_REDIS_PORT: String(base.redis + 10 * i),
      JALAJ_S3_PORT: String(base.s3 + 10 * i),
    },
  };
});

/**
 * E2E_TRACE: what a failed test leaves in .data/e2e-output/<project> besides its screenshot. `lean`
 * (the default): a trace with the page's DOM at every action, without the screencast of
 * every frame, which cost about a sixth of the suite's CPU; `full`: with it; `off`: none,
 * the default under CI, where nobody can open one.
 */
function traceOption(mode: string): PlaywrightWorkerOptions['trace'] {
  if (mode === 'off') return 'off';
  return { mode: 'retain-on-failure', screenshots: mode === 'full', snapshots: true };
}

/** The projects named on the command line (`--project x`, `--project=x`), or all. */
function chosenProjects(argv: readonly string[]): Set<string> | null {
  const names = argv.flatMap((arg, i) => (arg === '--project' ? [argv[i + 1] ?? ''] : arg.startsWith('--project=') ? [arg.slice('--project='.length)] : []));
  return names.length ? new Set(names.flatMap((n) => n.split(','))) : null;
}
const chosen = chosenProjects(process.argv);
const running = SHOPS.filter((shop) => !chosen || chosen.has(shop.name));

export default defineConfig({
  testDir: './src',
  testMatch: /.*\.e2e\.ts$/,
  outputDir: '../../.data/e2e-output',
  fullyParallel: false,
  // At most one worker per project (below): each project's tests run in order against its shop.
  workers: Math.min(Number(process.env.E2E_WORKERS ?? 1), SHOPS.length),
  retries: 0,
  // Generous: the suite must also pass on a busy machine (CI shares its cores).
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    trace: traceOption(process.env.E2E_TRACE ?? (process.env.CI ? 'off' : 'lean')),
    screenshot: 'only-on-failure',
    launchOptions: chromiumLaunch,
  },
  projects: SHOPS.map(
    (shop): Project => ({
      name: shop.name,
      workers: 1,
      // What a phone adds nothing to runs once, at desktop size; a phone's own layout only
      // on the phone (src/support/tags.ts).
      grepInvert: new RegExp(shop.name === 'phone' ? DESKTOP_ONLY : PHONE_ONLY),
      use: { ...shop.device, baseURL: shop.baseURL },
      // A folder per project: npm test runs the projects one after the other, and a run
      // empties the folders of the projects it runs (one shared folder lost the desktop
      // failures' screenshots when the phone run started).
      outputDir: `../../.data/e2e-output/${shop.name}`,
      metadata: { opsUrl: shop.opsUrl, sandboxUrl: shop.sandboxUrl },
    }),
  ),
  webServer: running.map((shop) => ({
    command: 'node scripts/start.mjs',
    cwd: '../..',
    url: `${shop.opsUrl}/health/ready`,
    timeout: 180_000,
    reuseExistingServer: false,
    gracefulShutdown: { signal: 'SIGTERM', timeout: 30_000 },
    stdout: 'ignore',
    stderr: 'pipe',
    name: `${shop.name} shop`,
    env: {
      ...shop.env,
      JALAJ_FRESH: 'true',
      JALAJ_SKIP_BUILD: process.env.JALAJ_SKIP_BUILD ?? 'true',
      // The specs sign the demo accounts in many times within the sign-in window.
      RATE_LIMIT_FACTOR: '20',
      DEV_MAILBOX: 'true',
      LOG_FORMAT: 'json',
      LOG_LEVEL: 'warn',
    },
  })),
});
