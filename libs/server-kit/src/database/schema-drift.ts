import { MikroORM } from '@mikro-orm/core';
import { ormOptions, type DatabaseOptions } from './database.module.js';

/**
 * How far a service's entities have drifted from its migrations: runs the migrations (the
 * kit's first) on an empty database, then asks the ORM what it would change to make that
 * schema match the entities. Empty means they agree; a spec per service
 * (`migrations.int-spec.ts`) asserts it, so an entity change without its migration, or a
 * migration the entities do not describe, fails the build. The migrations are what is
 * deployed: fix the entity, or add a migration.
 *
 * @param options - The service's name, entities (the kit's are always added) and migrations.
 * @param url - An empty database (`testDatabaseUrl(...)`); created if missing.
 * @returns The SQL the ORM would run, one statement a line; `''` when there is no drift.
 */
export async function schemaDrift(options: DatabaseOptions, url: string): Promise<string> {
  const orm = await MikroORM.init(ormOptions(options, url) as never);
  try {
    await orm.schema.ensureDatabase();
    await orm.migrator.up();
    const sql = await orm.schema.getUpdateSchemaSQL({ wrap: false, safe: false, dropTables: true });
    return sql.trim();
  } finally {
    await orm.close(true);
  }
}
