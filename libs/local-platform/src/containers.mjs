import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { portAnswers } from './infra.mjs';

const readJson = (file) => JSON.parse(readFileSync(new URL(`../../../deploy/${file}`, import.meta.url), 'utf8'));
/** An object without its `$comment`-like keys. */
const entries = (o) => Object.entries(o).filter(([key]) => !key.startsWith('$'));

/** The backing services' official images, named in one place (deploy/backing-images.json). */
export const backingImages = Object.fromEntries(entries(readJson('backing-images.json')));

/**
 * The local stand-ins for them (deploy/local-images.json `backing`, built by
 * `npm run images:backing` where no registry is reachable), keyed as backingImages.
 */
export const localBackingImages = Object.fromEntries(
  entries(readJson('local-images.json').backing).map(([key, { image }]) => [key, image]),
);

/**
 * The image each backing service runs in: with `mode` 'official' the official image, with
 * 'local' the local stand-in, and unset the official image unless it is absent here and the
 * local one present (a machine without a registry that has run `npm run images:backing`).
 * Throws for another mode.
 *
 * @param {string | undefined} mode  JALAJ_IMAGES
 * @param {(image: string) => boolean} isPresent  whether the Docker engine has the image
 * @returns {Record<string, string>}
 */
export function chooseBackingImages(mode, isPresent, official = backingImages, local = localBackingImages) {
  if (mode !== undefined && mode !== '' && mode !== 'official' && mode !== 'local') {
    throw new Error(`JALAJ_IMAGES=${mode}: use official (deploy/backing-images.json) or local (deploy/local-images.json, npm run images:backing), or leave it unset`);
  }
  return Object.fromEntries(
    Object.entries(official).map(([key, image]) => {
      if (mode === 'official' || !local[key]) return [key, image];
      if (mode === 'local') return [key, local[key]];
      return [key, !isPresent(image) && isPresent(local[key]) ? local[key] : image];
    }),
  );
}

/** Whether the Docker engine has the image (false too when there is no docker CLI). */
const imagePresent = (image) => spawnSync('docker', ['image', 'inspect', '--format', '{{.Id}}', image], { stdio: 'ignore' }).status === 0;

/**
 * The backing services in containers (testcontainers), for hosts with a Docker engine:
 * `TEST_INFRA=containers npm test`. PostgreSQL, NATS with JetStream, Redis and MinIO, from
 * the official images or their local stand-ins (chooseBackingImages, JALAJ_IMAGES).
 *
 * Testcontainers' Ryuk (which removes the containers of a run that died) is an image too:
 * when it is absent, the images chosen are all local and TESTCONTAINERS_RYUK_DISABLED is
 * unset, Ryuk is switched off rather than pulled from a registry that is not there; the
 * global teardown still stops the containers, a killed run leaves them behind
 * (docs/containers.md says how to remove them).
 */
