/**
 * Bundles the server apps' compiled files and the packages they use (ADR 048, ADR 094):
 * scripts/build.mjs writes every `apps/<app>/dist/main.bundle.mjs` with their shared chunks
 * in one build, and the chaos suite builds the next version of one app as one file (with
 * `plugins` that add a migration) for its rolling restart.
 */
import path from 'node:path';
import { build as rolldown } from 'rolldown';

const root = path.resolve(import.meta.dirname, '../..');

/**
 * Left out of the server bundles, loaded from node_modules at run time: native addons, and
 * packages that read files of their own beside their code (Swagger UI's page and assets).
 */
const BUNDLE_EXTERNAL = [/^node:/, 'sharp', /^@img\//, /^@node-rs\//, 'pg-native', '@fastify/swagger', '@fastify/swagger-ui'];

/** CommonJS packages inside an ES module bundle still call require() for Node's own modules. */
const REQUIRE_BANNER = "import { createRequire as __bundleRequire } from 'node:module'; const require = __bundleRequire(import.meta.url);";

/** Where the server apps' shared chunks go (`dist/server-chunks/` at the root), beside no app. */
export const SERVER_CHUNKS = 'dist/server-chunks';

/**
 * Bundles every server app in one Rolldown build (ADR 094): each app's entry is
 * `apps/<app>/dist/main.bundle.mjs`, which every launcher runs, and what two or more apps
 * share (Nest, MikroORM, pg, NATS, pino, OpenTelemetry, the libs) goes once into chunks under
 * {@link SERVER_CHUNKS}, which the entries import. Each package is parsed once instead of
 * once an app: the seven bundles took 8.8 s one after another and 1.6 s together. Names are
 * kept (Nest and MikroORM read class names). No source map: Node would load it into every
 * process; `JALAJ_BUNDLE=false` runs the compiled files with their source maps instead, for
 * debugging. Optional packages that are not installed (Nest's other transports, MikroORM's
 * other drivers) stay imports that fail only if they run, as they would unbundled. Returns
 * how many such imports were left.
 */
export function bundleApps(apps) {
  return bundle(Object.fromEntries(apps.map((app) => [app, path.join(root, 'apps', app, 'dist/main.js')])), {
    dir: root,
    entryFileNames: 'apps/[name]/dist/main.bundle.mjs',
    chunkFileNames: `${SERVER_CHUNKS}/[name]-[hash].mjs`,
  });
}

/**
 * Bundles one app's compiled files and the packages they use into one file: the chaos suite
 * builds the next version of an app with it (`plugins` that add a migration) for its
 * rolling restart, as a release would ship it. Otherwise as {@link bundleApps}.
 */
export function bundleApp(app, { file = path.join(root, 'apps', app, 'dist/main.bundle.mjs'), plugins = [] } = {}) {
  return bundle(path.join(root, 'apps', app, 'dist/main.js'), { file, codeSplitting: false }, plugins);
}

/** One Rolldown build of `input` with the server bundles' settings and `output`'s places; returns how many imports were left unresolved. */
async function bundle(input, output, plugins = []) {
  let unresolved = 0;
  await rolldown({
    input,
    platform: 'node',
    external: BUNDLE_EXTERNAL,
    plugins,
    logLevel: 'warn',
    onLog(level, log, report) {
      if (log.code === 'UNRESOLVED_IMPORT') unresolved++;
      else report(level, log);
    },
    output: { ...output, format: 'esm', keepNames: true, banner: REQUIRE_BANNER },
  });
  return unresolved;
}
