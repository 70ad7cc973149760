import { defineConfig, devices } from '@playwright/test';
import { chromiumLaunch } from './chromium.js';

/**
 * The browser journeys of the compose proof (`npm run compose:proof`, docs/containers.md):
 * `*.compose.ts` in Debian's Chromium against a shop that docker compose runs. No web
 * server of its own: the proof starts the stack and passes its addresses in
 * E2E_BASE_URL (the BFF) and E2E_SANDBOX_URL (the PhonePe sandbox's published page).
 */
const baseURL = process.env.E2E_BASE_URL;
if (!baseURL || !process.env.E2E_SANDBOX_URL) throw new Error('E2E_BASE_URL and E2E_SANDBOX_URL name the shop under docker compose (run it with npm run compose:proof)');

export default defineConfig({
  testDir: './src/compose',
  testMatch: /.*\.compose\.ts$/,
  outputDir: '../../.data/compose-output',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 120_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: chromiumLaunch,
  },
  projects: [
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 } },
      // What the shared helpers read of the shop under test (src/support/stack.ts).
      metadata: { sandboxUrl: process.env.E2E_SANDBOX_URL },
    },
  ],
});
