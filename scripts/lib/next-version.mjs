/**
 * The next version of an app, for the chaos suite's rolling restart (issue #39): the app's
 * compiled code bundled again (scripts/lib/bundle-app.mjs) with one migration more at the
 * end of its list, as the next release of a service brings one. A rolling update then starts
 * it replica by replica beside the running version: the first new replica applies the
 * migration (under the migration lock) while the old ones go on answering.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { bundleApp } from './bundle-app.mjs';

const root = path.resolve(import.meta.dirname, '../..');
const NEXT_MIGRATIONS = '\0next-version-migrations';

/**
 * Bundles `apps/<app>` into `.data/next-version/<app>.bundle.mjs` with a migration named
 * `name` that runs `statements` appended to `apps/<app>/src/migrations/index.ts`'s list.
 * The app must be built (`dist/`). Returns the bundle's path, for `restart(i, { entry })`.
 */
export async function nextVersionOf(app, { name, statements }) {
  const released = path.join(root, 'apps', app, 'dist/migrations/index.js');
  const file = path.join(root, '.data/next-version', `${app}.bundle.mjs`);
  mkdirSync(path.dirname(file), { recursive: true });
  const plugin = {
    name: 'next-version-migration',
    async resolveId(source, importer) {
      if (importer === NEXT_MIGRATIONS) return this.resolve(source, released, { skipSelf: true });
      if (importer && source.startsWith('.') && path.resolve(path.dirname(importer), source) === released) return NEXT_MIGRATIONS;
      return null;
    },
    load(id) {
      if (id !== NEXT_MIGRATIONS) return null;
      return `import { Migration } from '@mikro-orm/migrations';
import { migrations as released } from ${JSON.stringify(released)};
class ${name} extends Migration {
  name = ${JSON.stringify(name)};
  up() {
${statements.map((sql) => `    this.addSql(${JSON.stringify(sql)});`).join('\n')}
  }
}
export const migrations = [...released, ${name}];
`;
    },
  };
  await bundleApp(app, { file, plugins: [plugin] });
  return file;
}
