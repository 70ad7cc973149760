import { z } from 'zod';
import { resultSchema } from './errors.js';
import { identitySubjects } from './identity.js';
import { actorSchema, emptyRequestSchema, pingReplySchema, productSummarySchema, type PingReply } from './schemas.js';

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

const productFixture = {
  id: 'prd_01JD0000000000000000000000',
  name: 'Anubias nana',
  description: 'Hardy, slow-growing epiphyte for rocks and driftwood.',
  pricePaise: 24900,
  imageUrls: ['/media/photos/products/prd_01JD/main.webp'],
  category: 'midground',
  stockQuantity: 40,
  createdAt: '2026-11-22T10:00:00.000Z',
};

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
  /**
   * The storefront's product list, oldest first (spec §7: ordered by created_at ascending).
   * Asked by: the BFF for `GET /api/products`.
   */
  'rpc.catalog.products.list': {
    request: emptyRequestSchema,
    reply: resultSchema(z.object({ items: z.array(productSummarySchema) })),
    fixtures: { request: {}, reply: { ok: true, data: { items: [productFixture] } } },
  },
  /**
   * Deletes a product. Only for an admin actor (the service re-checks the role).
   * Emits `evt.catalog.product.deleted.v1` through the outbox. Asked by: the BFF for
   * `DELETE /api/admin/products/:id`.
   */
  'rpc.catalog.products.delete': {
    request: z.object({ actor: actorSchema, id: z.string().min(1) }).strict(),
    reply: resultSchema(z.object({ id: z.string() })),
    fixtures: {
      request: { actor: { id: 'usr_01JD0000000000000000000000', role: 'admin' }, id: productFixture.id },
      reply: { ok: true, data: { id: productFixture.id } },
    },
  },
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
  /**
   * A product was deleted. Emitted by: catalog, after the delete commits.
   * Consumed by: media, which removes the product's stored images.
   * `productId`: the deleted product; `imageKeys`: object keys of its images in the photos bucket.
   */
  'evt.catalog.product.deleted.v1': {
    data: z.object({ productId: z.string(), imageKeys: z.array(z.string()) }),
    fixture: { productId: productFixture.id, imageKeys: ['products/prd_01JD/main.webp'] },
  },
} as const satisfies Record<`evt.${string}`, EventDefinition>;

export type EventSubject = keyof typeof eventSubjects;
export type EventData<S extends EventSubject> = z.output<(typeof eventSubjects)[S]['data']>;

/** Name of the JetStream stream that holds every event (never an `rpc.*` subject). */
export const EVENT_STREAM = 'EVENTS';
