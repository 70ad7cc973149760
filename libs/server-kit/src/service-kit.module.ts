import { Module, type DynamicModule } from '@nestjs/common';
import { APP_FILTER, APP_INTERCEPTOR } from '@nestjs/core';
import type { Constructor } from '@mikro-orm/core';
import type { Migration } from '@mikro-orm/migrations';
import { APP_CONFIG, appConfig } from './config.js';
import { DatabaseModule } from './database/database.module.js';
import { EventConsumers } from './messaging/events.js';
import { MessageLogPruner } from './messaging/message-log-pruner.js';
import { NatsModule } from './messaging/nats.module.js';
import { ChangeHints } from './messaging/change-hints.js';
import { CommandLog, CommandLogInterceptor } from './messaging/command-log.js';
import { OutboxRelay } from './messaging/outbox.js';
import { RpcContextInterceptor, RpcErrorFilter } from './messaging/rpc-handling.js';
import { OpsModule } from './ops/health.js';

export interface ServiceKitOptions {
  /** Service name: NATS queue group, database name, log name. */
  name: string;
  /** Migrations of a service that owns a database (its entities come from its feature modules); omit for the BFF. */
  database?: { entities?: Constructor<object>[]; migrations: Constructor<Migration>[] };
  /** Whether this app answers NATS requests (every service; not the BFF). Default true. */
  serveRpc?: boolean;
}

/**
 * Everything a Jalaj server app gets from the kit: NATS (request/reply and JetStream),
 * health (Terminus) and metrics, and — for services with a
 * database — MikroORM with migrations at start, the outbox relay, the inbox-backed event
 * consumers, the command log of idempotent commands and the pruning of the outbox and inbox.
 */
@Module({})
export class ServiceKitModule {
  static forService(options: ServiceKitOptions): DynamicModule {
    const db = options.database;
    return {
      module: ServiceKitModule,
      global: true,
      imports: [
        NatsModule.forRoot(options.name),
        OpsModule,
        ...(db ? [DatabaseModule.forRoot({ service: options.name, entities: db.entities, migrations: db.migrations })] : []),
      ],
      providers: [
        // The configuration bootstrapService validated, for `@InjectConfig()`.
        { provide: APP_CONFIG, useFactory: () => appConfig() },
        ...(options.serveRpc === false
          ? []
          : [
              { provide: APP_INTERCEPTOR, useClass: RpcContextInterceptor },
              { provide: APP_FILTER, useClass: RpcErrorFilter },
            ]),
        ...(db ? [OutboxRelay, EventConsumers, MessageLogPruner, CommandLog, CommandLogInterceptor, ChangeHints] : []),
      ],
      exports: [APP_CONFIG, ...(db ? [OutboxRelay, EventConsumers, CommandLog, CommandLogInterceptor, ChangeHints] : [])],
    };
  }
}
