import { getAccessToken, setAccessToken } from './access-token.js';
import type { ApiClient, HttpMethod } from './api-client.js';
import { ApiError, networkError } from './api-error.js';
import {
  createSessionManager,
  type Me,
  MAX_TIMER_DELAY_MS,
  MIN_REFRESH_DELAY_MS,
  refreshDelayMs,
  type Session,
  type SessionBroadcast,
  TRANSIENT_RETRY_MS,
} from './session-core.js';
import { getUnauthorizedHandler, setUnauthorizedHandler } from './unauthorized-handler.js';

const user = (overrides: Partial<Me> = {}): Me => ({
  id: 'usr_1',
  email: 'asha@example.in',
  fullName: 'Asha Sen',
  role: 'user',
  createdAt: '2026-11-22T10:00:00.000Z',
  ...overrides,
});

const session = (accessToken: string, expiresIn = 900, me: Me = user()): Session => ({ accessToken, expiresIn, user: me });

const unauthenticated = () => new ApiError({ status: 401, code: 'UNAUTHENTICATED', message: 'Session expired' });

type Reply = { ok: true; value: unknown } | { ok: false; error: unknown };

/** A client whose replies are queued per path and whose requests are recorded. */
function fakeClient() {
  const replies = new Map<string, Array<Reply | (() => Promise<unknown>)>>();
  const calls: { method: HttpMethod; path: string; body: unknown }[] = [];
  const request = async <T>(method: HttpMethod, path: string, body?: unknown): Promise<T> => {
    calls.push({ method, path, body });
    const next = replies.get(path)?.shift();
    if (next === undefined) throw new Error(`no reply queued for ${path}`);
    if (typeof next === 'function') return (await next()) as T;
    if (next.ok) return next.value as T;
    throw next.error;
  };
  const client: ApiClient = {
    request,
    get: (path) => request('GET', path),
    post: (path, body) => request('POST', path, body),
    patch: (path, body) => request('PATCH', path, body),
    del: (path) => request('DELETE', path),
  };
  const queue = (path: string) => {
    if (!replies.has(path)) replies.set(path, []);
    return replies.get(path)!;
  };
  return {
    client,
    calls,
    answer: (path: string, value: unknown) => void queue(path).push({ ok: true, value }),
    fail: (path: string, error: unknown) => void queue(path).push({ ok: false, error }),
    /** Queues a reply that stays pending until the returned function settles it. */
    defer(path: string) {
      let settle!: (reply: Reply) => void;
      const pending = new Promise<Reply>((resolve) => (settle = resolve));
      queue(path).push(async () => {
        const reply = await pending;
        if (reply.ok) return reply.value;
        throw reply.error;
      });
      return settle;
    },
  };
}

/** Timers and clock under the test's control. */
function fakeTime() {
  let clock = 1_000_000;
  let nextId = 1;
  const timers = new Map<number, { at: number; callback: () => void }>();
  return {
    now: () => clock,
    setTimer: (callback: () => void, ms: number) => {
      const id = nextId++;
      timers.set(id, { at: clock + ms, callback });
      return id;
    },
    clearTimer: (handle: unknown) => void timers.delete(handle as number),
    /** Delays of the timers still pending, from now. */
    pending: () => [...timers.values()].map((t) => t.at - clock),
    /** Moves the clock and runs the timers that came due. */
    advance(ms: number) {
      clock += ms;
      for (const [id, t] of [...timers]) {
        if (t.at <= clock) {
          timers.delete(id);
          t.callback();
        }
      }
    },
  };
}

const flush = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

function setup() {
  const api = fakeClient();
  const time = fakeTime();
  const broadcasts: SessionBroadcast[] = [];
  const manager = createSessionManager({
    client: api.client,
    now: time.now,
    setTimer: time.setTimer,
    clearTimer: time.clearTimer,
    withLock: (task) => task(),
    broadcast: (event) => void broadcasts.push(event),
  });
  return { api, time, manager, broadcasts };
}