export async function startContainers({ log = (msg) => console.warn(`test-infra: ${msg}`), lanes = 1 } = {}) {
  const images = chooseBackingImages(process.env.JALAJ_IMAGES, imagePresent);
  const missing = Object.entries(images).filter(([key, image]) => image === localBackingImages[key] && !imagePresent(image));
  if (missing.length) throw new Error(`no image ${missing.map(([, image]) => image).join(', ')} here: build the local backing images with npm run images:backing`);
  const { GenericContainer, Wait } = await import('testcontainers');
  const allLocal = Object.entries(images).every(([key, image]) => image === localBackingImages[key]);
  const ryuk = process.env.RYUK_CONTAINER_IMAGE ?? 'testcontainers/ryuk:0.14.0';
  if (allLocal && process.env.TESTCONTAINERS_RYUK_DISABLED === undefined && !imagePresent(ryuk)) {
    process.env.TESTCONTAINERS_RYUK_DISABLED = 'true';
    log(`no ${ryuk} here and the local backing images in use: Ryuk is off, a killed run leaves its containers behind`);
  }
  log(`backing images: ${[...new Set(Object.values(images))].join(', ')}`);
  const started = await Promise.allSettled([
    new GenericContainer(images.postgres)
      .withEnvironment({ POSTGRES_PASSWORD: 'postgres' })
      .withExposedPorts(5432)
      // Over TCP, as docker-compose.yml's health check: the official image's first-start
      // server listens on its socket only, and is stopped again after the init.
      .withWaitStrategy(Wait.forSuccessfulCommand('pg_isready -h 127.0.0.1 -U postgres -d postgres'))
      .start(),
    // A NATS and a Redis per lane (JALAJ_TEST_LANES below): the first lane's come first.
    ...Array.from({ length: lanes }, () => [
      // -m: the monitoring endpoint, for failed specs' diagnostics (NATS_MONITOR_URL).
      new GenericContainer(images.nats).withCommand(['-js', '-m', '8222']).withExposedPorts(4222, 8222).withWaitStrategy(Wait.forLogMessage(/Server is ready/)).start(),
      new GenericContainer(images.redis).withExposedPorts(6379).start(),
    ]).flat(),
    new GenericContainer(images.minio)
      .withCommand(['server', '/data'])
      .withEnvironment({ MINIO_ROOT_USER: 'jalaj', MINIO_ROOT_PASSWORD: 'jalaj-secret' })
      .withExposedPorts(9000)
      .withWaitStrategy(Wait.forHttp('/minio/health/live', 9000))
      .start(),
  ]);
  const failed = started.find((s) => s.status === 'rejected');
  if (failed) {
    // Without Ryuk nothing else would remove the ones that did start.
    await Promise.all(started.filter((s) => s.status === 'fulfilled').map((s) => s.value.stop().catch(() => {})));
    throw failed.reason;
  }
  const all = started.map((s) => s.value);
  const [pg, minio] = [all[0], all.at(-1)];
  const mode = process.env.JALAJ_TEST_CONTAINER_ADDRESS ?? 'direct';
  if (mode !== 'direct' && mode !== 'published') throw new Error(`JALAJ_TEST_CONTAINER_ADDRESS=${mode}: use direct or published`);
  const lanePorts = all.slice(1, -1).flatMap((c, i) => (i % 2 === 0 ? [[c, 4222], [c, 8222]] : [[c, 6379]]));
  const [pgAt, minioAt, ...laneAt] = await Promise.all([[pg, 5432], [minio, 9000], ...lanePorts].map(([c, port]) => addressOf(c, port, mode)));
  if (mode === 'direct') log(pgAt.direct ? 'reaching the containers at their own addresses' : 'reaching the containers through their published ports (their own addresses do not answer here)');
  const laneEnv = Array.from({ length: lanes }, (_, i) => {
    const [nats, natsMonitor, redis] = laneAt.slice(3 * i, 3 * i + 3);
    return { NATS_URL: `nats://${nats.at}`, NATS_MONITOR_URL: `http://${natsMonitor.at}`, REDIS_URL: `redis://${redis.at}` };
  });
  return {
    env: {
      POSTGRES_URL: `postgres://postgres:postgres@${pgAt.at}`,
      ...laneEnv[0],
      S3_ENDPOINT: `http://${minioAt.at}`,
      S3_ACCESS_KEY: 'jalaj',
      S3_SECRET_KEY: 'jalaj-secret',
    },
    lanes: laneEnv,
    stop: async () => {
      await Promise.all(all.map((c) => c.stop()));
    },
  };
}

/**
 * Where the specs and the shop's processes reach a container's port (`host:port`). With
 * `direct`, at the container's own address on its Docker network when this host can connect
 * to it (Linux; not Docker Desktop): a published port goes through docker-proxy, which
 * copies every byte of every connection in user space, and the integration specs send
 * all their SQL, NATS and Redis traffic that way. Otherwise, and with `published`, through
 * the port Docker publishes on the host (JALAJ_TEST_CONTAINER_ADDRESS).
 */
async function addressOf(container, port, mode) {
  const published = { at: `${container.getHost()}:${container.getMappedPort(port)}`, direct: false };
  if (mode !== 'direct') return published;
  const ip = container.getIpAddress(container.getNetworkNames()[0]);
  return ip && (await portAnswers(ip, port)) ? { at: `${ip}:${port}`, direct: true } : published;
}
