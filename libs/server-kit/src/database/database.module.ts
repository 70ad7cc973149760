import { Global, Injectable, Module, type DynamicModule, type OnModuleInit } from '@nestjs/common';
import { MikroOrmModule } from '@mikro-orm/nestjs';
import pg from 'pg';
import { stripVTControlCharacters } from 'node:util';
import { MikroORM, type Constructor } from '@mikro-orm/core';
import { PostgreSqlDriver } from '@mikro-orm/postgresql';
import { Migrator, type Migration } from '@mikro-orm/migrations';
import { ReflectMetadataProvider } from '@mikro-orm/decorators/legacy';
import { runSql } from './run-sql.js';
import { PreparingClient } from './preparing-client.js';
import { UnderscoreNamingStrategy } from '@mikro-orm/core';
import { appConfig, databaseConfig, databaseUrl, DEFAULT_POOL_MAX, type BaseConfig, type DatabaseConfig } from '../config.js';
import { getLogger } from '../logger.js';
import { reportPool, type PoolCounts } from '../ops/metrics.js';
import { InboxMessage, OutboxMessage } from './outbox.entity.js';
import { Migration20261122000000Kit } from './kit.migration.js';
import { Migration20261227000000CommandClaim } from './command-claim.migration.js';
import { Migration20261231100000CommandClaimDropped } from './command-claim-dropped.migration.js';
import { CommandLogEntry } from './command-log.entity.js';
import { OutboxWriter } from '../messaging/outbox.js';
import { Migration20261201000000CommandLog } from './command-log.migration.js';

export interface DatabaseOptions {
  /** Service name; its database is `jalaj_<service>` unless DATABASE_URL names another. */
  service: string;
  /** Entities besides those the feature modules register ({@link DatabaseModule.forFeature}). */
  entities?: Constructor<object>[];
  /** The service's migrations, oldest first. The kit's own (outbox/inbox, command log) always run first. */
  migrations: Constructor<Migration>[];
}

const DATABASE_OPTIONS = Symbol('DATABASE_OPTIONS');

/** The tables every service has: outbox, inbox, command log. */
export const KIT_ENTITIES: Constructor<object>[] = [OutboxMessage, InboxMessage, CommandLogEntry];

/** Entities the app's feature modules registered; read when the ORM starts, after every module was declared. */
const featureEntities = new Set<Constructor<object>>();

/** The entities registered by feature modules so far (the migration drift specs use it). */
export const registeredEntities = (): Constructor<object>[] => [...featureEntities];

/** The database settings of the booted configuration (a service's schema extends `databaseConfigSchema`). */
function bootedDatabaseConfig(): DatabaseConfig {
  const config = appConfig<BaseConfig & Partial<DatabaseConfig>>();
  return config.POSTGRES_URL ? (config as DatabaseConfig) : databaseConfig();
}

/** PostgreSQL's error codes for a database that does not exist, and for one created meanwhile by another client. */
const NO_SUCH_DATABASE = '3D000';
const CREATED_MEANWHILE = new Set(['42P04', '23505']);

/**
 * Creates the database `url` names unless it exists. Replicas starting together on a new
 * database race to create it; the losers' `create database` fails with a duplicate, which
 * here means done (MikroORM's own `ensureDatabase` would throw, and leave its
 * configuration on the management database). The management database (`postgres`) is only
 * reached when the target does not exist, so a role that may only reach its own database
 * works once that database is there.
 */
export async function createDatabaseIfMissing(url: string): Promise<void> {
  const probe = new pg.Client({ connectionString: url });
  try {
    await probe.connect();
    return;
  } catch (e) {
    if ((e as { code?: string }).code !== NO_SUCH_DATABASE) throw e;
  } finally {
    await probe.end().catch(() => undefined);
  }
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  target.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: target.toString() });
  await admin.connect();
  try {
    await admin.query(`create database ${pg.escapeIdentifier(name)}`);
  } catch (e) {
    if (!CREATED_MEANWHILE.has((e as { code?: string }).code ?? '')) throw e;
  } finally {
    await admin.end();
  }
}

