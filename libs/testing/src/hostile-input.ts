import { z } from 'zod';
import { HTTP_ROUTES, HTTP_SCHEMAS, type HttpRouteId, type HttpRouteSchemas } from '@jalaj/contracts';

/**
 * Hostile requests for the BFF's routes, generated from the route contract (`HTTP_ROUTES`
 * and the zod schemas of `HTTP_SCHEMAS`, the ones the API documentation is built from):
 * wrong types, missing and extra fields, huge strings and numbers, deep nesting, bad JSON,
 * bad content types, odd path ids and query values. Deterministic: the same seed gives the
 * same cases in the same order. Used by the bounded spec (hostile-input.int-spec.ts) and
 * `npm run fuzz` (scripts/fuzz.mjs).
 */

/** What a hostile case attacks. */
export type HostileCategory =
  | 'wrong-type'
  | 'missing-field'
  | 'extra-field'
  | 'huge-string'
  | 'huge-number'
  | 'deep-nesting'
  | 'bad-json'
  | 'content-type'
  | 'path-id'
  | 'query';

/** One hostile request: raw path parameters and query, and the raw body with its content type. */
export interface HostileCase {
  readonly category: HostileCategory;
  readonly label: string;
  /** Path parameters as they go into the URL (already percent-encoded where needed); absent: the valid ones. */
  readonly params?: Readonly<Record<string, string>>;
  /** The raw query string without `?`; absent: the valid one. */
  readonly query?: string;
  /** The raw body; absent: none. */
  readonly body?: string;
  /** The Content-Type header; absent with a body: `application/json`; `null`: none at all. */
  readonly contentType?: string | null;
}

/** What the valid request of a route is (the fuzzer varies one part of it per case). */
export interface ValidRequest {
  readonly params?: Readonly<Record<string, string>>;
  readonly query?: Readonly<Record<string, string>>;
  readonly body?: unknown;
}

/** Nesting above this many levels is refused with a 400 (the BFF's request guards, `MAX_JSON_DEPTH`). */
const DEEP = [33, 64, 512, 20_000];

/** A small fast seeded generator (mulberry32): the same seed, the same sequence. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** `depth` levels of arrays (or objects) as raw JSON, built without recursion. */
export function nestedJson(depth: number, kind: 'array' | 'object' = 'array'): string {
  return kind === 'array' ? `${'['.repeat(depth)}1${']'.repeat(depth)}` : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
}

/** Raw JSON of a body with one field replaced by raw JSON text (numbers JSON.stringify cannot write, deep nesting). */
function withRawField(body: Record<string, unknown>, field: string, raw: string): string {
  const marker = `__raw_${field}__`;
  return JSON.stringify({ ...body, [field]: marker }).replace(JSON.stringify(marker), raw);
}

/** The JSON Schema of a zod schema as the caller sends it (io: input). */
type JsonSchema = { type?: string | string[]; properties?: Record<string, JsonSchema>; required?: string[]; anyOf?: JsonSchema[]; enum?: unknown[]; const?: unknown };
const jsonSchema = (schema: z.ZodType): JsonSchema => z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'input', unrepresentable: 'any' }) as JsonSchema;

/** The JSON types a property accepts ('string', 'number', …); `[]` when it takes anything. */
function typesOf(schema: JsonSchema): string[] {
  if (schema.anyOf) return [...new Set(schema.anyOf.flatMap(typesOf))];
  if (schema.const !== undefined) return [typeof schema.const];
  if (schema.enum) return [...new Set(schema.enum.map((v) => (v === null ? 'null' : typeof v)))];
  if (!schema.type) return [];
  return (Array.isArray(schema.type) ? schema.type : [schema.type]).map((t) => (t === 'integer' ? 'number' : t));
}

const jsonType = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);

/** Values of every JSON type: a field gets those not of its own type. */
const ANY_TYPE: unknown[] = [null, true, false, 0, -1, 1.5, '', 'x', '1', 'true', [], ['x'], [null], {}, { a: 1 }, { $gt: '' }];

