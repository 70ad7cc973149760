/**
 * Runs the whole shop as separate processes — every service, then the BFF — on top of
 * the backing services from `infra.mjs`. Used by `npm start` and by the browser tests.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** Each server app, its default HTTP port (health and metrics; the shop for the BFF). */
export const APPS = [
  { name: 'identity', port: 8081 },
  { name: 'catalog', port: 8082 },
  { name: 'cart', port: 8083 },
  { name: 'order', port: 8084 },
  { name: 'media', port: 8085 },
  { name: 'bff', port: 8080 },
];

export async function waitReady(url, timeoutMs, isAlive = () => true) {
  const until = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < until) {
    if (!isAlive()) throw new Error(`${url}: the process exited`);
    try {
      const r = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (r.ok) return;
      last = `${r.status} ${await r.text()}`;
    } catch (e) {
      last = e.message;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} not ready after ${timeoutMs} ms: ${last}`);
}

function stopChild(c) {
  return new Promise((resolve) => {
    if (c.exitCode !== null || c.signalCode !== null) return resolve();
    c.once('exit', () => resolve());
    c.kill('SIGTERM');
    setTimeout(() => c.kill('SIGKILL'), 8000).unref();
  });
}

/**
 * Starts one built app (`apps/<name>/dist/main.js`) as its own process and waits until it
 * answers /health/ready. Returns the child and `stop()` (SIGTERM, then SIGKILL after 8 s).
 */
export async function startApp(name, { env, port, onLine = () => {}, readyTimeoutMs = 60000 }) {
  const child = spawn(process.execPath, ['--enable-source-maps', path.join(root, 'apps', name, 'dist/main.js')], {
    cwd: root,
    // Services answer only on the loopback here (their internal HTTP is not for the
    // network); the BFF listens on every interface so a phone on the LAN can open the shop.
    env: { HOST: name === 'bff' ? '0.0.0.0' : '127.0.0.1', ...process.env, ...env, PORT: String(port), SERVICE_NAME: name },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const recent = [];
  for (const stream of [child.stdout, child.stderr]) {
    let buf = '';
    stream.on('data', (d) => {
      buf += d;
      let i;
      while ((i = buf.indexOf('\n')) >= 0) {
        const line = buf.slice(0, i);
        recent.push(line);
        if (recent.length > 15) recent.shift();
        onLine(name, line);
        buf = buf.slice(i + 1);
      }
    });
  }
  const handle = { child, stop: () => stopChild(child) };
  try {
    await waitReady(`http://127.0.0.1:${port}/health/ready`, readyTimeoutMs, () => child.exitCode === null);
  } catch (e) {
    await handle.stop();
    throw new Error(`${name} did not become ready: ${e.message}\n${recent.join('\n')}`, { cause: e });
  }
  return handle;
}

/**
 * Starts every app — the services first, then the BFF — with `env`, each on its port from
 * `ports`, and waits until all are ready. Returns `stop()`, which stops them in reverse.
 */
export async function startApps({ env, ports, onLine, readyTimeoutMs = 60000 }) {
  const handles = [];
  const stop = async () => {
    await Promise.all(handles.reverse().map((h) => h.stop()));
  };
  try {
    const services = APPS.filter((a) => a.name !== 'bff');
    for (const group of [services, APPS.filter((a) => a.name === 'bff')]) {
      await Promise.all(
        group.map(async (app) => {
          handles.push(await startApp(app.name, { env, port: ports[app.name], onLine, readyTimeoutMs }));
        }),
      );
    }
  } catch (e) {
    await stop();
    throw e;
  }
  return { stop };
}