/** Builds the MikroORM options of a service; shared by the Nest module and tests. */
export function ormOptions(options: DatabaseOptions, url = databaseUrl(options.service, databaseConfig()), poolMax = DEFAULT_POOL_MAX) {
  return {
    driver: PostgreSqlDriver,
    clientUrl: url,
    entities: [...KIT_ENTITIES, ...new Set([...(options.entities ?? []), ...featureEntities])],
    metadataProvider: ReflectMetadataProvider,
    namingStrategy: UnderscoreNamingStrategy,
    extensions: [Migrator],
    // The outbox rows a transaction queued are written as it commits (ADR 091).
    subscribers: [new OutboxWriter()],
    ensureDatabase: true,
    discovery: { warnWhenNoEntities: false },
    pool: { min: 0, max: poolMax },
    // pg_stat_activity names the service of every connection (operators, and failed specs' diagnostics);
    // a statement run often on a connection is prepared there (ADR 071).
    driverOptions: { application_name: options.service, Client: PreparingClient },
    migrations: {
      migrationsList: [Migration20261122000000Kit, Migration20261201000000CommandLog, Migration20261227000000CommandClaim, Migration20261231100000CommandClaimDropped, ...options.migrations],
      transactional: true,
      allOrNothing: true,
      snapshot: false,
    },
    // SQL functions are written by migrations, not declared by entities.
    schemaGenerator: { ignoreRoutines: true },
    debug: false,
    logger: (message: string) => getLogger('MikroORM').debug(stripVTControlCharacters(message)),
  };
}

/**
 * Applies pending migrations at start, before the service answers anything. Replicas
 * starting together take turns through a PostgreSQL advisory lock, so each migration
 * runs once.
 */
@Injectable()
export class MigrationRunner implements OnModuleInit {
  private readonly log = getLogger('Migrations');
  constructor(private readonly orm: MikroORM) {}

  async onModuleInit() {
    const lock = new pg.Client({ connectionString: this.orm.config.get('clientUrl') });
    await lock.connect();
    try {
      await lock.query("select pg_advisory_lock(hashtext('jalaj:migrations'))");
      const applied = await this.orm.migrator.up();
      if (applied.length) this.log.info({ migrations: applied.map((m) => m.name) }, 'migrations applied');
    } finally {
      await lock.end();
    }
  }
}

/** True when the database answers `select 1`. */
@Injectable()
export class DatabaseHealth {
  constructor(private readonly orm: MikroORM) {}
  async isHealthy(): Promise<boolean> {
    try {
      await runSql(this.orm.em.fork(), 'select 1');
      return true;
    } catch {
      return false;
    }
  }
}

@Global()
@Module({})
export class DatabaseModule {
  /**
   * A feature module's own entities: `imports: [DatabaseModule.forFeature([CartItem])]`.
   * The service's ORM maps every entity its feature modules register, so the app module
   * only lists feature modules.
   */
  static forFeature(entities: Constructor<object>[]): DynamicModule {
    for (const entity of entities) featureEntities.add(entity);
    return MikroOrmModule.forFeature(entities);
  }

  static forRoot(options: DatabaseOptions): DynamicModule {
    return {
      module: DatabaseModule,
      imports: [
        MikroOrmModule.forRootAsync({
          driver: PostgreSqlDriver,
          useFactory: async () => {
            const config = bootedDatabaseConfig();
            const url = databaseUrl(options.service, config);
            await createDatabaseIfMissing(url);
            const orm = ormOptions(options, url, config.DATABASE_POOL_MAX);
            // The database exists now: MikroORM's own check would only open another
            // connection, whose failure under load crashed the process outside any handler.
            // The pool is reported on /metrics from its creation (the pg driver's `onPoolCreated`).
            return {
              ...orm,
              ensureDatabase: false,
              driverOptions: { ...orm.driverOptions, onPoolCreated: (pool: PoolCounts) => reportPool(pool, config.DATABASE_POOL_MAX) },
            } as never;
          },
        }),
      ],
      providers: [{ provide: DATABASE_OPTIONS, useValue: options }, MigrationRunner, DatabaseHealth],
      exports: [DatabaseHealth],
    };
  }
}

