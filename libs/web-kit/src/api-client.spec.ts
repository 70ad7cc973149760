import { setAccessToken } from './access-token.js';
import { createApiClient, isSafeToRetry, newIdempotencyKey } from './api-client.js';
import { ApiError } from './api-error.js';
import { setUnauthorizedHandler } from './unauthorized-handler.js';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const problem = (status: number, code: string, message: string) => json(status, { status, code, message });

type FetchStep = Response | Error | DOMException;

// A hand-rolled stub rather than jest.fn: under native ESM the `jest` object is
// not a global, and a plain recorder is all these specs need.
function stubFetch(...steps: FetchStep[]) {
  const calls: [RequestInfo | URL, RequestInit | undefined][] = [];
  const remaining = [...steps];
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    calls.push([input, init]);
    const step = remaining.shift();
    if (step === undefined) throw new Error('fetch called more often than stubbed');
    if (step instanceof Response) return step;
    throw step;
  }) as typeof fetch;
  return { calls };
}

describe('createApiClient', () => {
  const realFetch = globalThis.fetch;
  let delays: number[];
  const client = () => createApiClient({ sleep: async (ms) => void delays.push(ms) });

  beforeEach(() => {
    delays = [];
    setAccessToken(null);
  });
  afterAll(() => {
    globalThis.fetch = realFetch;
  });

  describe('retries', () => {
    it('retries a 503 and resolves with the later success', async () => {
      const fetchMock = stubFetch(problem(503, 'UNAVAILABLE', 'down'), json(200, { items: [] }));
      await expect(client().get('/api/products')).resolves.toEqual({ items: [] });
      expect(fetchMock.calls).toHaveLength(2);
      expect(delays).toEqual([200]);
    });

    it.each([502, 504])('retries a %i', async (status) => {
      const fetchMock = stubFetch(new Response('Bad gateway', { status }), json(200, { ok: 1 }));
      await expect(client().get('/api/x')).resolves.toEqual({ ok: 1 });
      expect(fetchMock.calls).toHaveLength(2);
    });

    it('retries a network failure', async () => {
      const fetchMock = stubFetch(new TypeError('Failed to fetch'), json(200, { ok: 1 }));
      await expect(client().post('/api/cart/items', { productId: 'prd_1', quantity: 1 })).resolves.toEqual({ ok: 1 });
      expect(fetchMock.calls).toHaveLength(2);
    });

    it.each([400, 401, 404, 409, 500])('does not retry a %i', async (status) => {
      const fetchMock = stubFetch(problem(status, 'INTERNAL', 'no'), json(200, {}));
      await expect(client().get('/api/x')).rejects.toMatchObject({ status });
      expect(fetchMock.calls).toHaveLength(1);
      expect(delays).toEqual([]);
    });

    it('gives up after 3 tries and throws the last answer', async () => {
      const fetchMock = stubFetch(
        problem(503, 'UNAVAILABLE', 'first'),
        problem(503, 'UNAVAILABLE', 'second'),
        problem(503, 'UNAVAILABLE', 'third'),
        json(200, {}),
      );
      const error = await client().get('/api/x').catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ApiError);
      expect(error).toMatchObject({ status: 503, code: 'UNAVAILABLE', message: 'third' });
      expect(fetchMock.calls).toHaveLength(3);
      expect(delays).toEqual([200, 400]);
    });

    it('gives up after 3 network failures with a NETWORK_ERROR', async () => {
      const fetchMock = stubFetch(new TypeError('a'), new TypeError('b'), new TypeError('c'), json(200, {}));
      await expect(client().get('/api/x')).rejects.toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
      expect(fetchMock.calls).toHaveLength(3);
    });

    it('does not retry a request the caller aborted', async () => {
      const controller = new AbortController();
      controller.abort();
      const abort = new DOMException('aborted', 'AbortError');
      const fetchMock = stubFetch(abort, json(200, {}));
      await expect(client().get('/api/x', { signal: controller.signal })).rejects.toBe(abort);
      expect(fetchMock.calls).toHaveLength(1);
    });

    it('honours a smaller maxAttempts', async () => {
      const fetchMock = stubFetch(problem(502, 'UNAVAILABLE', 'x'), json(200, {}));
      const once = createApiClient({ maxAttempts: 1, sleep: async () => undefined });
      await expect(once.get('/api/x')).rejects.toMatchObject({ status: 502 });
      expect(fetchMock.calls).toHaveLength(1);
    });
  });

  describe('retry policy for state-changing requests', () => {
    const keyOf = (call: [RequestInfo | URL, RequestInit | undefined] | undefined) => new Headers(call?.[1]?.headers).get('Idempotency-Key');
    let keys: number;
    const keyed = () => createApiClient({ sleep: async (ms) => void delays.push(ms), newIdempotencyKey: () => `key-000${++keys}` });
    beforeEach(() => {
      keys = 0;
    });

    it.each(['POST', 'PUT', 'PATCH', 'DELETE'] as const)('sends a %s with a fresh key and retries it with the same key', async (method) => {
      const fetchMock = stubFetch(problem(503, 'UNAVAILABLE', 'down'), new TypeError('Failed to fetch'), json(200, { ok: 1 }));
      await expect(keyed().request(method, '/api/cart/items', { quantity: 1 })).resolves.toEqual({ ok: 1 });
      expect(fetchMock.calls.map(keyOf)).toEqual(['key-0001', 'key-0001', 'key-0001']);
    });

    it('gives each call its own key', async () => {
      const fetchMock = stubFetch(json(200, {}), json(200, {}));
      const api = keyed();
      await api.post('/api/cart/items', { productId: 'prd_1', quantity: 1 });
      await api.post('/api/cart/items', { productId: 'prd_1', quantity: 1 });
      expect(fetchMock.calls.map(keyOf)).toEqual(['key-0001', 'key-0002']);
    });

    it.each(['GET', 'HEAD'] as const)('sends no key with a %s and still retries it', async (method) => {
      const fetchMock = stubFetch(problem(504, 'UNAVAILABLE', 'slow'), json(200, {}));
      await keyed().request(method, '/api/products');
      expect(fetchMock.calls.map(keyOf)).toEqual([null, null]);
    });

    it('retries a command whose outcome is unknown with the same key, and returns the first outcome', async () => {
      const fetchMock = stubFetch(problem(504, 'OUTCOME_UNKNOWN', 'unknown'), json(200, { cart: { itemCount: 1 } }));
      await expect(keyed().post('/api/cart/items', { productId: 'prd_1' })).resolves.toEqual({ cart: { itemCount: 1 } });
      expect(fetchMock.calls.map(keyOf)).toEqual(['key-0001', 'key-0001']);
    });

    it('uses the caller\'s own key for one logical action across calls', async () => {
      const fetchMock = stubFetch(json(200, {}), json(200, {}));
      await keyed().post('/api/orders', {}, { idempotencyKey: 'checkout-abc-123' });
      await keyed().post('/api/orders', {}, { headers: { 'idempotency-key': 'checkout-abc-123' } });
      expect(fetchMock.calls.map(keyOf)).toEqual(['checkout-abc-123', 'checkout-abc-123']);
    });

    it('never retries a state-changing request sent without a key', async () => {
      const fetchMock = stubFetch(problem(503, 'UNAVAILABLE', 'down'), json(200, {}));
      await expect(keyed().post('/api/cart/items', {}, { idempotencyKey: false })).rejects.toMatchObject({ status: 503 });
      expect(fetchMock.calls).toHaveLength(1);
      expect(keyOf(fetchMock.calls[0])).toBeNull();
      expect(delays).toEqual([]);
    });

    it('does not retry a network failure of a state-changing request sent without a key', async () => {
      const fetchMock = stubFetch(new TypeError('Failed to fetch'), json(200, {}));
      await expect(keyed().del('/api/cart', { idempotencyKey: false })).rejects.toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
      expect(fetchMock.calls).toHaveLength(1);
    });

    it('keeps the key on the re-send after a renewed session', async () => {
      const fetchMock = stubFetch(problem(401, 'UNAUTHENTICATED', 'expired'), json(200, {}));
      setAccessToken('tok_old');
      const api = createApiClient({
        newIdempotencyKey: () => 'key-renewed',
        onUnauthorized: async () => {
          setAccessToken('tok_new');
          return true;
        },
      });
      await api.patch('/api/me', { fullName: 'Asha' });
      expect(fetchMock.calls.map(keyOf)).toEqual(['key-renewed', 'key-renewed']);
    });
  });

  describe('isSafeToRetry', () => {
    it.each([
      ['GET', {}, true],
      ['HEAD', {}, true],
      ['POST', {}, false],
      ['DELETE', {}, false],
      ['POST', { 'Idempotency-Key': 'key-0001' }, true],
      ['PATCH', { 'idempotency-key': 'key-0001' }, true],
      ['PUT', { 'Idempotency-Key': '' }, false],
    ] as const)('%s with %j → %s', (method, headers, expected) => {
      expect(isSafeToRetry(method, new Headers(headers))).toBe(expected);
    });
  });

  describe('newIdempotencyKey', () => {
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

    it('makes a different version-4 UUID each time', () => {
      const a = newIdempotencyKey();
      expect(a).toMatch(uuid);
      expect(newIdempotencyKey()).not.toBe(a);
    });

    it('builds one from getRandomValues where randomUUID is missing (plain HTTP pages)', () => {
      const real = globalThis.crypto.randomUUID;
      Object.defineProperty(globalThis.crypto, 'randomUUID', { value: undefined, configurable: true });
      try {
        expect(newIdempotencyKey()).toMatch(uuid);
      } finally {
        Object.defineProperty(globalThis.crypto, 'randomUUID', { value: real, configurable: true });
      }
    });
  });

  describe('requests', () => {
    it('sends cookies, asks for JSON and joins the base URL', async () => {
      const fetchMock = stubFetch(json(200, {}));
      await createApiClient({ baseUrl: 'https://shop.test/' }).get('/api/me');
      const [url, init] = fetchMock.calls[0]!;
      expect(url).toBe('https://shop.test/api/me');
      expect(init?.credentials).toBe('include');
      expect(init?.method).toBe('GET');
      expect(new Headers(init?.headers).get('Accept')).toBe('application/json');
      expect(new Headers(init?.headers).has('Authorization')).toBe(false);
    });

    it('sends the in-memory access token as a bearer token', async () => {
      const fetchMock = stubFetch(json(200, {}));
      setAccessToken('tok_123');
      await client().get('/api/me');
      expect(new Headers(fetchMock.calls[0]![1]?.headers).get('Authorization')).toBe('Bearer tok_123');
    });

    it('sends a JSON body with its content type', async () => {
      const fetchMock = stubFetch(json(200, {}));
      await client().patch('/api/cart/items/crt_1', { quantity: 2 });
      const init = fetchMock.calls[0]![1];
      expect(init?.method).toBe('PATCH');
      expect(init?.body).toBe('{"quantity":2}');
      expect(new Headers(init?.headers).get('Content-Type')).toBe('application/json');
    });

    it('sends FormData untouched so the browser sets the multipart boundary', async () => {
      const fetchMock = stubFetch(json(200, {}));
      const form = new FormData();
      form.append('name', 'Anubias');
      await client().post('/api/admin/media', form);
      const init = fetchMock.calls[0]![1];
      expect(init?.body).toBe(form);
      expect(new Headers(init?.headers).has('Content-Type')).toBe(false);
    });

    it('resolves an empty reply as undefined', async () => {
      stubFetch(new Response(null, { status: 204 }));
      await expect(client().del('/api/cart')).resolves.toBeUndefined();
    });

    it('rejects a success reply that is not JSON', async () => {
      stubFetch(new Response('<html>', { status: 200 }));
      await expect(client().get('/api/x')).rejects.toMatchObject({ status: 200, code: 'INTERNAL' });
    });
  });

  describe('errors', () => {
    it('throws the problem response as an ApiError', async () => {
      stubFetch(
        json(409, {
          status: 409,
          code: 'OUT_OF_STOCK',
          title: 'Out of Stock',
          message: 'This item is currently out of stock',
        }),
      );
      const error = await client().post('/api/cart/items', {}).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ApiError);
      expect(error).toMatchObject({
        name: 'ApiError',
        status: 409,
        code: 'OUT_OF_STOCK',
        title: 'Out of Stock',
        message: 'This item is currently out of stock',
      });
    });
  });

  describe('401 on an authenticated request', () => {
    const authOf = (call: [RequestInfo | URL, RequestInit | undefined] | undefined) => new Headers(call?.[1]?.headers).get('Authorization');

    afterEach(() => setUnauthorizedHandler(null));

    it('renews the session once and sends the request again with the new token', async () => {
      const fetchMock = stubFetch(problem(401, 'UNAUTHENTICATED', 'expired'), json(200, { id: 'usr_1' }));
      setAccessToken('tok_old');
      let renewals = 0;
      const renewing = createApiClient({
        sleep: async () => undefined,
        onUnauthorized: async () => {
          renewals += 1;
          setAccessToken('tok_new');
          return true;
        },
      });
      await expect(renewing.patch('/api/me', { fullName: 'Asha' })).resolves.toEqual({ id: 'usr_1' });
      expect(renewals).toBe(1);
      expect(fetchMock.calls.map(authOf)).toEqual(['Bearer tok_old', 'Bearer tok_new']);
      expect(fetchMock.calls[1]![1]?.body).toBe('{"fullName":"Asha"}');
    });

    it('uses the handler the session registered when none is given', async () => {
      const fetchMock = stubFetch(problem(401, 'UNAUTHENTICATED', 'expired'), json(200, { items: [] }));
      setAccessToken('tok_old');
      setUnauthorizedHandler(async () => {
        setAccessToken('tok_new');
        return true;
      });
      await expect(client().get('/api/me/addresses')).resolves.toEqual({ items: [] });
      expect(fetchMock.calls.map(authOf)).toEqual(['Bearer tok_old', 'Bearer tok_new']);
    });

    it('gives up with the 401 when the renewal fails', async () => {
      const fetchMock = stubFetch(problem(401, 'UNAUTHENTICATED', 'expired'), json(200, {}));
      setAccessToken('tok_old');
      const renewing = createApiClient({
        onUnauthorized: async () => {
          setAccessToken(null);
          return false;
        },
      });
      await expect(renewing.get('/api/me')).rejects.toMatchObject({ status: 401, code: 'UNAUTHENTICATED' });
      expect(fetchMock.calls).toHaveLength(1);
    });

    it('retries only once: a second 401 is final', async () => {
      const fetchMock = stubFetch(problem(401, 'UNAUTHENTICATED', 'first'), problem(401, 'UNAUTHENTICATED', 'second'), json(200, {}));
      setAccessToken('tok_old');
      let renewals = 0;
      const renewing = createApiClient({
        onUnauthorized: async () => {
          renewals += 1;
          setAccessToken(`tok_${renewals}`);
          return true;
        },
      });
      await expect(renewing.get('/api/me')).rejects.toMatchObject({ status: 401, message: 'second' });
      expect(renewals).toBe(1);
      expect(fetchMock.calls).toHaveLength(2);
    });

    it('does not renew for a request sent without a token', async () => {
      const fetchMock = stubFetch(problem(401, 'UNAUTHENTICATED', 'no token'), json(200, {}));
      let renewals = 0;
      const renewing = createApiClient({ onUnauthorized: async () => Boolean((renewals += 1)) });
      await expect(renewing.get('/api/me')).rejects.toMatchObject({ status: 401 });
      expect(renewals).toBe(0);
      expect(fetchMock.calls).toHaveLength(1);
    });

    it.each(['/api/auth/sign-in', '/api/auth/refresh'])('does not renew for the credentials route %s', async (path) => {
      const fetchMock = stubFetch(problem(401, 'UNAUTHENTICATED', 'Invalid login credentials'), json(200, {}));
      setAccessToken('tok_old');
      let renewals = 0;
      const renewing = createApiClient({ onUnauthorized: async () => Boolean((renewals += 1)) });
      await expect(renewing.post(path, {})).rejects.toMatchObject({ status: 401, message: 'Invalid login credentials' });
      expect(renewals).toBe(0);
      expect(fetchMock.calls).toHaveLength(1);
    });

    it('retries without renewing when another request already replaced the token', async () => {
      const fetchMock = stubFetch(json(200, {}), json(200, { ok: 1 }));
      setAccessToken('tok_old');
      let renewals = 0;
      // The first reply is held back until the token has changed underneath it.
      const slowFetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
        const response = await globalThis.fetch(input, init);
        if (new Headers(init?.headers).get('Authorization') === 'Bearer tok_old') {
          setAccessToken('tok_fresh');
          return problem(401, 'UNAUTHENTICATED', 'expired');
        }
        return response;
      }) as typeof fetch;
      const renewing = createApiClient({ fetch: slowFetch, onUnauthorized: async () => Boolean((renewals += 1)) });
      await expect(renewing.get('/api/me')).resolves.toEqual({ ok: 1 });
      expect(renewals).toBe(0);
      expect(fetchMock.calls.map(authOf)).toEqual(['Bearer tok_old', 'Bearer tok_fresh']);
    });
  });
});
