#!/usr/bin/env node
/**
 * `npm run images:smoke [-- <app>]`: the smoke check of one built image (default
 * jalaj/catalog:$JALAJ_TAG, tag `dev`), also run by `npm run images -- --smoke`. The
 * container runs as on Kubernetes (read-only root, /tmp a tmpfs, no capabilities, no new
 * privileges) on the host network against this machine's PostgreSQL (a fresh database)
 * and NATS (lib/app-containers.mjs names the variables that choose others). It passes when
 * `/health/ready` on the ops port answers 200, Docker's health status is healthy, node is
 * PID 1 and `docker stop` (SIGTERM) ends it before the grace period. The container, the
 * database and what the app made in JetStream are removed afterwards, pass or fail, and on
 * Ctrl-C.
 */
import { pathToFileURL } from 'node:url';
import { checkAppContainer, openServices } from './lib/app-containers.mjs';
import { ensureEngine } from './lib/docker.mjs';

/** Runs the smoke check of `image` (the app `app`); returns what it measured, throws when it fails. */
export async function smoke(image, app, { log = () => {} } = {}) {
  const services = await openServices({ log });
  const interrupted = () => {
    log('interrupted: cleaning up');
    void services.cleanup().finally(() => process.exit(130));
  };
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);
  try {
    return await checkAppContainer(image, app, services, { until: 'ready', healthy: true, log });
  } finally {
    process.off('SIGINT', interrupted);
    process.off('SIGTERM', interrupted);
    await services.cleanup();
  }
}

/** One line of what a check measured. */
export const describeCheck = (r) =>
  `${r.image}: /health/${r.until} answered 200 after ${r.answeredSeconds} s${r.health === 'healthy' ? `, Docker's health status healthy after ${r.readySeconds} s` : ''}; ` +
  `read-only root ${r.rootfsReadOnly}, PID 1 \`${r.pid1}\`, stopped by SIGTERM in ${r.stopSeconds} s (exit ${r.exitCode})`;

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const log = (msg) => console.log(`images:smoke: ${msg}`);
  const app = process.argv[2] ?? 'catalog';
  const image = `jalaj/${app}:${process.env.JALAJ_TAG || 'dev'}`;
  try {
    ensureEngine(log);
    const r = await smoke(image, app, { log });
    log(`passed: ${describeCheck(r)}`);
  } catch (e) {
    console.error(`images:smoke: FAILED: ${e.message}`);
    process.exit(1);
  }
}
