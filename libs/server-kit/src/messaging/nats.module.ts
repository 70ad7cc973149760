import { Global, Inject, Injectable, Module, type OnApplicationShutdown } from '@nestjs/common';
import { ClientNats, NatsRecordBuilder } from '@nestjs/microservices';
import { connect, headers as natsHeaders, type NatsConnection } from '@nats-io/transport-node';
import { jetstreamManager, RetentionPolicy, StorageType, type JetStreamManager } from '@nats-io/jetstream';
import { firstValueFrom, timeout } from 'rxjs';
import {
  AppErrorException,
  appErrorSchema,
  createRequest,
  EVENT_STREAM,
  HEADERS,
  newId,
  type RequestFn,
  type RequestOptions,
  type RpcTransport,
} from '@jalaj/contracts';
import { callContext, currentCorrelationId } from '../context.js';
import { getLogger } from '../logger.js';

export const NATS_OPTIONS = Symbol('NATS_OPTIONS');
export interface NatsOptions {
  url: string;
  /** Connection name shown by the NATS server (service name and pid). */
  name: string;
}

/**
 * The process's own NATS connection for JetStream (events) and health checks. Request/reply
 * runs through Nest's NATS transport (`RpcClient` and the microservice server).
 */
@Injectable()
export class NatsConnectionHolder implements OnApplicationShutdown {
  private nc?: NatsConnection;
  private jsm?: JetStreamManager;
  private readonly log = getLogger('Nats');

  constructor(@Inject(NATS_OPTIONS) private readonly options: NatsOptions) {}

  async connection(): Promise<NatsConnection> {
    this.nc ??= await connect({ servers: this.options.url, name: this.options.name, maxReconnectAttempts: -1 });
    return this.nc;
  }

  /** JetStream manager, with the event stream ensured (idempotent across replicas). */
  async manager(): Promise<JetStreamManager> {
    if (this.jsm) return this.jsm;
    const jsm = await jetstreamManager(await this.connection());
    const config = {
      name: EVENT_STREAM,
      subjects: ['evt.>'],
      retention: RetentionPolicy.Limits,
      storage: StorageType.File,
      max_age: 7 * 24 * 3600 * 1e9,
      duplicate_window: 10 * 60 * 1e9,
    };
    try {
      await jsm.streams.info(EVENT_STREAM);
      await jsm.streams.update(EVENT_STREAM, config);
    } catch {
      await jsm.streams.add(config).catch(async (e) => {
        // Another replica created it between our info and add.
        await jsm.streams.info(EVENT_STREAM).catch(() => {
          throw e;
        });
      });
    }
    this.log.debug('event stream ready');
    this.jsm = jsm;
    return jsm;
  }

  /** True when the server answers a round trip within a second. */
  async isHealthy(): Promise<boolean> {
    try {
      const nc = await Promise.race([
        this.connection(),
        new Promise<never>((_, rej) => setTimeout(() => rej(new Error('timeout')), 1000)),
      ]);
      await nc.rtt();
      return true;
    } catch {
      return false;
    }
  }

  async onApplicationShutdown() {
    await this.nc?.drain().catch(() => undefined);
  }
}

/**
 * Typed request/reply over NATS. Carries the current correlation id in a header and turns
 * a remote failure into an `AppErrorException` with its stable code.
 */
@Injectable()
export class RpcClient implements OnApplicationShutdown {
  private readonly client: ClientNats;
  /** The typed request function derived from the contracts' subject map. */
  readonly request: RequestFn;

  constructor(@Inject(NATS_OPTIONS) options: NatsOptions) {
    this.client = new ClientNats({ servers: [options.url], name: `${options.name}-client`, maxReconnectAttempts: -1 } as never);
    const transport: RpcTransport = { send: (subject, payload, opts) => this.send(subject, payload, opts) };
    this.request = createRequest(transport);
  }

  private async send(subject: string, payload: unknown, options: RequestOptions = {}): Promise<unknown> {
    const h = natsHeaders();
    h.set(HEADERS.correlationId, currentCorrelationId() ?? newId('cor'));
    for (const [k, v] of Object.entries(options.headers ?? {})) h.set(k, v);
    const record = new NatsRecordBuilder(payload).setHeaders(h).build();
    try {
      return await firstValueFrom(this.client.send(subject, record).pipe(timeout(options.timeoutMs ?? 5000)));
    } catch (e) {
      const parsed = appErrorSchema.safeParse(e);
      if (parsed.success) throw new AppErrorException(parsed.data);
      const message = e instanceof Error ? e.message : typeof e === 'object' && e && 'message' in e ? String(e.message) : String(e);
      throw new AppErrorException({ code: 'UNAVAILABLE', message: `${subject}: ${message}` });
    }
  }

  async onApplicationShutdown() {
    await this.client.close();
  }
}

/** Runs `fn` with a correlation id bound for logs and outgoing messages. */
export const withCorrelation = <T>(correlationId: string, fn: () => T): T => callContext.run({ correlationId }, fn);

@Global()
@Module({})
export class NatsModule {
  /** `name` identifies this process to the NATS server; the URL comes from NATS_URL. */
  static forRoot(name: string) {
    return {
      module: NatsModule,
      providers: [
        {
          provide: NATS_OPTIONS,
          useFactory: (): NatsOptions => ({ url: process.env.NATS_URL ?? 'nats://127.0.0.1:4222', name: `${name}-${process.pid}` }),
        },
        NatsConnectionHolder,
        RpcClient,
      ],
      exports: [NatsConnectionHolder, RpcClient, NATS_OPTIONS],
    };
  }
}
