import { rmSync } from 'node:fs';
import path from 'node:path';
import { startTestInfra } from '@jalaj/local-platform';

/**
 * Jest global setup of the integration project: real PostgreSQL, NATS (JetStream), Redis
 * and an S3 store, started the way `npm start` starts them (or in containers with
 * TEST_INFRA=containers). The URLs go into process.env, which the test workers inherit.
 */
export default async function globalSetup() {
  const dataDir = path.resolve('.data', `test-int-${process.pid}`);
  rmSync(dataDir, { recursive: true, force: true });
  // INT_LANES: how many spec files run side by side (npm test sets it with Jest's workers).
  const infra = await startTestInfra(dataDir, { lanes: Number(process.env.INT_LANES ?? 1) });
  Object.assign(process.env, infra.env);
  // Each worker takes its lane's NATS and Redis (libs/testing/src/lane.mjs).
  process.env.JALAJ_TEST_LANES = JSON.stringify(infra.lanes);
  // The specs follow mailed links through the BFF's development mailbox (opt-in).
  process.env.DEV_MAILBOX ??= 'true';
  // Spec clients send their own X-Forwarded-For address (libs/testing http-client).
  process.env.TRUST_PROXY ??= 'true';
  globalThis.__jalajInfra = { ...infra, dataDir };
}
