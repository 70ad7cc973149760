/**
 * The bench's own shop: `npm start`'s script on the bench's ports with fresh data, timed
 * from spawn to "every service is ready", and the resident memory of its process tree.
 */
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, mkdirSync, openSync, readFileSync, readSync, readdirSync } from 'node:fs';
import path from 'node:path';

/** The bench shop's ports (PORT, JALAJ_PORT_OFFSET, JALAJ_*_PORT): start one by hand on these to measure it with the scripts here. */
export const PORTS = { shop: 8580, offset: 600, postgres: 5944, nats: 4644, redis: 6799, s3: 4969 };

/** The bench stack's NATS, and a service's database on its PostgreSQL. */
export const BENCH_NATS_URL = `nats://127.0.0.1:${PORTS.nats}`;
export const benchDatabaseUrl = (service) => `postgres://postgres:postgres@127.0.0.1:${PORTS.postgres}/jalaj_${service}`;

/**
 * Builds (timed; not with `build: false`, for a tree built already), then starts the shop
 * of the work tree at `root` (timed, without the build) and waits until it is ready.
 * `stop()` ends the whole process group.
 */
export async function startStack(root, { log, build = true }) {
  const buildStarted = performance.now();
  if (build && spawnSync(process.execPath, [path.join(root, 'scripts/build.mjs')], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] }).status !== 0) {
    throw new Error('the build failed');
  }
  const buildSeconds = (performance.now() - buildStarted) / 1000;
  log(build ? `built in ${buildSeconds.toFixed(1)} s; starting the shop…` : `starting the shop of ${root}…`);
  const started = performance.now();
  // The shop's output goes to a file, not through this process: reading every log line here
  // would take CPU from the load generator beside it.
  const logFile = path.join(root, '.data/bench-shop.log');
  mkdirSync(path.dirname(logFile), { recursive: true });
  const out = openSync(logFile, 'w');
  const child = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
    cwd: root,
    detached: true,
    stdio: ['ignore', out, 'inherit'],
    env: {
      ...process.env,
      PORT: String(PORTS.shop),
      JALAJ_DATA_DIR: '.data/bench',
      JALAJ_FRESH: 'true',
      JALAJ_SKIP_BUILD: 'true',
      JALAJ_PORT_OFFSET: String(PORTS.offset),
      JALAJ_POSTGRES_PORT: String(PORTS.postgres),
      JALAJ_NATS_PORT: String(PORTS.nats),
      JALAJ_REDIS_PORT: String(PORTS.redis),
      JALAJ_S3_PORT: String(PORTS.s3),
      LOG_FORMAT: 'json',
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
      // The bench signs many shoppers up and in from one address.
      RATE_LIMIT_FACTOR: '1000',
    },
  });
  closeSync(out);
  await new Promise((resolve, reject) => {
    const reader = openSync(logFile, 'r');
    const chunk = Buffer.alloc(65536);
    let position = 0;
    let tail = '';
    const timer = setInterval(() => {
      for (let n; (n = readSync(reader, chunk, 0, chunk.length, position)) > 0; position += n) {
        const text = tail + chunk.toString('utf8', 0, n);
        if (text.includes('every service is ready')) return done(resolve);
        tail = text.slice(-64);
      }
    }, 100);
    let settled = false;
    const done = (settle, value) => {
      if (settled) return;
      settled = true;
      clearInterval(timer);
      closeSync(reader);
      child.off('exit', exited);
      settle(value);
    };
    const exited = (code) => done(reject, new Error(`the shop did not start (exit ${code}); see ${path.relative(root, logFile)}`));
    child.once('exit', exited);
  });
  const startSeconds = (performance.now() - started) / 1000;
  log(`the shop's output: ${path.relative(root, logFile)}`);
  return {
    url: `http://127.0.0.1:${PORTS.shop}`,
    opsUrl: `http://127.0.0.1:${9080 + PORTS.offset}`,
    natsUrl: BENCH_NATS_URL,
    databaseUrl: benchDatabaseUrl,
    buildSeconds,
    startSeconds,
    rssBytes: () => treeRss(child.pid),
    cpuSeconds: () => treeCpuSeconds(child.pid),
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', resolve);
        process.kill(-child.pid, 'SIGTERM');
      }),
  };
}

