import { z } from 'zod';
import {
  addressInputSchema,
  addressListSchema,
  addressSchema,
  cartSchema,
  ERROR_CODES,
  HTTP_ROUTES,
  HTTP_SCHEMAS,
  HTTP_STATUS_BY_CODE,
  IDEMPOTENCY_KEY_PATTERN,
  meSchema,
  messageReplySchema,
  problemSchema,
  productInputSchema,
  productListSchema,
  productSchema,
  sessionSchema,
  userListSchema,
  type ErrorCode,
  type HttpRoute,
  type HttpRouteId,
  type HttpRouteSchemas,
} from '@jalaj/contracts';
import { REFRESH_COOKIE } from '../auth/cookies.js';

/** A JSON value of the document (the OpenAPI object is plain JSON). */
type Json = Record<string, unknown>;

/** Where the document and the UI are served. */
export const DOCS_PATH = '/api/docs';
export const OPENAPI_JSON_PATH = `${DOCS_PATH}/openapi.json`;

/** Schemas shared by several routes get a readable component name; the rest are named after their route. */
const SHARED_REQUESTS = { AddressInput: addressInputSchema, ProductInput: productInputSchema };
const SHARED_RESPONSES = {
  Problem: problemSchema,
  Session: sessionSchema,
  Me: meSchema,
  UserList: userListSchema,
  Address: addressSchema,
  AddressList: addressListSchema,
  Product: productSchema,
  ProductList: productListSchema,
  Cart: cartSchema,
  Message: messageReplySchema,
};

/** What each group of routes is, for the docs' tags. */
const TAG_DESCRIPTIONS: { readonly [T in HttpRoute['tag']]: string } = {
  auth: 'Accounts and sessions: sign-up, the mailed confirmation, sign-in, refresh, sign-out, password reset and SMS codes.',
  me: "The signed-in person's profile and addresses.",
  products: 'The public catalogue: the plants, their pictures and prices.',
  cart: "The signed-in shopper's cart, kept on the server.",
  checkout: 'Shipping quotes and the payment start: the order is priced and its stock reserved by the server.',
  payments: "PhonePe's webhook and return, and the status of a shopper's own payment.",
  orders: "The signed-in shopper's orders and their bills of supply.",
  admin: 'The admin console: orders, products, users, admins and the day\'s figures. Admins only.',
  media: 'Product pictures, served by their key.',
};

const ref = (id: string) => ({ $ref: `#/components/schemas/${id}` });
const pascal = (routeId: string) => routeId.replace(/(^|[.-])(\w)/g, (_, _sep: string, c: string) => c.toUpperCase());
const describeStatus: Record<number, string> = { 200: 'OK', 201: 'Created', 202: 'Accepted', 204: 'No content', 303: 'Redirect' };

/** Converts a registry of named schemas to OpenAPI components; refs between them point at `#/components/schemas/…`. */
function components(registry: z.core.$ZodRegistry<{ id: string }>, io: 'input' | 'output'): Record<string, Json> {
  const { schemas } = z.toJSONSchema(registry, { target: 'draft-2020-12', io, unrepresentable: 'any', uri: (id) => `#/components/schemas/${id}` });
  return Object.fromEntries(Object.entries(schemas).map(([id, { $schema: _s, $id: _i, ...schema }]) => [id, schema as Json]));
}

/** The `in: path|query` parameters of an object schema, one per property. */
function parameters(schema: z.ZodObject | undefined, where: 'path' | 'query'): Json[] {
  if (!schema) return [];
  const json = z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'input', unrepresentable: 'any' }) as { properties?: Record<string, Json>; required?: string[] };
  return Object.entries(json.properties ?? {}).map(([name, { description, ...property }]) => ({
    name,
    in: where,
    required: where === 'path' || (json.required ?? []).includes(name),
    ...(description ? { description } : {}),
    schema: property,
  }));
}

/** The error answers of a route: one per status, each listing the codes it may carry. */
function errorResponses(route: HttpRoute): Record<string, Json> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of route.errors) byStatus.set(HTTP_STATUS_BY_CODE[code], [...(byStatus.get(HTTP_STATUS_BY_CODE[code]) ?? []), code]);
  return Object.fromEntries(
    [...byStatus.entries()]
      .sort(([a], [b]) => a - b)
      .map(([status, codes]) => [
        String(status),
        {
          description: `Problem: ${codes.join(', ')}`,
          ...(status === 429 ? { headers: { 'Retry-After': { description: 'Seconds until the window ends.', schema: { type: 'integer' } } } } : {}),
          content: { 'application/problem+json': { schema: { allOf: [ref('Problem'), { type: 'object', properties: { status: { const: status }, code: { enum: codes } } }] } } },
        },
      ]),
  );
}

/**
 * The other answers of a redirect route: it redirects on every outcome it decides (a dead
 * link, a payment not decided yet), so only a request it refuses before deciding, or a
 * failure, is answered otherwise: a problem response, as its listed statuses say.
 */
const REDIRECT_OTHERWISE: Json = {
  description: 'Not redirected: the request was refused before anything was decided, or the shop failed. A problem response.',
  content: { 'application/problem+json': { schema: ref('Problem') } },
};

