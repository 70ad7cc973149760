/**
 * The Docker CLI as the image scripts use it: commands that fail with their stderr in the
 * message, long builds logged to a file (the last lines shown when they fail), the recipe
 * label that lets a script skip an image it has already built the same way, and the choice
 * of a CLI that builds with BuildKit (deploy/Dockerfile needs `RUN --mount`).
 */
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createWriteStream, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** Where the scripts keep logs and downloads (.data/ is ignored by git). */
export const WORK_DIR = path.join(ROOT, '.data', 'images');

/** The label holding the hash of the recipe an image was built from. */
export const RECIPE_LABEL = 'org.jalaj.recipe';

/** deploy/local-images.json: the one place naming the local base images and their pins. */
export function localImages() {
  return JSON.parse(readFileSync(path.join(ROOT, 'deploy', 'local-images.json'), 'utf8'));
}

/** sha256 (hex) of the parts, each a string or JSON-serialisable value. */
export function recipeHash(...parts) {
  const h = createHash('sha256');
  for (const p of parts) h.update(typeof p === 'string' ? p : JSON.stringify(p)).update('\0');
  return h.digest('hex');
}

/** Runs `docker …` to completion; returns stdout, throws with stderr when it fails. */
export function docker(args, { input, cli = 'docker', env } = {}) {
  const r = spawnSync(cli, args, { encoding: 'utf8', input, env: env ? { ...process.env, ...env } : process.env, maxBuffer: 64 * 1024 * 1024 });
  if (r.error) throw new Error(`${cli} ${args[0]}: ${r.error.message}`, { cause: r.error });
  if (r.status !== 0) throw new Error(`${cli} ${args.join(' ')} failed (exit ${r.status}): ${(r.stderr || r.stdout).trim()}`);
  return r.stdout;
}

/** True when a Docker engine answers. */
export function engineAnswers() {
  return spawnSync('docker', ['info'], { stdio: 'ignore' }).status === 0;
}

/** Makes sure an engine answers, running engine.sh (install / start dockerd) when none does. */
export function ensureEngine(log) {
  if (engineAnswers()) return;
  log('no Docker engine answers: running scripts/containers/engine.sh');
  const r = spawnSync('bash', [path.join(ROOT, 'scripts', 'containers', 'engine.sh')], { stdio: 'inherit' });
  if (r.status !== 0 || !engineAnswers()) throw new Error('no Docker engine: scripts/containers/engine.sh could not start one (see above)');
}

/** `docker image inspect` of one image, or null when there is none of that name. */
export function inspectImage(ref) {
  const r = spawnSync('docker', ['image', 'inspect', ref], { encoding: 'utf8' });
  if (r.status !== 0) return null;
  return JSON.parse(r.stdout)[0];
}

/** The recipe hash an image carries, or null (no image, or not built by these scripts). */
export function recipeOf(ref) {
  return inspectImage(ref)?.Config?.Labels?.[RECIPE_LABEL] ?? null;
}

let builder;
/**
 * The CLI that builds with BuildKit. A CLI with the buildx plugin does; so does a CLI older
 * than 23 (Debian's docker.io 20.10 at /usr/bin/docker) with DOCKER_BUILDKIT=1, as it has a
 * BuildKit client built in. A newer CLI without buildx falls back to the legacy builder,
 * which refuses `RUN --mount`, so it is passed over.
 */
export function buildkitCli() {
  if (builder) return builder;
  const candidates = [...new Set(['docker', '/usr/bin/docker', '/usr/local/bin/docker'])];
  for (const cli of candidates) {
    const version = spawnSync(cli, ['version', '--format', '{{.Client.Version}}'], { encoding: 'utf8' });
    if (version.error || version.status !== 0) continue;
    const hasBuildx = spawnSync(cli, ['buildx', 'version'], { stdio: 'ignore' }).status === 0;
    const major = Number(/^(\d+)\./.exec(version.stdout.trim())?.[1]);
    if (hasBuildx || major < 23) {
      builder = { cli, env: { DOCKER_BUILDKIT: '1' }, description: `${cli} ${version.stdout.trim()}${hasBuildx ? ' with buildx' : ', builtin BuildKit client'}` };
      return builder;
    }
  }
  throw new Error(
    'No Docker CLI here builds with BuildKit, which deploy/Dockerfile needs (RUN --mount=type=cache): install the buildx plugin (docker-buildx-plugin, or docker-buildx on Debian 13) or Debian\'s docker.io, whose /usr/bin/docker has BuildKit built in',
  );
}