/** A process and all its descendants (Linux /proc): their pids, the root first. */
function processTree(rootPid) {
  const children = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (!children.has(ppid)) children.set(ppid, []);
      children.get(ppid).push(Number(entry));
    } catch {
      // the process ended while we looked
    }
  }
  const pids = [];
  const stack = [rootPid];
  while (stack.length) {
    const pid = stack.pop();
    pids.push(pid);
    stack.push(...(children.get(pid) ?? []));
  }
  return pids;
}

/** Sums `read(pid)` over a process tree, skipping processes that ended meanwhile. */
function sumOverTree(rootPid, read) {
  let total = 0;
  for (const pid of processTree(rootPid)) {
    try {
      total += read(pid);
    } catch {
      // the process ended while we looked
    }
  }
  return total;
}

/**
 * The hypervisor the kernel found at boot (`Hypervisor detected: …` in its log); null when it
 * names none or the log cannot be read. Figures depend on it: under PVM (software virtualisation, shadow page
 * tables) a page fault or a system call costs several times what it costs under KVM, and a
 * fresh Chromium renderer spends about a third of its time in the kernel (docs/performance.md,
 * "Machines").
 */
export function hypervisor() {
  const log = spawnSync('dmesg', [], { encoding: 'utf8' });
  return (log.status === 0 && log.stdout.match(/Hypervisor detected: (\S+)/)?.[1]) || null;
}

/**
 * The resident memory (bytes) of a process and all its descendants (Linux /proc), as the
 * proportional set size: pages shared between processes (PostgreSQL's shared buffers, say,
 * mapped by every backend) count once, split among them, not once per process.
 */
export function treeRss(rootPid) {
  return sumOverTree(rootPid, (pid) => Number(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8').match(/^Pss:\s+(\d+) kB/m)?.[1] ?? 0) * 1024);
}

/**
 * CPU time (user and system) a process has used so far, in clock ticks (1/100 s), from /proc;
 * with `reaped`, also that of its children that ended and were waited for (a PostgreSQL
 * backend whose connection closed, say: its time would otherwise vanish from a sum).
 */
export function cpuTicks(pid, { reaped = false } = {}) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return Number(fields[11]) + Number(fields[12]) + (reaped ? Number(fields[13]) + Number(fields[14]) : 0);
}

/** CPU seconds (user and system) a process and all its descendants have used so far. */
export function treeCpuSeconds(rootPid) {
  return sumOverTree(rootPid, cpuTicks) / 100;
}

/**
 * CPU ticks of a running shop's processes, summed by app (PostgreSQL, NATS and Redis
 * included; `start.mjs` is the script that started the shop and relays its log lines), with
 * their ended children's: a pool's connection closed between two readings keeps counting.
 * Every such process on the machine counts: measure with nothing else running. Linux only.
 */
export function shopTicks() {
  const byName = new Map();
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
      const name =
        cmd.match(/apps\/([\w-]+)\/dist\/main\.(?:bundle\.m)?js/)?.[1] ??
        (/^postgres/.test(cmd) || /\/postgres -D/.test(cmd) ? 'postgres' : /nats-server/.test(cmd) ? 'nats' : /redis-server/.test(cmd) ? 'redis' : /scripts\/start\.mjs/.test(cmd) ? 'start.mjs' : null);
      if (!name) continue;
      byName.set(name, (byName.get(name) ?? 0) + cpuTicks(pid, { reaped: true }));
    } catch {
      // The process ended meanwhile.
    }
  }
  return byName;
}
