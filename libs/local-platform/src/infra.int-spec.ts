import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { mkdtempSync, rmSync } from 'node:fs';
import { freePort, startInfra } from './index.mjs';

/**
 * The local backing daemons (`npm start`, the browser suite's shops): one that finds its
 * port taken refuses to start, rather than leaving the shop on whatever answers there (a
 * killed run's Redis, with that run's rate-limit counters, once made sign-ins fail).
 */
describe('the local backing daemons', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'jalaj-infra-spec-'));
  // Everything but Redis is given, so only redis-server starts here.
  const given = { POSTGRES_URL: 'postgres://given', NATS_URL: 'nats://given', S3_ENDPOINT: 'http://given' };
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('refuses a port another process listens on, and says which', async () => {
    const squatter = net.createServer((socket) => socket.end('+PONG\r\n'));
    const port = await freePort();
    await new Promise<void>((resolve) => squatter.listen(port, '127.0.0.1', resolve));
    try {
      await expect(startInfra({ dataDir, ports: { postgres: 1, nats: 1, redis: port, s3: 1 }, ephemeral: true, env: given })).rejects.toThrow(
        `redis-server: port ${port} on 127.0.0.1 is taken by another process`,
      );
    } finally {
      await new Promise((resolve) => squatter.close(resolve));
    }
  });

  it('starts on a free port, and again on the same port after a stop', async () => {
    const port = await freePort();
    const infra = await startInfra({ dataDir, ports: { postgres: 1, nats: 1, redis: port, s3: 1 }, ephemeral: true, env: given });
    try {
      expect(infra.env.REDIS_URL).toBe(`redis://127.0.0.1:${port}`);
      await infra.servers!.redis!.stop();
      await infra.servers!.redis!.start();
      const pong = await new Promise<string>((resolve, reject) => {
        const socket = net.connect(port, '127.0.0.1', () => socket.write('PING\r\n'));
        socket.once('data', (d) => {
          socket.destroy();
          resolve(String(d).trim());
        });
        socket.once('error', reject);
      });
      expect(pong).toBe('+PONG');
    } finally {
      await infra.stop();
    }
  });
});