/**
 * Runs a long command with its output appended to `logFile`; resolves when it exits 0 and
 * rejects with the last lines of its output otherwise.
 */
export function runLogged(cmd, args, { logFile, env, cwd = ROOT } = {}) {
  mkdirSync(path.dirname(logFile), { recursive: true });
  const out = createWriteStream(logFile, { flags: 'a' });
  out.write(`\n$ ${cmd} ${args.join(' ')}\n`);
  let tail = '';
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd, env: env ? { ...process.env, ...env } : process.env, stdio: ['ignore', 'pipe', 'pipe'] });
    // A stopped script stops its build too (docker build cancels when its client goes).
    const forward = (signal) => child.kill(signal);
    process.on('SIGINT', forward);
    process.on('SIGTERM', forward);
    child.on('close', () => {
      process.off('SIGINT', forward);
      process.off('SIGTERM', forward);
    });
    const keep = (d) => {
      out.write(d);
      tail = (tail + d).slice(-6000);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.on('error', (e) => {
      out.end();
      reject(new Error(`${cmd}: ${e.message}`, { cause: e }));
    });
    child.on('close', (code, signal) => {
      out.end();
      if (code === 0) return resolve();
      const last = tail.trimEnd().split('\n').slice(-40).join('\n');
      reject(new Error(`${cmd} ${args.slice(0, 2).join(' ')}… failed (${signal ?? `exit ${code}`}); last lines (whole log: ${path.relative(ROOT, logFile)}):\n${last}`));
    });
  });
}

/** Seconds since `start` (a performance.now() value), one decimal. */
export const secondsSince = (start) => Math.round((performance.now() - start) / 100) / 10;

/** Size of an image in MB, as `docker images` shows it. */
export const imageSizeMb = (ref) => Math.round(Number(docker(['image', 'inspect', '--format', '{{.Size}}', ref]).trim()) / 1e6);

/**
 * Removes the image a rebuild replaced (now untagged), so rebuilds leave no dangling
 * copies behind; one still used by a container or by another tag stays.
 */
export function dropReplaced(oldId, ref, log) {
  const now = inspectImage(ref)?.Id;
  if (!oldId || oldId === now) return;
  const r = spawnSync('docker', ['image', 'rm', oldId], { encoding: 'utf8' });
  if (r.status === 0) log(`removed the image ${ref} replaced (${oldId.slice(7, 19)})`);
}

/**
 * Builds `image` from a Dockerfile in a fresh build context unless an image of that name
 * already carries `recipe` (or `force`). `fill(dir)` writes the context, its Dockerfile
 * included; the build is logged to .data/images/logs/<name>.log. Resolves to
 * `{ image, recipe, built, seconds }`.
 *
 * @param {{ image: string, recipe: string, name: string, fill: (dir: string) => unknown,
 *   buildArgs?: Record<string, string>, force?: boolean, log: (msg: string) => void }} o
 */
export async function ensureBuilt({ image, recipe, name, fill, buildArgs = {}, force = false, log }) {
  if (!force && recipeOf(image) === recipe) {
    log(`${image} is up to date (recipe ${recipe.slice(0, 12)})`);
    return { image, recipe, built: false };
  }
  const replaced = inspectImage(image)?.Id;
  const start = performance.now();
  mkdirSync(WORK_DIR, { recursive: true });
  const context = mkdtempSync(path.join(WORK_DIR, `${name}-context-`));
  const logFile = path.join(WORK_DIR, 'logs', `${name}.log`);
  try {
    await fill(context);
    const { cli, env, description } = buildkitCli();
    log(`building ${image} with ${description} (log: ${path.relative(ROOT, logFile)})…`);
    const args = Object.entries(buildArgs).flatMap(([k, v]) => ['--build-arg', `${k}=${v}`]);
    await runLogged(cli, ['build', '--progress=plain', ...args, '--label', `${RECIPE_LABEL}=${recipe}`, '-t', image, context], { logFile, env });
  } finally {
    rmSync(context, { recursive: true, force: true });
  }
  const seconds = secondsSince(start);
  dropReplaced(replaced, image, log);
  log(`built ${image} in ${seconds} s`);
  return { image, recipe, built: true, seconds };
}

/** Rows as an aligned text table, the first column left-aligned, the others right-aligned. */
export function table(rows, header) {
  const all = [header, ...rows].map((r) => r.map(String));
  const widths = header.map((_, i) => Math.max(...all.map((r) => r[i].length)));
  return all.map((r) => r.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ')).join('\n');
}
