import { HTTP_ROUTES, type HttpRouteId } from '@jalaj/contracts';
import { findLeak, hostileCases, massAssignmentExtras, type HostileCase } from './hostile-input.js';
import { eventually } from './eventually.js';
import { httpClient, newConfirmedShopper, type HttpCall } from './http-client.js';
import { ROUTE_CLASSES, type HostileFixtures, type RouteCaller, type RouteClass, type ShopperFixture } from './route-classes.js';

/** Something the hostile-input suite found: a 5xx, a leak, a partial write, a wrong authorization answer, a mass-assigned field. */
export interface HostileFinding {
  readonly route: string;
  readonly kind: '5xx' | 'leak' | 'partial write' | 'no answer' | 'authorization' | 'mass assignment';
  readonly label: string;
  readonly status: number;
  readonly detail: string;
}

/** One route's line of the fuzzer's table. */
export interface FuzzRow {
  readonly route: HttpRouteId;
  cases: number;
  '4xx': number;
  '5xx': number;
  leaks: number;
  partialWrites: number;
}

/** The routes of `HTTP_ROUTES` without a class in `ROUTE_CLASSES` (each a failure of the suite). */
export function unclassifiedRoutes(): HttpRouteId[] {
  return (Object.keys(HTTP_ROUTES) as HttpRouteId[]).filter((id) => !ROUTE_CLASSES[id]);
}

/** A private address for the run's requests (the apps trust X-Forwarded-For in tests and the fuzz stack). */
const ADDRESS = `10.${Math.floor(Math.random() * 250) + 1}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`;

/** The BFF's body limit (bytes; libs/server-kit bootstrap). */
const BODY_LIMIT = 1024 * 1024;

interface Answer {
  status: number;
  text: string;
}

/** Sends one raw request; a connection that fails or hangs answers status 0. */
async function send(base: string, method: string, path: string, options: { token?: string; body?: string; contentType?: string | null }): Promise<Answer> {
  const headers: Record<string, string> = { 'x-forwarded-for': ADDRESS };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined && options.contentType !== null) headers['content-type'] = options.contentType ?? 'application/json';
  try {
    const r = await fetch(base + path, { method, headers, body: options.body === undefined ? undefined : Buffer.from(options.body), redirect: 'manual', signal: AbortSignal.timeout(30_000) });
    return { status: r.status, text: await r.text() };
  } catch (e) {
    return { status: 0, text: String((e as Error).cause ?? e) };
  }
}

/** A route's path with its parameters: valid ones percent-encoded per segment, hostile ones as they are. */
function pathOf(id: HttpRouteId, valid: Record<string, string> = {}, raw: Readonly<Record<string, string>> = {}): string {
  return HTTP_ROUTES[id].path.replace(/\{(\w+)\}/g, (_, name: string) => (raw[name] !== undefined && raw[name] !== valid[name] ? raw[name] : (valid[name] ?? 'missing').split('/').map(encodeURIComponent).join('/')));
}

const tokenOf = (f: HostileFixtures, caller: RouteCaller) => (caller === 'admin' ? f.adminToken : caller === 'shopper' ? f.shopper.token : undefined);
const callerOf = (id: HttpRouteId): RouteCaller => (HTTP_ROUTES[id].access === 'admin' ? 'admin' : HTTP_ROUTES[id].access === 'user' ? 'shopper' : 'public');

/** The answer of a class's read-back GET (as the shopper `as`, or the admin for admin routes). */
async function readBack(base: string, f: HostileFixtures, cls: RouteClass, as: ShopperFixture = f.shopper): Promise<string | undefined> {
  if (!cls.readBack) return undefined;
  const { route, params } = cls.readBack;
  const token = callerOf(route) === 'admin' ? f.adminToken : as.token;
  const r = await send(base, 'GET', pathOf(route, params?.(f)), { token });
  return `${r.status} ${cls.readBack.without ? withoutFields(r.text, cls.readBack.without) : r.text}`;
}

/** The JSON `text` with the fields named `names` removed at any depth (text that is not JSON as it is). */
function withoutFields(text: string, names: readonly string[]): string {
  try {
    return JSON.stringify(JSON.parse(text), (key, value: unknown) => (names.includes(key) ? undefined : value));
  } catch {
    return text;
  }
}

