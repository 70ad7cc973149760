import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import path from 'node:path';
import { APPS, freePort, root } from '@jalaj/local-platform';
import { processesWithEnv } from '@jalaj/testing';

/** Whether something listens on the loopback port. */
const listening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });

/** A port offset under which every app's port and ops port is free. */
async function freeOffset(): Promise<number> {
  for (;;) {
    const offset = 30_000 + Math.floor(Math.random() * 20_000);
    const taken = await Promise.all(APPS.flatMap((a) => [a.port + offset, a.opsPort + offset]).map(listening));
    if (!taken.some(Boolean)) return offset;
  }
}

/**
 * Ctrl-C while `npm start` is still starting stops whatever it has started (issue #39): a
 * run stopped after its backing services were up and its apps were starting left the
 * PhonePe sandbox or the BFF holding their ports, so the next `npm start` failed with
 * EADDRINUSE. The real scripts/start.mjs, its own PostgreSQL, NATS, Redis and S3.
 */
describe('npm start stopped while it starts (the real start script)', () => {
  const dirs: string[] = [];
  let shop: ChildProcess | undefined;

  afterEach(() => {
    shop?.kill('SIGKILL');
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  /** Starts the script on free ports; resolves once a line of its output matches `moment`. */
  async function startUntil(moment: RegExp) {
    // Under the work tree as `npm start`'s own (PostgreSQL's user must reach it).
    const dataDir = path.join(root, '.data', `start-stop-${process.pid}-${dirs.length}-${Date.now()}`);
    mkdirSync(dataDir, { recursive: true });
    dirs.push(dataDir);
    const offset = await freeOffset();
    const ports = { shop: await freePort(), postgres: await freePort(), nats: await freePort(), redis: await freePort(), s3: await freePort() };
    // Its own backing services: none of the lane's.
    const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^(POSTGRES_URL|NATS_URL|REDIS_URL|S3_|DATABASE_URL|JALAJ_SUPERVISED)/.test(k)));
    const child = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
      cwd: root,
      env: {
        ...env,
        PORT: String(ports.shop),
        JALAJ_PORT_OFFSET: String(offset),
        JALAJ_POSTGRES_PORT: String(ports.postgres),
        JALAJ_NATS_PORT: String(ports.nats),
        JALAJ_REDIS_PORT: String(ports.redis),
        JALAJ_S3_PORT: String(ports.s3),
        JALAJ_DATA_DIR: dataDir,
        JALAJ_SKIP_BUILD: 'true',
        LOG_FORMAT: 'json',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    shop = child;
    const output: string[] = [];
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    await new Promise<void>((resolve, reject) => {
      for (const stream of [child.stdout!, child.stderr!]) {
        stream.setEncoding('utf8');
        stream.on('data', (d: string) => {
          output.push(d);
          if (moment.test(output.join(''))) resolve();
        });
      }
      void exited.then((code) => reject(new Error(`npm start exited (${code}) before ${moment}:\n${output.join('')}`)));
    });
    const appPorts = [ports.shop, ...APPS.filter((a) => a.name !== 'bff').map((a) => a.port + offset), ...APPS.map((a) => a.opsPort + offset)];
    return { child, dataDir, exited, output, ports: [...appPorts, ports.postgres, ports.nats, ports.redis, ports.s3] };
  }

  it.each([
    ['its apps are starting', /"service":"/],
    ['its backing services are starting', /\[jalaj\] /],
  ])('stops everything it started when Ctrl-C comes while %s', async (_when, moment) => {
    const run = await startUntil(moment);
    run.child.kill('SIGINT');
    expect(await run.exited).toBe(0);
    // No process of the run is left (an app whose start was under way included), nor a port taken.
    const left = processesWithEnv('JALAJ_DATA_DIR', run.dataDir);
    for (const pid of left) process.kill(pid, 'SIGKILL');
    const stillListening = (await Promise.all(run.ports.map(async (port) => ((await listening(port)) ? port : null)))).filter((p) => p !== null);
    expect({ left, stillListening }).toEqual({ left: [], stillListening: [] });
  }, 180_000);
});