function successResponse(id: HttpRouteId, route: HttpRoute, schemas: HttpRouteSchemas, responseIds: Map<z.ZodType, string>): Json {
  if (route.status === 303) return { description: 'Redirect to the shop page that shows the outcome, whichever it was', headers: { Location: { description: 'The page, e.g. `/payment-success?…`.', schema: { type: 'string' } } } };
  if (schemas.responseType === 'image/webp') return { description: 'The image', content: { 'image/webp': { schema: { type: 'string', contentMediaType: 'image/webp' } } } };
  if (schemas.responseType === 'text/csv') return { description: 'The CSV file (UTF-8, a header row, comma-separated, RFC 4180 quoting)', content: { 'text/csv': { schema: { type: 'string' } } } };
  if (!schemas.response) return { description: describeStatus[route.status] ?? 'OK' };
  const session = schemas.response === sessionSchema ? ` Sets the HttpOnly \`${REFRESH_COOKIE}\` refresh cookie.` : '';
  return { description: `${describeStatus[route.status] ?? 'OK'}.${session}`, content: { 'application/json': { schema: ref(responseIds.get(schemas.response) ?? `${pascal(id)}Reply`) } } };
}

/**
 * The OpenAPI 3.1 document of the BFF, built from the route contract (`HTTP_ROUTES` and
 * `HTTP_SCHEMAS`): the same zod schemas the controllers parse requests with, converted
 * to JSON Schema 2020-12, the dialect of OpenAPI 3.1.
 */
export function buildOpenApiDocument(version = '0.1.0'): Json {
  const requests = z.registry<{ id: string }>();
  const responses = z.registry<{ id: string }>();
  for (const [id, schema] of Object.entries(SHARED_REQUESTS)) requests.add(schema, { id });
  for (const [id, schema] of Object.entries(SHARED_RESPONSES)) responses.add(schema, { id });
  const ids = Object.keys(HTTP_ROUTES) as HttpRouteId[];
  for (const id of ids) {
    const s: HttpRouteSchemas = HTTP_SCHEMAS[id];
    if (s.body && !requests.has(s.body)) requests.add(s.body, { id: `${pascal(id)}Body` });
    if (s.response && !responses.has(s.response)) responses.add(s.response, { id: `${pascal(id)}Reply` });
  }
  const requestIds = new Map<z.ZodType, string>();
  const responseIds = new Map<z.ZodType, string>();
  for (const id of ids) {
    const s: HttpRouteSchemas = HTTP_SCHEMAS[id];
    if (s.body) requestIds.set(s.body, requests.get(s.body)!.id);
    if (s.response) responseIds.set(s.response, responses.get(s.response)!.id);
  }

  const paths: Record<string, Record<string, Json>> = {};
  for (const id of ids) {
    const route: HttpRoute = HTTP_ROUTES[id];
    const s: HttpRouteSchemas = HTTP_SCHEMAS[id];
    const headers: Json[] = route.command
      ? [{ name: 'Idempotency-Key', in: 'header', required: false, description: 'Makes a retry safe: a repeat with the same key answers the first outcome (ADR 012).', schema: { type: 'string', pattern: IDEMPOTENCY_KEY_PATTERN.source } }]
      : [];
    // A public route says so (`security: []`): no credential, rather than none documented.
    const security = route.access === 'public' ? (id === 'auth.refresh' || id === 'auth.signOut' ? [{ refreshCookie: [] }] : []) : [{ bearerAuth: [] }];
    const access = route.access === 'admin' ? ' Admins only.' : route.access === 'user' ? ' Signed-in.' : '';
    const limit = route.rateLimited ? ' Rate-limited per client address and account.' : '';
    paths[route.path] ??= {};
    paths[route.path]![route.method.toLowerCase()] = {
      operationId: id,
      tags: [route.tag],
      summary: route.summary,
      description: `${route.summary}.${access}${limit}${route.command ? ' A command: send an Idempotency-Key to retry it safely.' : ''}`,
      security,
      parameters: [...parameters(s.params, 'path'), ...parameters(s.query, 'query'), ...headers],
      ...(s.body ? { requestBody: { required: true, content: { [s.bodyType ?? 'application/json']: { schema: ref(requestIds.get(s.body)!) } } } } : {}),
      responses: { [String(route.status)]: successResponse(id, route, s, responseIds), ...errorResponses(route), ...(route.status === 303 ? { default: REDIRECT_OTHERWISE } : {}) },
    };
  }

  return {
    openapi: '3.1.0',
    info: {
      title: 'Jalaj shop API',
      version,
      description: `The BFF's REST API. Errors are \`application/problem+json\` with a stable \`code\` (one of ${ERROR_CODES.join(', ')}) and a user-facing \`message\`.`,
    },
    servers: [{ url: '/' }],
    tags: [...new Set(ids.map((id) => HTTP_ROUTES[id].tag))].map((name) => ({ name, description: TAG_DESCRIPTIONS[name] })),
    paths,
    components: {
      schemas: { ...components(requests, 'input'), ...components(responses, 'output') },
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'The access token of a session reply.' },
        refreshCookie: { type: 'apiKey', in: 'cookie', name: REFRESH_COOKIE, description: 'The HttpOnly refresh cookie a session reply sets.' },
      },
    },
  };
}
