import { Global, Injectable, Module, type DynamicModule, type OnModuleInit } from '@nestjs/common';
import { MikroOrmModule } from '@mikro-orm/nestjs';
import pg from 'pg';
import { stripVTControlCharacters } from 'node:util';
import { MikroORM, type Constructor } from '@mikro-orm/core';
import { PostgreSqlDriver } from '@mikro-orm/postgresql';
import { Migrator, type Migration } from '@mikro-orm/migrations';
import { ReflectMetadataProvider } from '@mikro-orm/decorators/legacy';
import { UnderscoreNamingStrategy } from '@mikro-orm/core';
import { appConfig, databaseConfig, databaseUrl, type BaseConfig, type DatabaseConfig } from '../config.js';
import { getLogger } from '../logger.js';
import { InboxMessage, OutboxMessage } from './outbox.entity.js';
import { Migration20261122000000Kit } from './kit.migration.js';
import { CommandLogEntry } from './command-log.entity.js';
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

/** Builds the MikroORM options of a service; shared by the Nest module and tests. */
export function ormOptions(options: DatabaseOptions, url = databaseUrl(options.service, databaseConfig())) {
  return {
    driver: PostgreSqlDriver,
    clientUrl: url,
    entities: [...KIT_ENTITIES, ...new Set([...(options.entities ?? []), ...featureEntities])],
    metadataProvider: ReflectMetadataProvider,
    namingStrategy: UnderscoreNamingStrategy,
    extensions: [Migrator],
    ensureDatabase: true,
    discovery: { warnWhenNoEntities: false },
    pool: { min: 0, max: 10 },
    migrations: {
      migrationsList: [Migration20261122000000Kit, Migration20261201000000CommandLog, ...options.migrations],
      transactional: true,
      allOrNothing: true,
      snapshot: false,
    },
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
    await this.orm.schema.ensureDatabase();
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
      await this.orm.em.fork().getConnection().execute('select 1');
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
      imports: [MikroOrmModule.forRootAsync({ driver: PostgreSqlDriver, useFactory: () => ormOptions(options, databaseUrl(options.service, bootedDatabaseConfig())) as never })],
      providers: [{ provide: DATABASE_OPTIONS, useValue: options }, MigrationRunner, DatabaseHealth],
      exports: [DatabaseHealth],
    };
  }
}

