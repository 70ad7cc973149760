/**
 * Bundles a server app's compiled files and the packages they use into one file (ADR 048):
 * scripts/build.mjs writes `apps/<app>/dist/main.bundle.mjs` with it, and the chaos suite
 * builds the next version of an app with it (`plugins` that add a migration) for its
 * rolling restart.
 */
import path from 'node:path';
import { build as rolldown } from 'rolldown';

const root = path.resolve(import.meta.dirname, '../..');

/**
 * Left out of the server bundles, loaded from node_modules at run time: native addons, and
 * packages that read files of their own beside their code (Swagger UI's page and assets).
 */
const BUNDLE_EXTERNAL = [/^node:/, 'sharp', /^@img\//, /^@node-rs\//, 'pg-native', '@fastify/swagger', '@fastify/swagger-ui'];

/**
 * Bundles `apps/<app>/dist/main.js` into one file, by default `dist/main.bundle.mjs`, which
 * every launcher runs (ADR 048): a start then reads one file instead of resolving and
 * loading some 2,000 modules (a service's start: about 2.0 -> 1.1 CPU-s, and about 25 MB
 * less memory). Names are kept (Nest and MikroORM read class names). No source map: Node
 * would load its 15 MB into every process; `JALAJ_BUNDLE=false` runs the compiled files with
 * their source maps instead, for debugging. Optional packages that are not installed (Nest's
 * other transports, MikroORM's other drivers) stay imports that fail only if they run, as
 * they would unbundled. Returns how many such imports were left.
 */
export async function bundleApp(app, { file = path.join(root, 'apps', app, 'dist/main.bundle.mjs'), plugins = [] } = {}) {
  let unresolved = 0;
  await rolldown({
    input: path.join(root, 'apps', app, 'dist/main.js'),
    platform: 'node',
    external: BUNDLE_EXTERNAL,
    plugins,
    logLevel: 'warn',
    onLog(level, log, report) {
      if (log.code === 'UNRESOLVED_IMPORT') unresolved++;
      else report(level, log);
    },
    output: {
      file,
      format: 'esm',
      keepNames: true,
      codeSplitting: false,
      // CommonJS packages inside an ES module bundle still call require() for Node's own modules.
      banner: "import { createRequire as __bundleRequire } from 'node:module'; const require = __bundleRequire(import.meta.url);",
    },
  });
  return unresolved;
}
