import { Global, Inject, Injectable, Module, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { connect, headers as natsHeaders, nuid, TimeoutError, type NatsConnection } from '@nats-io/transport-node';
import { jetstreamManager, RetentionPolicy, StorageType, type JetStreamManager, type StreamConfig } from '@nats-io/jetstream';
import {
  AppErrorException,
  appErrorSchema,
  createRequest,
  DEAD_LETTER_STREAM,
  EVENT_RETENTION_DAYS,
  EVENT_STREAM,
  HEADERS,
  newId,
  type RequestFn,
  type RequestOptions,
  type RpcTransport,
} from '@jalaj/contracts';
import { callContext, currentCorrelationId } from '../context.js';
import { getLogger } from '../logger.js';
import { currentCommand, OUTCOME_UNKNOWN_MESSAGE } from './command-scope.js';
import { injectTraceContext, natsHeaderSetter } from '../tracing/trace-context.js';
import { failSpan, SpanKind, startSpan, withSpan } from '../tracing/tracing.js';
import { appConfig } from '../config.js';

export const NATS_OPTIONS = Symbol('NATS_OPTIONS');
export interface NatsOptions {
  url: string;
  /** Connection name shown by the NATS server (service name and pid). */
  name: string;
}

/** Creates a stream, or brings an existing one to this configuration; safe when replicas race. */
async function ensureStream(jsm: JetStreamManager, config: Partial<StreamConfig> & { name: string }): Promise<void> {
  try {
    await jsm.streams.info(config.name);
    await jsm.streams.update(config.name, config);
  } catch {
    await jsm.streams.add(config).catch(async (e) => {
      // Another replica created it between our info and add.
      await jsm.streams.info(config.name).catch(() => {
        throw e;
      });
    });
  }
}

/**
 * The process's own NATS connection: JetStream (events), health checks and outgoing
 * requests (`RpcClient`). Incoming requests reach the handlers through Nest's NATS transport.
 */
@Injectable()
export class NatsConnectionHolder implements OnApplicationShutdown {
  private nc?: Promise<NatsConnection>;
  private jsm?: JetStreamManager;
  private readonly log = getLogger('Nats');

  constructor(@Inject(NATS_OPTIONS) private readonly options: NatsOptions) {}

  /** The connection, opened once (concurrent first callers share the attempt; a failed one is retried by the next). */
  connection(): Promise<NatsConnection> {
    // noAsyncTraces: the client would otherwise capture a stack for every request, in case it
    // times out: about a tenth of the BFF's CPU on a signed-in read. RpcClient maps failures
    // to its own errors, which never carried those stacks.
    this.nc ??= connect({ servers: this.options.url, name: this.options.name, maxReconnectAttempts: -1, noAsyncTraces: true }).catch((e: unknown) => {
      this.nc = undefined;
      throw e;
    });
    return this.nc;
  }

  /** JetStream manager, with the event and dead-letter streams ensured (idempotent across replicas). */
  async manager(): Promise<JetStreamManager> {
    if (this.jsm) return this.jsm;
    const jsm = await jetstreamManager(await this.connection());
    const day = 24 * 3600 * 1e9;
    await ensureStream(jsm, {
      name: EVENT_STREAM,
      subjects: ['evt.>'],
      retention: RetentionPolicy.Limits,
      storage: StorageType.File,
      max_age: EVENT_RETENTION_DAYS * day,
      duplicate_window: 10 * 60 * 1e9,
    });
    await ensureStream(jsm, {
      name: DEAD_LETTER_STREAM,
      subjects: ['dlq.>'],
      retention: RetentionPolicy.Limits,
      storage: StorageType.File,
      max_age: 30 * day,
      duplicate_window: 10 * 60 * 1e9,
    });
    this.log.debug('event streams ready');
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
    const nc = await this.nc?.catch(() => undefined);
    await nc?.drain().catch(() => undefined);
  }
}

/** The reply packet of Nest's NATS transport (the services' message handlers answer with it). */
interface NestReplyPacket {
  response?: unknown;
  err?: unknown;
}

/**
 * Typed request/reply over NATS. Carries the current correlation id and trace context
 * (`traceparent` of a client span per request) in headers and turns
 * a remote failure into an `AppErrorException` with its stable code. Inside
 * {@link runAsCommand} it also carries the command id, and a request that gets no reply in
 * time fails with `OUTCOME_UNKNOWN` (the service may have done the work) rather than
 * `UNAVAILABLE` (nothing was done: no responder, connection down), which queries keep.
 *
 * Requests go out by the NATS client's own `request()` on the process's connection (its
 * replies share one subscription), in the packet format of Nest's NATS transport
 * (`{ pattern, data, id }` out, `{ response | err }` back), which the services' handlers
 * speak through Nest's pipeline. Nest's own client subscribed and unsubscribed a fresh
 * inbox per request.
 */
@Injectable()
export class RpcClient implements OnApplicationBootstrap {
  private readonly log = getLogger('RpcClient');
  /** The typed request function derived from the contracts' subject map. */
  readonly request: RequestFn;

  /** A client on its own connection, outside Nest (specs, scripts); `close()` drains it. */
  static standalone(options: NatsOptions): RpcClient {
    return new RpcClient(new NatsConnectionHolder(options));
  }

  constructor(private readonly nats: NatsConnectionHolder) {
    const transport: RpcTransport = { send: (subject, payload, opts) => this.send(subject, payload, opts) };
    this.request = createRequest(transport);
  }

  /** Drains the connection (the standalone client's end; in an app, the holder does it at shutdown). */
  close(): Promise<void> {
    return this.nats.onApplicationShutdown();
  }

  /**
   * Connects at start, outside any request: connected lazily, the connection's own logs
   * (status changes, reconnects) would carry the correlation id of the first request.
   */
  onApplicationBootstrap() {
    callContext.exit(() => void this.nats.connection().catch(() => undefined));
  }

  private async send(subject: string, payload: unknown, options: RequestOptions = {}): Promise<unknown> {
    const h = natsHeaders();
    h.set(HEADERS.correlationId, currentCorrelationId() ?? newId('cor'));
    const command = currentCommand();
    if (command?.commandId !== undefined) h.set(HEADERS.commandId, command.commandId);
    // The client span of this request; the service's handler span becomes its child.
    const span = startSpan(subject, SpanKind.CLIENT, { 'messaging.system': 'nats', 'messaging.destination.name': subject, 'messaging.operation.type': 'send' });
    withSpan(span, () => injectTraceContext(h, natsHeaderSetter));
    for (const [k, v] of Object.entries(options.headers ?? {})) h.set(k, v);
    try {
      const nc = await this.nats.connection();
      const reply = await nc.request(subject, JSON.stringify({ pattern: subject, data: payload, id: nuid.next() }), { timeout: options.timeoutMs ?? 5000, headers: h });
      const packet = reply.json<NestReplyPacket>();
      if (packet.err !== undefined && packet.err !== null) throw new RemoteFailure(packet.err);
      return packet.response;
    } catch (e) {
      const remote = e instanceof RemoteFailure ? e.failure : undefined;
      const parsed = appErrorSchema.safeParse(remote);
      if (parsed.success) {
        span.setAttribute('error.type', parsed.data.code);
        throw new AppErrorException(parsed.data);
      }
      if (e instanceof TimeoutError && (command !== undefined || h.has(HEADERS.commandId))) {
        this.log.warn({ subject }, 'command timed out; its outcome is unknown');
        failSpan(span, 'OUTCOME_UNKNOWN');
        throw new AppErrorException({ code: 'OUTCOME_UNKNOWN', message: OUTCOME_UNKNOWN_MESSAGE });
      }
      // The cause (the subject, a remote's raw error, a NATS status) is logged, never
      // answered: the caller gets UNAVAILABLE with its catalogue text only.
      const failure = remote ?? e;
      const message = failure instanceof Error ? failure.message : typeof failure === 'object' && failure && 'message' in failure ? String(failure.message) : String(failure);
      this.log.warn({ subject, cause: message }, 'request failed: answering UNAVAILABLE');
      failSpan(span, 'UNAVAILABLE');
      throw new AppErrorException({ code: 'UNAVAILABLE' });
    } finally {
      span.end();
    }
  }
}

/** A handler's `err` reply, carried to the catch that maps it. */
class RemoteFailure extends Error {
  constructor(readonly failure: unknown) {
    super('remote failure');
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
          useFactory: (): NatsOptions => ({ url: appConfig().NATS_URL, name: `${name}-${process.pid}` }),
        },
        NatsConnectionHolder,
        RpcClient,
      ],
      exports: [NatsConnectionHolder, RpcClient, NATS_OPTIONS],
    };
  }
}
