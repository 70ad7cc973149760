import { Module, type DynamicModule } from '@nestjs/common';
import { APP_FILTER, APP_INTERCEPTOR } from '@nestjs/core';
import type { Constructor } from '@mikro-orm/core';
import type { Migration } from '@mikro-orm/migrations';
import { DatabaseModule } from './database/database.module.js';
import { EventConsumers } from './messaging/events.js';
import { NatsModule } from './messaging/nats.module.js';
import { OutboxRelay } from './messaging/outbox.js';
import { RpcContextInterceptor, RpcErrorFilter } from './messaging/rpc-handling.js';
import { OpsModule } from './ops/health.js';

export interface ServiceKitOptions {
  /** Service name: NATS queue group, database name, log name. */
  name: string;
  /** Entities and migrations of a service that owns a database; omit for the BFF. */
  database?: { entities: Constructor<object>[]; migrations: Constructor<Migration>[] };
  /** Whether this app answers NATS requests (every service; not the BFF). Default true. */
  serveRpc?: boolean;
}

/**
 * Everything a Jalaj server app gets from the kit: NATS (request/reply and JetStream),
 * health and metrics, and — for services with a database — MikroORM with migrations at
 * start, the outbox relay and the inbox-backed event consumers.
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
        ...(options.serveRpc === false
          ? []
          : [
              { provide: APP_INTERCEPTOR, useClass: RpcContextInterceptor },
              { provide: APP_FILTER, useClass: RpcErrorFilter },
            ]),
        ...(db ? [OutboxRelay, EventConsumers] : []),
      ],
      exports: [...(db ? [OutboxRelay, EventConsumers] : [])],
    };
  }
}