/**
 * Signs up two shoppers (through the development mailbox) each with an address, an order
 * paid through the PhonePe sandbox and a cart line, signs the admin in and creates a product of
 * the fuzzer's own: what the valid requests of {@link ROUTE_CLASSES} name.
 */
export async function prepareHostileFixtures(base: string, admin: { email: string; password: string }): Promise<HostileFixtures> {
  const call: HttpCall = httpClient(base);
  const must = async (what: string, status: number, p: ReturnType<HttpCall>) => {
    const r = await p;
    if (r.status !== status) throw new Error(`${what}: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body;
  };
  const adminToken: string = (await must('admin sign-in', 200, call('POST', '/api/auth/sign-in', { body: admin }))).accessToken;
  const { items } = await must('products', 200, call('GET', '/api/products'));
  const product = items.find((p: { stockQuantity: number; imageUrls: string[] }) => p.stockQuantity > 10 && p.imageUrls.length);
  const shopper = async (name: string): Promise<ShopperFixture> => {
    const s = await newConfirmedShopper(call, name);
    const token = s.token;
    const addressId = (await must('address', 201, call('POST', '/api/me/addresses', { token, body: { fullName: `${name} Roy`, phone: '9830012345', addressLine1: '1 Lake Road', city: 'Kolkata', state: 'West Bengal', postalCode: '700029', addressType: 'both' } }))).id;
    const addToCart = () => must('add to cart', 200, call('POST', '/api/cart/items', { token, body: { productId: product.id, quantity: 1 } }));
    await addToCart();
    const started = await must('pay', 200, call('POST', '/api/checkout/pay', { token, body: { shippingAddressId: addressId, billingAddressId: addressId } }));
    await payAtSandbox(base, started.redirectUrl, call);
    // A paid order is settled (a pending one changes as the shop asks PhonePe about it); the
    // cart empties when the paid event reaches it, then gets the line the routes name.
    await eventually(() => call('GET', '/api/cart', { token }), (r) => r.status === 200 && r.body.lines.length === 0, 20_000);
    await addToCart();
    const cart = await must('cart', 200, call('GET', '/api/cart', { token }));
    return { id: s.user.id, email: s.email, token, addressId, cartLineId: cart.lines[0].id, orderId: started.orderId, merchantOrderId: started.merchantOrderId };
  };
  const fuzzProduct = await must('fuzz product', 201, call('POST', '/api/admin/products', { token: adminToken, body: { name: 'Fuzz fern', price: '120.00', stockQuantity: 5 } }));
  return {
    shopper: await shopper('fuzz'),
    other: await shopper('other'),
    adminToken,
    productId: product.id,
    fuzzProductId: fuzzProduct.id,
    mediaKey: product.imageUrls[0].replace(/^\/media\//, ''),
  };
}

/**
 * PhonePe's hosted page: its Pay button (a form post answered with a 303 to the shop's
 * return URL), then the shop's return, which decides the payment.
 */
async function payAtSandbox(base: string, redirectUrl: string, call: HttpCall) {
  const page = new URL(redirectUrl);
  if (page.hostname === 'localhost') page.hostname = '127.0.0.1';
  const paid = await fetch(page, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'outcome=COMPLETED', redirect: 'manual' });
  await paid.arrayBuffer();
  const back = new URL(paid.headers.get('location') ?? '', base);
  const returned = await call('GET', back.pathname + back.search);
  if (paid.status !== 303 || !returned.location?.startsWith('/payment-success')) throw new Error(`payment: hosted page ${paid.status}, return to ${returned.location}`);
}

/** Routes in the order the fuzzer takes them: reads and changes first, deletions last (they end fixtures). */
function fuzzOrder(routes: readonly HttpRouteId[]): HttpRouteId[] {
  return [...routes].sort((a, b) => Number(HTTP_ROUTES[a].method === 'DELETE') - Number(HTTP_ROUTES[b].method === 'DELETE'));
}

export interface FuzzOptions {
  seed: number;
  /** Cases per route (all the generators have when absent). */
  casesPerRoute?: number;
  /** Stop sending new cases after this time (ms since the epoch). */
  until?: number;
  /** Only these routes (default: every classified route). */
  routes?: readonly HttpRouteId[];
  /** Called after each route. */
  onRoute?: (row: FuzzRow) => void;
}

/**
 * Sends every route its hostile cases as its caller and checks each answer: no 5xx (nor
 * no answer), no internal detail in the body, and — for a route with a read-back — a
 * refused write left what it would change exactly as it was.
 */
export async function fuzzRoutes(base: string, f: HostileFixtures, options: FuzzOptions): Promise<{ rows: FuzzRow[]; findings: HostileFinding[] }> {
  const rows: FuzzRow[] = [];
  const findings: HostileFinding[] = [];
  const ids = fuzzOrder(options.routes ?? (Object.keys(ROUTE_CLASSES) as HttpRouteId[]));
  for (const id of ids) {
    if (options.until && Date.now() > options.until) break;
    const cls = ROUTE_CLASSES[id]!;
    const route = HTTP_ROUTES[id];
    const valid = { params: cls.params?.(f, f.shopper), query: cls.query?.(f), body: cls.body?.(f, f.shopper) };
    const token = tokenOf(f, cls.caller);
    const row: FuzzRow = { route: id, cases: 0, '4xx': 0, '5xx': 0, leaks: 0, partialWrites: 0 };
    const writes = route.method !== 'GET';
    // The control: the valid request gets past the route's guard (else every case would
    // only test the guard).
    if (cls.caller !== 'public') {
      const control = await sendCase(base, id, valid, { category: 'query', label: 'the valid request' }, token);
      if (control.status === 401 || control.status === 403) findings.push({ route: id, kind: 'authorization', label: 'the valid request as its caller', status: control.status, detail: control.text.slice(0, 300) });
    }
    let before = writes ? await readBack(base, f, cls) : undefined;
    for (const c of hostileCases(id, valid, { seed: options.seed, count: options.casesPerRoute })) {
      if (options.until && Date.now() > options.until) break;
      const found = (kind: HostileFinding['kind'], status: number, detail: string) => findings.push({ route: id, kind, label: `${c.category}: ${c.label}`, status, detail: detail.slice(0, 300) });
      const r = await sendCase(base, id, valid, c, token);
      // With no answer, the text is the client's own error: not checked for leaks.
      const answered = r.status !== 0;
      row.cases++;
      // A body over the BFF's limit is answered 413 at once and the connection closed: the
      // client may still be writing it (EPIPE, a reset). The shop refused it.
      if (r.status === 0 && (c.body?.length ?? 0) > BODY_LIMIT && /EPIPE|ECONNRESET|other side closed/.test(r.text)) r.status = 413;
      if (r.status >= 400 && r.status < 500) row['4xx']++;
      if (r.status >= 500 || r.status === 0) {
        row['5xx']++;
        found(r.status ? '5xx' : 'no answer', r.status, r.text);
      }
      const leak = answered ? findLeak(r.text) : undefined;
      if (leak) {
        row.leaks++;
        found('leak', r.status, leak);
      }
      if (before !== undefined) {
        const after = await readBack(base, f, cls);
        if (r.status >= 400 && after !== before) {
          row.partialWrites++;
          found('partial write', r.status, difference(before, after));
        }
        before = after;
      }
    }
    rows.push(row);
    options.onRoute?.(row);
  }
  return { rows, findings };
}

function sendCase(base: string, id: HttpRouteId, valid: { params?: Record<string, string>; query?: Record<string, string>; body?: unknown }, c: HostileCase, token: string | undefined) {
  const query = c.query ?? new URLSearchParams(valid.query ?? {}).toString();
  const path = pathOf(id, valid.params, c.params) + (query ? `?${query}` : '');
  const body = c.body ?? (c.category === 'query' && valid.body !== undefined ? JSON.stringify(valid.body) : undefined);
  return send(base, HTTP_ROUTES[id].method, path, { token, body, contentType: c.contentType });
}

/** Where two read-backs first differ, with some context either side. */
function difference(before: string, after: string | undefined): string {
  const a = after ?? '';
  let i = 0;
  while (i < before.length && before[i] === a[i]) i++;
  const at = Math.max(0, i - 60);
  return `at ${i}: before …${before.slice(at, i + 80)}… after …${a.slice(at, i + 80)}…`;
}

/** How often `key: value` occurs anywhere in a JSON value. */
function occurrences(json: unknown, key: string, value: unknown): number {
  let n = 0;
  const stack = [json];
  const want = JSON.stringify(value);
  while (stack.length) {
    const v = stack.pop();
    if (!v || typeof v !== 'object') continue;
    for (const [k, inner] of Object.entries(v)) {
      if (k === key && JSON.stringify(inner) === want) n++;
      stack.push(inner);
    }
  }
  return n;
}

const parse = (answer: string | undefined) => {
  try {
    return JSON.parse(answer?.slice(answer.indexOf(' ') + 1) ?? 'null');
  } catch {
    return null;
  }
};

/**
 * The authorization matrix, generated from the route list: every admin route without a
 * token is a 401 and as a shopper a 403; every signed-in route without a token a 401;
 * every route naming a shopper's thing, called by another shopper, a 404 (their own call
 * is not: the id is real), and the thing unchanged; every route that takes a body, sent the
 * fields its caller may not set (role, user id, prices, stock, totals, states), sets none
 * of them (read back).
 */
export async function authorizationMatrix(base: string, f: HostileFixtures): Promise<{ checks: number; findings: HostileFinding[] }> {
  const findings: HostileFinding[] = [];
  let checks = 0;
  const expect = (id: HttpRouteId, label: string, ok: boolean, status: number, detail: string) => {
    checks++;
    if (!ok) findings.push({ route: id, kind: 'authorization', label, status, detail: detail.slice(0, 300) });
  };
  for (const id of Object.keys(HTTP_ROUTES) as HttpRouteId[]) {
    const cls = ROUTE_CLASSES[id];
    if (!cls) continue;
    const route = HTTP_ROUTES[id];
    const request = (token: string | undefined, own: ShopperFixture, body = cls.body?.(f, own)) =>
      send(base, route.method, pathOf(id, cls.params?.(f, own)) + (cls.query ? `?${new URLSearchParams(cls.query(f))}` : ''), { token, body: body === undefined ? undefined : JSON.stringify(body) });
    if (route.access !== 'public') {
      const anonymous = await request(undefined, f.shopper);
      expect(id, 'without a token: 401', anonymous.status === 401, anonymous.status, anonymous.text);
    }
    if (route.access === 'admin') {
      const shopper = await request(f.shopper.token, f.shopper);
      expect(id, 'as a shopper: 403', shopper.status === 403, shopper.status, shopper.text);
    }
    if (cls.owned) {
      const theirs = await readBack(base, f, cls, f.other);
      const stranger = await request(f.shopper.token, f.other);
      expect(id, "another shopper's id: 404", stranger.status === 404, stranger.status, stranger.text);
      if (theirs !== undefined) {
        const after = await readBack(base, f, cls, f.other);
        expect(id, "another shopper's thing unchanged", after === theirs, stranger.status, difference(theirs, after));
      }
      if (route.method === 'GET') {
        // The id is real: its owner gets something else than the stranger's "not found"
        // (a bill not issued yet is a 404 of its own code).
        const owner = await request(f.other.token, f.other);
        const codeOf = (a: Answer) => (parse(`${a.status} ${a.text}`) as { code?: string } | null)?.code;
        const same = owner.status === stranger.status && codeOf(owner) === codeOf(stranger);
        expect(id, "its owner: not the stranger's answer", !same && owner.status < 500, owner.status, owner.text);
      }
    }
    if (cls.body && cls.readBack && route.method !== 'DELETE') {
      const extras = massAssignmentExtras(id);
      const before = parse(await readBack(base, f, cls));
      const body = cls.body(f, f.shopper) as object;
      const r = await request(tokenOf(f, cls.caller), f.shopper, { ...(cls.current ? cls.current(body, before, f) : body), ...extras });
      const after = parse(await readBack(base, f, cls));
      for (const [key, value] of Object.entries(extras)) {
        const set = occurrences(after, key, value) > occurrences(before, key, value);
        checks++;
        if (set) findings.push({ route: id, kind: 'mass assignment', label: `${key}: ${JSON.stringify(value)}`, status: r.status, detail: JSON.stringify(after).slice(0, 300) });
      }
    }
  }
  return { checks, findings };
}
