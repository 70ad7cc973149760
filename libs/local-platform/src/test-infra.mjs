import path from 'node:path';
import { startContainers } from './containers.mjs';
import { freePort, startInfra } from './infra.mjs';

/**
 * Backing services for integration and browser specs: local processes on free ports in a
 * throw-away data folder by default, containers with `TEST_INFRA=containers`. Anything
 * the environment already points at (POSTGRES_URL, NATS_URL, …) is used as it is.
 *
 * `lanes`: spec files running side by side share PostgreSQL (each makes databases of its
 * own) and S3, but each lane has a NATS and a Redis of its own: services of one spec file
 * answer their subjects in queue groups, keep events in the stream and counters in Redis
 * that another file's would otherwise share. `lanes` in the result holds each lane's
 * NATS_URL and REDIS_URL (the first lane's are in `env`).
 */
export async function startTestInfra(dataDir, { lanes = 1 } = {}) {
  if (process.env.TEST_INFRA === 'containers') return startContainers({ lanes });
  const ports = { postgres: await freePort(), nats: await freePort(), redis: await freePort(), s3: await freePort() };
  const first = await startInfra({ dataDir, ports, ephemeral: true });
  const more = [];
  try {
    for (let lane = 2; lane <= lanes; lane++) {
      // The first lane's PostgreSQL and S3 are given, so only a NATS and a Redis start.
      const env = { POSTGRES_URL: first.env.POSTGRES_URL, S3_ENDPOINT: first.env.S3_ENDPOINT };
      more.push(await startInfra({ dataDir: path.join(dataDir, `lane-${lane}`), ports: { ...ports, nats: await freePort(), redis: await freePort() }, ephemeral: true, env }));
    }
  } catch (e) {
    for (const infra of [first, ...more]) await infra.stop();
    throw e;
  }
  const pick = ({ env }) => ({ NATS_URL: env.NATS_URL, REDIS_URL: env.REDIS_URL });
  return {
    ...first,
    lanes: [first, ...more].map(pick),
    stop: async () => {
      for (const infra of [...more, first]) await infra.stop();
    },
  };
}
