import { defineConfig, devices } from '@playwright/test';
import { chromiumLaunch } from './chromium.js';

/**
 * Browser specs (`*.e2e.ts`) in Debian's Chromium against the whole shop, started by
 * `npm start` on its own ports and a fresh data folder (.data/e2e).
 */
const port = Number(process.env.E2E_PORT ?? 8180);
const portOffset = process.env.JALAJ_PORT_OFFSET ?? '200';
// The BFF's ops port under `npm start` (its default 9080 plus the offset): readiness, and the
// detailed health report the smoke spec reads. Specs run in workers that inherit this.
const opsPort = 9080 + Number(portOffset);
process.env.E2E_OPS_URL ??= `http://127.0.0.1:${opsPort}`;
// The PhonePe sandbox under `npm start` (its default 8086 plus the offset): its API and payment page.
process.env.E2E_SANDBOX_URL ??= `http://localhost:${8086 + Number(portOffset)}`;

export default defineConfig({
  testDir: './src',
  testMatch: /.*\.e2e\.ts$/,
  outputDir: '../../.data/e2e-output',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  // Generous: the suite must also pass on a busy machine (CI shares its cores).
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${port}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: chromiumLaunch,
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 } } },
    { name: 'phone', use: { ...devices['Pixel 7'], browserName: 'chromium' } },
  ],
  webServer: {
    command: 'node scripts/start.mjs',
    cwd: '../..',
    url: `http://127.0.0.1:${opsPort}/health/ready`,
    timeout: 180_000,
    reuseExistingServer: false,
    gracefulShutdown: { signal: 'SIGTERM', timeout: 30_000 },
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      JALAJ_DATA_DIR: '.data/e2e',
      JALAJ_FRESH: 'true',
      JALAJ_SKIP_BUILD: process.env.JALAJ_SKIP_BUILD ?? 'true',
      JALAJ_POSTGRES_PORT: process.env.JALAJ_POSTGRES_PORT ?? '55440',
      JALAJ_NATS_PORT: process.env.JALAJ_NATS_PORT ?? '42440',
      JALAJ_REDIS_PORT: process.env.JALAJ_REDIS_PORT ?? '63990',
      JALAJ_S3_PORT: process.env.JALAJ_S3_PORT ?? '45690',
      JALAJ_PORT_OFFSET: portOffset,
      // Both projects sign the demo accounts in many times within the sign-in window.
      RATE_LIMIT_FACTOR: '20',
      DEV_MAILBOX: 'true',
      LOG_FORMAT: 'json',
      LOG_LEVEL: 'warn',
    },
  },
});