/** Strings no field expects. */
export const HOSTILE_STRINGS: readonly string[] = [
  'x'.repeat(10_000),
  'x'.repeat(200_000),
  '🌿'.repeat(5_000),
  'e\u0301'.repeat(3_000),
  '\u202Eevil\u202C',
  '\uFEFFbom',
  '\uD800 lone surrogate',
  '\u0001\u0002\u001F controls',
  '\u200B\u200D zero width',
  "' OR 1=1 --",
  '<script>alert(1)</script>',
  '${jndi:ldap://x}',
  '{{7*7}}',
  '../../../../etc/passwd',
  '   ',
];

/** Numbers beyond every column, as raw JSON (some cannot be written by JSON.stringify). */
export const HOSTILE_NUMBERS: readonly string[] = ['1e308', '-1e308', '1e400', '-1e400', '9007199254740993', '2147483648', '-2147483649', '123456789012345678901234567890', '1e-400', '-0', '0.1e1', '4.9e-324'];

/** Bodies that are not JSON, or JSON of the wrong shape at the top. */
export const BAD_JSON: readonly string[] = ['{', '{"a":', '{"a":1,}', "{'a':1}", '[1,]', 'nul', 'undefined', 'NaN', '{"a":1}{"b":2}', '\uFEFF{}', '{"a":"\\ud800"}', '{"a":"\\u00"}', 'null', '[]', '"text"', '0', 'true', ' ', '{"__proto__":{"polluted":1}}', '{"constructor":{"prototype":{"polluted":1}}}'];

/** Content types the JSON routes do not take (and odd spellings of JSON). */
export const BAD_CONTENT_TYPES: readonly (string | null)[] = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
  'application/jsonx',
  'application/json; charset=latin1',
  'application/vnd.api+json',
  'APPLICATION/JSON',
  ';;;',
  'x'.repeat(2_000),
  null,
];

/** Path ids that name nothing (as they go into the URL). */
export const ODD_IDS: readonly string[] = [
  'not-a-uuid',
  '00000000-0000-0000-0000-000000000000',
  '0',
  '-1',
  '1e999',
  '9'.repeat(40),
  'a'.repeat(65),
  'a'.repeat(300),
  'a'.repeat(5_000),
  encodeURIComponent('ü植物🌿'),
  '%C3%BC',
  '..%2F..%2Fetc%2Fpasswd',
  '..',
  '%2e%2e',
  '%',
  '%zz',
  '%E0%A4%A',
  '%00',
  '%20',
  encodeURIComponent("' OR 1=1 --"),
  encodeURIComponent('<script>'),
  'null',
  'undefined',
  '__proto__',
  'constructor',
  '%5Bobject%20Object%5D',
  encodeURIComponent('{"$gt":""}'),
  '%F0%9F%8C%BF',
  '%FF%FE',
];

/** Query values no filter expects (as they go into the URL). */
const ODD_QUERY_VALUES: readonly string[] = ['', 'x'.repeat(6_000), '-1', '0', '1e400', 'NaN', 'Infinity', '%5B%5D', '%7B%7D', 'true', 'TRUE', '%', '%zz', '%00', encodeURIComponent('ü植物🌿'), encodeURIComponent("' OR 1=1 --"), '2026-02-30', '9'.repeat(40)];

/** Fields a caller might try to set beyond the body's own (mass assignment), with telltale values. */
export const MASS_ASSIGNMENT_FIELDS: Readonly<Record<string, unknown>> = {
  role: 'admin',
  isAdmin: true,
  userId: 'usr_massassigned000000000000',
  id: 'mass-assigned-id',
  pricePaise: 1,
  unitPricePaise: 1,
  stockQuantity: 987_654,
  totalPaise: 1,
  subtotalPaise: 1,
  shippingPaise: 1,
  amountPaise: 1,
  paidPaise: 1,
  refundedPaise: 1,
  state: 'paid',
  status: 'delivered',
  fulfilment: 'delivered',
  archived: true,
  emailConfirmed: true,
  createdAt: '2000-01-01T00:00:00.000Z',
  updatedAt: '2000-01-01T00:00:00.000Z',
};

/** The mass-assignment fields a route's body does not take itself (the ones a caller may set are its own fields). */
export function massAssignmentExtras(routeId: HttpRouteId): Record<string, unknown> {
  const body = (HTTP_SCHEMAS[routeId] as HttpRouteSchemas).body;
  const own = new Set(Object.keys(body ? (jsonSchema(body).properties ?? {}) : {}));
  return Object.fromEntries(Object.entries(MASS_ASSIGNMENT_FIELDS).filter(([k]) => !own.has(k)));
}

