import { startContainers } from './containers.mjs';
import { freePort, startInfra } from './infra.mjs';

/**
 * Backing services for integration and browser specs: local processes on free ports in a
 * throw-away data folder by default, containers with `TEST_INFRA=containers`. Anything
 * the environment already points at (POSTGRES_URL, NATS_URL, …) is used as it is.
 */
export async function startTestInfra(dataDir) {
  if (process.env.TEST_INFRA === 'containers') return startContainers();
  const ports = { postgres: await freePort(), nats: await freePort(), redis: await freePort(), s3: await freePort() };
  return startInfra({ dataDir, ports, ephemeral: true });
}
