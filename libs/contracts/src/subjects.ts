import { z } from 'zod';
import { cartSubjects } from './cart.js';
import { catalogEvents, catalogSubjects } from './catalog.js';
import { guaranteeClaimEvents, guaranteeClaimSubjects } from './guarantee-claims.js';
import { identitySubjects } from './identity.js';
import { orderEvents, orderSubjects } from './order.js';
import { orderHistoryEvents, orderHistorySubjects } from './order-history.js';
import { salesSubjects } from './sales.js';
import { emptyRequestSchema, pingReplySchema, type PingReply } from './schemas.js';

/** Shape of one request/reply subject: request schema, reply schema, and a valid fixture of each. */
export interface RpcDefinition<Req extends z.ZodType = z.ZodType, Rep extends z.ZodType = z.ZodType> {
  request: Req;
  reply: Rep;
  fixtures: { request: z.input<Req>; reply: z.input<Rep> };
}

const pingFixture = (service: string): PingReply => ({
  service,
  instance: `${service}-host-1`,
  version: '0.1.0',
  uptimeSeconds: 12,
  checks: { database: 'up', nats: 'up' },
});

const ping = (service: string) =>
  ({
    request: emptyRequestSchema,
    reply: pingReplySchema,
    fixtures: { request: {}, reply: pingFixture(service) },
  }) satisfies RpcDefinition;


/** The services that answer `rpc.<service>.ping`. */
export const SERVICES = ['identity', 'catalog', 'cart', 'order', 'media'] as const;
export type ServiceName = (typeof SERVICES)[number];

/**
 * Every request/reply subject of the shop, declared once. Services handle them in a NATS
 * queue group named after the service; callers use the typed `request()` derived from
 * this map (see `rpc.ts`), which validates both directions.
 */
export const rpcSubjects = {
  /** Liveness and dependency check of the identity service. Emitted by: the BFF's `/api/health`. */
  'rpc.identity.ping': ping('identity'),
  /** Liveness and dependency check of the catalog service. */
  'rpc.catalog.ping': ping('catalog'),
  ...identitySubjects,
  /** Liveness and dependency check of the cart service. */
  'rpc.cart.ping': ping('cart'),
  /** Liveness and dependency check of the order service. */
  'rpc.order.ping': ping('order'),
  /** Liveness and dependency check of the media service. */
  'rpc.media.ping': ping('media'),
  ...catalogSubjects,
  ...cartSubjects,
  ...orderSubjects,
  ...orderHistorySubjects,
  ...salesSubjects,
  ...guaranteeClaimSubjects,
} as const satisfies Record<`rpc.${string}`, RpcDefinition>;

export type RpcSubject = keyof typeof rpcSubjects;
export type RpcRequest<S extends RpcSubject> = z.input<(typeof rpcSubjects)[S]['request']>;
export type RpcReply<S extends RpcSubject> = z.output<(typeof rpcSubjects)[S]['reply']>;

/** Shape of one event subject: the schema of its `data` and a valid fixture. */
export interface EventDefinition<D extends z.ZodType = z.ZodType> {
  data: D;
  fixture: z.input<D>;
}

/**
 * Every event subject of the shop, declared once. Events are written to the emitting
 * service's outbox in the transaction of the change they report, and relayed to the
 * JetStream stream `EVENTS` (subjects `evt.>`).
 */
export const eventSubjects = {
  ...catalogEvents,
  ...orderEvents,
  ...orderHistoryEvents,
  ...guaranteeClaimEvents,
} as const satisfies Record<`evt.${string}`, EventDefinition>;

export type EventSubject = keyof typeof eventSubjects;
export type EventData<S extends EventSubject> = z.output<(typeof eventSubjects)[S]['data']>;

/** Name of the JetStream stream that holds every event (never an `rpc.*` subject). */
export const EVENT_STREAM = 'EVENTS';

/** How long the event stream keeps an event, in days: an event older than this is never delivered again. */
export const EVENT_RETENTION_DAYS = 7;

/**
 * Name of the JetStream stream that keeps events a consumer gave up on (subjects `dlq.>`),
 * for an operator to inspect and replay.
 */
export const DEAD_LETTER_STREAM = 'DEAD_LETTERS';

/** The dead-letter subject of an event subject: `dlq.<subject>`. */
export const deadLetterSubject = (subject: string): `dlq.${string}` => `dlq.${subject}`;