/** Every hostile case of one route, by category, before sampling. */
function allCases(routeId: HttpRouteId, valid: ValidRequest): Map<HostileCategory, HostileCase[]> {
  const route = HTTP_ROUTES[routeId];
  const schemas: HttpRouteSchemas = HTTP_SCHEMAS[routeId];
  const by = new Map<HostileCategory, HostileCase[]>();
  const add = (c: HostileCase) => by.set(c.category, [...(by.get(c.category) ?? []), c]);
  const takesBody = route.method !== 'GET';
  const multipart = schemas.bodyType === 'multipart/form-data';
  const body = valid.body !== undefined && typeof valid.body === 'object' && valid.body !== null && !Array.isArray(valid.body) ? (valid.body as Record<string, unknown>) : {};

  if (takesBody && schemas.body && !multipart) {
    const json = jsonSchema(schemas.body);
    const properties = json.properties ?? {};
    for (const [field, property] of Object.entries(properties)) {
      const types = typesOf(property);
      const wrong = types.length ? ANY_TYPE.filter((v) => !types.includes(jsonType(v)) || (types.length === 1 && types[0] === 'string' && v === '')) : ANY_TYPE;
      for (const v of wrong) add({ category: 'wrong-type', label: `${field} = ${JSON.stringify(v)}`, body: JSON.stringify({ ...body, [field]: v }) });
      if (property.enum || property.const !== undefined || property.anyOf) add({ category: 'wrong-type', label: `${field} = "not-an-option"`, body: JSON.stringify({ ...body, [field]: 'not-an-option' }) });
      for (const s of HOSTILE_STRINGS) add({ category: 'huge-string', label: `${field} = ${JSON.stringify(s.slice(0, 12))}… (${s.length})`, body: JSON.stringify({ ...body, [field]: s }) });
      for (const n of HOSTILE_NUMBERS) add({ category: 'huge-number', label: `${field} = ${n}`, body: withRawField(body, field, n) });
      for (const depth of [33, 64]) add({ category: 'deep-nesting', label: `${field} nested ${depth} deep`, body: withRawField(body, field, nestedJson(depth, 'object')) });
    }
    for (const field of json.required ?? []) {
      const { [field]: _gone, ...rest } = body;
      add({ category: 'missing-field', label: `without ${field}`, body: JSON.stringify(rest) });
    }
    add({ category: 'missing-field', label: 'empty object', body: '{}' });
    for (const [label, extra] of [
      ['mass assignment', massAssignmentExtras(routeId)],
      ['an unknown field', { unknownField: 'x' }],
      ['a thousand unknown fields', Object.fromEntries(Array.from({ length: 1000 }, (_, i) => [`f${i}`, i]))],
      ['a 5000-character key', { ['k'.repeat(5000)]: 1 }],
    ] as const) {
      add({ category: 'extra-field', label: `with ${label}`, body: JSON.stringify({ ...body, ...extra }) });
    }
    add({ category: 'extra-field', label: 'with __proto__', body: JSON.stringify(body).replace(/^\{/, '{"__proto__":{"role":"admin","isAdmin":true},') });
    for (const v of [null, [], [body], 'text', 0, true]) add({ category: 'wrong-type', label: `body = ${JSON.stringify(v).slice(0, 20)}`, body: JSON.stringify(v) });
  }
  if (takesBody) {
    for (const depth of DEEP) add({ category: 'deep-nesting', label: `body nested ${depth} deep`, body: nestedJson(depth, depth % 2 ? 'object' : 'array') });
    if (!multipart) for (const raw of BAD_JSON) add({ category: 'bad-json', label: `body ${JSON.stringify(raw).slice(0, 30)}`, body: raw });
    add({ category: 'bad-json', label: 'a body of 2 MB', body: JSON.stringify({ ...body, padding: 'x'.repeat(2_000_000) }) });
    for (const type of BAD_CONTENT_TYPES) add({ category: 'content-type', label: `Content-Type ${JSON.stringify(type)?.slice(0, 40)}`, body: JSON.stringify(body), contentType: type });
    if (multipart) {
      for (const raw of ['--x--', '--x\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nnot a png\r\n--x--', 'garbage', '--x\r\n\r\n']) {
        add({ category: 'content-type', label: `multipart ${JSON.stringify(raw).slice(0, 30)}`, body: raw, contentType: 'multipart/form-data; boundary=x' });
      }
      add({ category: 'content-type', label: 'multipart without a boundary', body: '--x--', contentType: 'multipart/form-data' });
    }
  }

  for (const name of Object.keys(valid.params ?? {})) {
    for (const id of ODD_IDS) add({ category: 'path-id', label: `${name} = ${id.slice(0, 30)}${id.length > 30 ? `… (${id.length})` : ''}`, params: { ...valid.params, [name]: id }, ...(takesBody && valid.body !== undefined ? { body: JSON.stringify(valid.body) } : {}) });
  }

  const queryKeys = Object.keys(schemas.query ? (jsonSchema(schemas.query).properties ?? {}) : {});
  const validQuery = new URLSearchParams(valid.query ?? {}).toString();
  const join = (...parts: string[]) => parts.filter(Boolean).join('&');
  for (const key of queryKeys) {
    for (const value of ODD_QUERY_VALUES) add({ category: 'query', label: `${key}=${value.slice(0, 20)}`, query: join(validQuery, `${key}=${value}`) });
    add({ category: 'query', label: `${key} twice`, query: join(validQuery, `${key}=a&${key}=b`) });
    add({ category: 'query', label: `${key}[]`, query: join(validQuery, `${key}[]=a&${key}[b]=c`) });
  }
  add({ category: 'query', label: 'unknown query keys', query: join(validQuery, 'unknown=1&__proto__[role]=admin&constructor[prototype][x]=1') });
  add({ category: 'query', label: 'a thousand query keys', query: join(validQuery, Array.from({ length: 1000 }, (_, i) => `k${i}=${i}`).join('&')) });
  return by;
}

/**
 * `count` hostile cases of a route for a seed: the categories take turns (each shuffled by
 * the seed), so even a short run tries every kind of attack the route can take.
 *
 * @param routeId - The route of `HTTP_ROUTES`.
 * @param valid - Its valid request (path ids, query, body) that each case varies.
 * @param options - `seed`, and how many cases (`count`; all when absent).
 * @returns The cases, in the order to send them.
 */
export function hostileCases(routeId: HttpRouteId, valid: ValidRequest, options: { seed: number; count?: number }): HostileCase[] {
  const random = seededRandom(options.seed ^ hash(routeId));
  const queues = [...allCases(routeId, valid).values()].map((cases) => shuffled(cases, random));
  const total = queues.reduce((n, q) => n + q.length, 0);
  const count = Math.min(options.count ?? total, total);
  const out: HostileCase[] = [];
  for (let round = 0; out.length < count; round++) {
    for (const q of queues) if (round < q.length && out.length < count) out.push(q[round]!);
  }
  return out;
}

/** A stable 32-bit hash of a string (FNV-1a): each route gets its own sequence of a seed. */
function hash(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/**
 * What must never leave the shop in an answer: stack frames, source or install paths,
 * the names of the framework, ORM, broker and database, and system error codes.
 */
export const LEAK_PATTERNS: readonly RegExp[] = [
  /\n\s*at \S/,
  /\bat (?:async )?[\w$.<>[\]]+ \([^)]*:\d+:\d+\)/,
  /\.(?:m?[jt]sx?|cjs):\d+/,
  /node_modules|\/work\/|\/home\/|\/usr\/|\/app\/dist/,
  /MikroORM|@mikro-orm|\bNest(?:JS|Factory|Application|Microservice)?\b|@nestjs/,
  /\bnats\b|\brpc\.[a-z]+\.[a-z]/i,
  /postgres|\bpg_|\bSQLSTATE\b|duplicate key|violates .* constraint|relation ".*"/i,
  /ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE|ENOTFOUND/,
  /"stack"\s*:|TypeError|ReferenceError|RangeError|SyntaxError|Cannot read propert/,
];

/** The first internal detail an answer's body gives away, or `undefined`. */
export function findLeak(body: string): string | undefined {
  for (const pattern of LEAK_PATTERNS) {
    const m = pattern.exec(body);
    if (m) return body.slice(Math.max(0, m.index - 40), m.index + m[0].length + 40);
  }
  return undefined;
}
