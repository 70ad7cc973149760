#!/usr/bin/env node
/**
 * Builds the workspace: every server app and shared lib is compiled file by file with
 * SWC into its own `dist/` (type checking is `npm run typecheck`), the server apps are then
 * bundled with Rolldown, in one build, each into `dist/main.bundle.mjs`, the file it runs
 * from (ADR 048), with what they share in chunks under `dist/server-chunks/` (ADR 094); the two React
 * apps are bundled by Vite, and each of their text assets gets brotli (`.br`) and gzip
 * (`.gz`) copies beside it, which the BFF sends as they are. The storefront also gets a
 * server bundle (`dist-ssr/`), with which the BFF renders its landing and product pages. The
 * Vite builds run beside the Rolldown bundles. `--server-only` skips the Vite bundles.
 */
import { transformFile } from '@swc/core';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { bundleApps, SERVER_CHUNKS } from './lib/bundle-app.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const WEB_APPS = ['storefront', 'admin'];
const swcrc = JSON.parse(readFileSync(path.join(root, '.swcrc'), 'utf8'));
delete swcrc.$schema;

function* sources(dir) {
  for (const entry of readdirSync(dir)) {
    const p = path.join(dir, entry);
    if (statSync(p).isDirectory()) yield* sources(p);
    else if (/\.tsx?$/.test(entry) && !/\.(spec|int-spec|e2e)\.tsx?$/.test(entry) && !entry.endsWith('.d.ts')) yield p;
  }
}

async function compileProject(projectDir) {
  const src = path.join(projectDir, 'src');
  const out = path.join(projectDir, 'dist');
  rmSync(out, { recursive: true, force: true });
  const jobs = [];
  for (const file of sources(src)) {
    const rel = path.relative(src, file).replace(/\.tsx?$/, '.js');
    const target = path.join(out, rel);
    jobs.push(
      transformFile(file, { ...swcrc, swcrc: false, filename: file, sourceMaps: true, sourceFileName: path.relative(path.dirname(target), file) }).then((r) => {
        mkdirSync(path.dirname(target), { recursive: true });
        writeFileSync(target, `${r.code}\n//# sourceMappingURL=${path.basename(target)}.map\n`);
        if (r.map) writeFileSync(`${target}.map`, r.map);
      }),
    );
  }
  await Promise.all(jobs);
  return jobs.length;
}

/** Text assets worth compressing; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|map|txt|xml|webmanifest)$/;
/** Below this size the compressed file saves less than the headers it costs. */
const MIN_BYTES = 1024;

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** The compressible assets of a web app's dist, largest first. */
function compressible(dir) {
  const found = [];
  for (const entry of readdirSync(dir)) {
    const p = path.join(dir, entry);
    const stat = statSync(p);
    if (stat.isDirectory()) found.push(...compressible(p));
    else if (COMPRESSIBLE.test(entry) && stat.size >= MIN_BYTES) found.push({ path: p, size: stat.size });
  }
  return found.sort((a, b) => b.size - a.size);
}

/**
 * Writes `<file>.br` and `<file>.gz` beside every compressible asset of a web app's dist,
 * at once on libuv's threads, the largest first: the admin's antd chunk alone takes about
 * 1.8 s at brotli's best quality, its seven largest assets 3.9 s one after another.
 */
async function precompress(dir) {
  const files = compressible(dir);
  await Promise.all(
    files.map(async ({ path: p, size }) => {
      const data = readFileSync(p);
      const [br, gz] = await Promise.all([brotli(data, { params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY, [zlib.BROTLI_PARAM_SIZE_HINT]: size } }), gzipped(data, { level: 9 })]);
      writeFileSync(`${p}.br`, br);
      writeFileSync(`${p}.gz`, gz);
    }),
  );
  return files.length;
}

const serverOnly = process.argv.includes('--server-only');

/** Runs Vite in `app` with `args`; rejects when it fails (its output goes to this process's). */
function vite(app, args) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', ...args, '--logLevel', 'warn'], { cwd: path.join(root, 'apps', app), stdio: 'inherit' });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`vite build ${args.join(' ')} of ${app} exited with ${code}`))));
  });
}

/** A web app's bundles: the browser's, the storefront's server bundle (the BFF renders the landing and product pages with it), then the compressed copies. */
async function buildWebApp(app) {
  await vite(app, []);
  if (existsSync(path.join(root, 'apps', app, 'src/entry-server.tsx'))) await vite(app, ['--ssr']);
  const compressed = await precompress(path.join(root, 'apps', app, 'dist'));
  console.log(`built ${app} with Vite (${compressed} assets precompressed: brotli, gzip)`);
}

// The web apps are built one after another beside the server bundles, not after them: the
// build took 10.3-10.9 s against 13.0-13.7 one part after another (2 cores, 2026-11-28,
// alternating runs), which is most of `npm start`'s way to healthy (#12's footprint). They
// start before SWC's compile (Vite reads the libraries' sources, not their dist) and
// compress on threads: 8.6-9.0 s against 10.4 (2026-12-02, PVM, medians of five pairs).
const webApps = serverOnly ? Promise.resolve() : WEB_APPS.filter((app) => existsSync(path.join(root, 'apps', app, 'vite.config.ts'))).reduce((before, app) => before.then(() => buildWebApp(app)), Promise.resolve());
webApps.catch(() => undefined);

const compileStarted = Date.now();
let files = 0;
for (const group of ['libs', 'apps']) {
  for (const name of readdirSync(path.join(root, group))) {
    const dir = path.join(root, group, name);
    if (WEB_APPS.includes(name) || name === 'e2e' || !existsSync(path.join(dir, 'src'))) continue;
    files += await compileProject(dir);
  }
}
console.log(`compiled ${files} files with SWC in ${Date.now() - compileStarted} ms`);

const bundleStarted = Date.now();
const servers = readdirSync(path.join(root, 'apps')).filter((name) => existsSync(path.join(root, 'apps', name, 'src/main.ts')));
// One build for all: each package is parsed once, not once an app (ADR 094).
rmSync(path.join(root, SERVER_CHUNKS), { recursive: true, force: true });
const unresolved = await bundleApps(servers);
console.log(`bundled ${servers.length} server apps with Rolldown in ${Date.now() - bundleStarted} ms (${unresolved} imports of packages that are not installed left to run time)`);

try {
  await webApps;
} catch (e) {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
}
