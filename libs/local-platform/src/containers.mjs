import { readFileSync } from 'node:fs';

/** The backing services' images, named in one place (deploy/backing-images.json). */
export const backingImages = JSON.parse(readFileSync(new URL('../../../deploy/backing-images.json', import.meta.url), 'utf8'));

/**
 * The backing services in containers (testcontainers), for hosts with a Docker engine:
 * `TEST_INFRA=containers npm test`. PostgreSQL, NATS with JetStream, Redis and MinIO.
 */
export async function startContainers() {
  const { GenericContainer, Wait } = await import('testcontainers');
  const [pg, nats, redis, minio] = await Promise.all([
    new GenericContainer(backingImages.postgres)
      .withEnvironment({ POSTGRES_PASSWORD: 'postgres' })
      .withExposedPorts(5432)
      .withWaitStrategy(Wait.forLogMessage(/database system is ready to accept connections/, 2))
      .start(),
    new GenericContainer(backingImages.nats).withCommand(['-js']).withExposedPorts(4222).withWaitStrategy(Wait.forLogMessage(/Server is ready/)).start(),
    new GenericContainer(backingImages.redis).withExposedPorts(6379).start(),
    new GenericContainer(backingImages.minio)
      .withCommand(['server', '/data'])
      .withEnvironment({ MINIO_ROOT_USER: 'jalaj', MINIO_ROOT_PASSWORD: 'jalaj-secret' })
      .withExposedPorts(9000)
      .withWaitStrategy(Wait.forHttp('/minio/health/live', 9000))
      .start(),
  ]);
  return {
    env: {
      POSTGRES_URL: `postgres://postgres:postgres@${pg.getHost()}:${pg.getMappedPort(5432)}`,
      NATS_URL: `nats://${nats.getHost()}:${nats.getMappedPort(4222)}`,
      REDIS_URL: `redis://${redis.getHost()}:${redis.getMappedPort(6379)}`,
      S3_ENDPOINT: `http://${minio.getHost()}:${minio.getMappedPort(9000)}`,
      S3_ACCESS_KEY: 'jalaj',
      S3_SECRET_KEY: 'jalaj-secret',
    },
    stop: async () => {
      await Promise.all([pg.stop(), nats.stop(), redis.stop(), minio.stop()]);
    },
  };
}