beforeEach(() => {
  setAccessToken(null);
  setUnauthorizedHandler(null);
});

describe('refreshDelayMs', () => {
  it('renews 60 s before expiry', () => {
    expect(refreshDelayMs(900)).toBe(840_000);
    expect(refreshDelayMs(3600)).toBe(3_540_000);
  });

  it('renews at half-life once 60 s before expiry would come earlier', () => {
    expect(refreshDelayMs(120)).toBe(60_000);
    expect(refreshDelayMs(90)).toBe(45_000);
    expect(refreshDelayMs(10)).toBe(5_000);
  });

  it('never schedules sooner than the minimum', () => {
    expect(refreshDelayMs(1)).toBe(MIN_REFRESH_DELAY_MS);
    expect(refreshDelayMs(0)).toBe(MIN_REFRESH_DELAY_MS);
    expect(refreshDelayMs(-30)).toBe(MIN_REFRESH_DELAY_MS);
    expect(refreshDelayMs(Number.NaN)).toBe(MIN_REFRESH_DELAY_MS);
  });

  it('stays within what setTimeout can wait', () => {
    expect(refreshDelayMs(365 * 24 * 3600)).toBe(MAX_TIMER_DELAY_MS);
  });
});

describe('createSessionManager', () => {
  describe('start-up', () => {
    it('is loading until the refresh answers, then signed in with the token in memory', async () => {
      const { api, manager } = setup();
      const settle = api.defer('/api/auth/refresh');
      manager.start();
      expect(manager.getState()).toEqual({ status: 'loading', user: null });
      settle({ ok: true, value: session('tok_1') });
      await flush();
      expect(manager.getState()).toEqual({ status: 'signed-in', user: user() });
      expect(getAccessToken()).toBe('tok_1');
      expect(api.calls).toEqual([{ method: 'POST', path: '/api/auth/refresh', body: undefined }]);
    });

    it('is signed out when there is no session to restore (the server answers null)', async () => {
      const { api, manager } = setup();
      api.answer('/api/auth/refresh', null);
      manager.start();
      await flush();
      expect(manager.getState()).toEqual({ status: 'signed-out', user: null });
      expect(getAccessToken()).toBeNull();
    });

    it('is signed out when the refresh cookie no longer works', async () => {
      const { api, manager } = setup();
      api.fail('/api/auth/refresh', unauthenticated());
      manager.start();
      await flush();
      expect(manager.getState()).toEqual({ status: 'signed-out', user: null });
      expect(getAccessToken()).toBeNull();
    });

    it('is signed out when the server cannot be reached at start', async () => {
      const { api, manager } = setup();
      api.fail('/api/auth/refresh', networkError(new TypeError('Failed to fetch')));
      manager.start();
      await flush();
      expect(manager.getState().status).toBe('signed-out');
    });

    it('restores only once when started again (React strict mode remounts)', async () => {
      const { api, manager } = setup();
      api.answer('/api/auth/refresh', session('tok_1'));
      manager.start();
      manager.stop();
      manager.start();
      await flush();
      expect(api.calls).toHaveLength(1);
      expect(manager.getState().status).toBe('signed-in');
    });

    it('tells the status once it is known: after the restore, or at once', async () => {
      const { api, manager } = setup();
      const settle = api.defer('/api/auth/refresh');
      manager.start();
      let told: string | undefined;
      void manager.known().then((status) => (told = status));
      await flush();
      expect(told).toBeUndefined();
      settle({ ok: true, value: null });
      await flush();
      expect(told).toBe('signed-out');
      await expect(manager.known()).resolves.toBe('signed-out');
    });

    it('notifies subscribers of every change', async () => {
      const { api, manager } = setup();
      api.answer('/api/auth/refresh', session('tok_1'));
      const seen: string[] = [];
      manager.subscribe(() => seen.push(manager.getState().status));
      manager.start();
      await flush();
      expect(seen).toEqual(['signed-in']);
    });
  });

  describe('scheduled renewal', () => {
    it('renews 60 s before expiry and keeps renewing', async () => {
      const { api, time, manager } = setup();
      api.answer('/api/auth/refresh', session('tok_1', 900));
      manager.start();
      await flush();
      expect(time.pending()).toEqual([840_000]);

      api.answer('/api/auth/refresh', session('tok_2', 100));
      time.advance(839_999);
      expect(api.calls).toHaveLength(1);
      time.advance(1);
      await flush();
      expect(api.calls).toHaveLength(2);
      expect(getAccessToken()).toBe('tok_2');
      expect(time.pending()).toEqual([50_000]);
    });

    it('signs out when the renewal is refused', async () => {
      const { api, time, manager } = setup();
      api.answer('/api/auth/refresh', session('tok_1', 900));
      manager.start();
      await flush();
      api.fail('/api/auth/refresh', unauthenticated());
      time.advance(840_000);
      await flush();
      expect(manager.getState()).toEqual({ status: 'signed-out', user: null });
      expect(getAccessToken()).toBeNull();
      expect(time.pending()).toEqual([]);
    });

    it('keeps the session and tries again later when the server is unreachable', async () => {
      const { api, time, manager } = setup();
      api.answer('/api/auth/refresh', session('tok_1', 900));
      manager.start();
      await flush();
      api.fail('/api/auth/refresh', new ApiError({ status: 503, code: 'UNAVAILABLE', message: 'down' }));
      time.advance(840_000);
      await flush();
      expect(manager.getState().status).toBe('signed-in');
      expect(getAccessToken()).toBe('tok_1');
      expect(time.pending()).toEqual([TRANSIENT_RETRY_MS]);
    });

    it('pauses while stopped and resumes with the time left', async () => {
      const { api, time, manager } = setup();
      api.answer('/api/auth/refresh', session('tok_1', 900));
      manager.start();
      await flush();
      manager.stop();
      expect(time.pending()).toEqual([]);
      time.advance(40_000);
      manager.start();
      expect(time.pending()).toEqual([800_000]);
      expect(api.calls).toHaveLength(1);
    });
  });

  describe('refresh', () => {
    it('shares one request between concurrent callers', async () => {
      const { api, manager } = setup();
      api.answer('/api/auth/refresh', session('tok_1'));
      const results = await Promise.all([manager.refresh(), manager.refresh(), manager.refresh()]);
      expect(results).toEqual([true, true, true]);
      expect(api.calls).toHaveLength(1);
    });

    it('does not let a late refresh undo a sign-out', async () => {
      const { api, manager } = setup();
      const settle = api.defer('/api/auth/refresh');
      manager.start();
      api.answer('/api/auth/sign-out', undefined);
      await manager.signOut();
      settle({ ok: true, value: session('tok_stale') });
      await flush();
      expect(manager.getState().status).toBe('signed-out');
      expect(getAccessToken()).toBeNull();
    });

    it('does not let a late failed refresh undo a sign-in', async () => {
      const { api, manager } = setup();
      const settle = api.defer('/api/auth/refresh');
      manager.start();
      api.answer('/api/auth/sign-in', session('tok_new'));
      await manager.signIn('asha@example.in', 'secret1');
      settle({ ok: false, error: unauthenticated() });
      await flush();
      expect(manager.getState().status).toBe('signed-in');
      expect(getAccessToken()).toBe('tok_new');
    });

    it('runs inside the cross-tab lock', async () => {
      const api = fakeClient();
      const order: string[] = [];
      const manager = createSessionManager({
        client: api.client,
        withLock: async (task) => {
          order.push('lock');
          const result = await task();
          order.push('unlock');
          return result;
        },
        setTimer: () => 0,
        clearTimer: () => undefined,
      });
      api.answer('/api/auth/refresh', session('tok_1'));
      await manager.refresh();
      expect(order).toEqual(['lock', 'unlock']);
    });
  });

  describe('401 renewal hook', () => {
    it('is registered while started, answers with the refresh outcome, and is removed on stop', async () => {
      const { api, manager } = setup();
      api.answer('/api/auth/refresh', session('tok_1'));
      manager.start();
      await flush();
      const handler = getUnauthorizedHandler();
      expect(handler).not.toBeNull();

      api.answer('/api/auth/refresh', session('tok_2'));
      await expect(handler!()).resolves.toBe(true);
      expect(getAccessToken()).toBe('tok_2');

      api.fail('/api/auth/refresh', unauthenticated());
      await expect(handler!()).resolves.toBe(false);
      expect(manager.getState().status).toBe('signed-out');

      manager.stop();
      expect(getUnauthorizedHandler()).toBeNull();
    });
  });

  describe('sign-in, sign-out and the rest', () => {
    it('signs in, schedules renewal and tells other tabs', async () => {
      const { api, time, manager, broadcasts } = setup();
      api.fail('/api/auth/refresh', unauthenticated());
      manager.start();
      await flush();
      api.answer('/api/auth/sign-in', session('tok_1', 600, user({ role: 'admin' })));
      await expect(manager.signIn('asha@example.in', 'secret1')).resolves.toEqual(user({ role: 'admin' }));
      expect(api.calls.at(-1)).toEqual({
        method: 'POST',
        path: '/api/auth/sign-in',
        body: { email: 'asha@example.in', password: 'secret1' },
      });
      expect(manager.getState()).toEqual({ status: 'signed-in', user: user({ role: 'admin' }) });
      expect(time.pending()).toEqual([540_000]);
      expect(broadcasts).toEqual(['signed-in']);
    });

    it('leaves the state alone when sign-in is refused', async () => {
      const { api, manager } = setup();
      api.fail('/api/auth/refresh', unauthenticated());
      manager.start();
      await flush();
      const refused = new ApiError({ status: 401, code: 'UNAUTHENTICATED', message: 'Invalid login credentials' });
      api.fail('/api/auth/sign-in', refused);
      await expect(manager.signIn('asha@example.in', 'wrong')).rejects.toBe(refused);
      expect(manager.getState().status).toBe('signed-out');
    });

    it('signs out locally even when the server call fails', async () => {
      const { api, time, manager, broadcasts } = setup();
      api.answer('/api/auth/refresh', session('tok_1'));
      manager.start();
      await flush();
      api.fail('/api/auth/sign-out', networkError(new TypeError('offline')));
      await expect(manager.signOut()).resolves.toBeUndefined();
      expect(manager.getState()).toEqual({ status: 'signed-out', user: null });
      expect(getAccessToken()).toBeNull();
      expect(time.pending()).toEqual([]);
      expect(broadcasts).toEqual(['signed-out']);
    });

    it('accepts a session from e-mail confirmation', async () => {
      const { api, time, manager, broadcasts } = setup();
      api.fail('/api/auth/refresh', unauthenticated());
      manager.start();
      await flush();
      manager.acceptSession(session('tok_c', 30));
      expect(manager.getState().status).toBe('signed-in');
      expect(getAccessToken()).toBe('tok_c');
      expect(time.pending()).toEqual([15_000]);
      expect(broadcasts).toEqual(['signed-in']);
    });

    it('replaces the user after a profile update, but only while signed in', async () => {
      const { api, manager } = setup();
      api.answer('/api/auth/refresh', session('tok_1'));
      manager.start();
      await flush();
      manager.setUser(user({ fullName: 'Asha Roy' }));
      expect(manager.getState().user?.fullName).toBe('Asha Roy');
      manager.clear();
      manager.setUser(user());
      expect(manager.getState()).toEqual({ status: 'signed-out', user: null });
    });
  });
});
