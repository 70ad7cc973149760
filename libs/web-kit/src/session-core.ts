import { apiPath } from '@jalaj/contracts';
import { setAccessToken } from './access-token.js';
import type { ApiClient } from './api-client.js';
import { isApiError } from './api-error.js';
import { getUnauthorizedHandler, setUnauthorizedHandler, type UnauthorizedHandler } from './unauthorized-handler.js';

/** The signed-in user, as `GET /api/me` and every session reply describe them. */
export interface Me {
  /** The user id. */
  id: string;
  /** The e-mail address they sign in with. */
  email: string;
  /** The full name given at sign-up or edited on the profile page. */
  fullName: string;
  /** `admin` opens the admin area; anything else is a customer. */
  role: 'admin' | 'user';
  /** When the account was created (ISO 8601). */
  createdAt: string;
}

/**
 * What sign-in, e-mail confirmation, refresh and OTP verification answer. The
 * refresh token never appears here: it travels in the HttpOnly `jalaj_rt` cookie.
 */
export interface Session {
  /** The short-lived bearer token for authenticated requests. */
  accessToken: string;
  /** Seconds until {@link Session.accessToken} expires. */
  expiresIn: number;
  /** Who the token belongs to. */
  user: Me;
}

/** `loading` until the start-up refresh has answered, then signed in or out. */
export type SessionStatus = 'loading' | 'signed-in' | 'signed-out';

/** A snapshot of the session for rendering. */
export interface SessionState {
  readonly status: SessionStatus;
  readonly user: Me | null;
}

/** The session routes of the BFF. */
export const SESSION_PATHS = Object.freeze({
  signIn: apiPath('auth.signIn'),
  signOut: apiPath('auth.signOut'),
  refresh: apiPath('auth.refresh'),
});

/** How long before expiry a token is renewed. */
export const REFRESH_LEAD_MS = 60_000;

/** The earliest a renewal is scheduled, so a zero or negative lifetime cannot spin. */
export const MIN_REFRESH_DELAY_MS = 1_000;

/** The longest delay `setTimeout` honours; longer ones fire at once. */
export const MAX_TIMER_DELAY_MS = 2_147_483_647;

/** The pause before trying again after a renewal failed for want of a server (network, 5xx). */
export const TRANSIENT_RETRY_MS = 15_000;

/**
 * When to renew an access token: {@link REFRESH_LEAD_MS} before it expires, or
 * at half its lifetime when that comes later (tokens shorter than two minutes),
 * so that a short token is not renewed the moment it arrives.
 *
 * @param expiresInSeconds - The token's lifetime from the session reply.
 * @returns The delay in milliseconds, within [{@link MIN_REFRESH_DELAY_MS}, {@link MAX_TIMER_DELAY_MS}].
 */
export function refreshDelayMs(expiresInSeconds: number): number {
  const lifetimeMs = Number.isFinite(expiresInSeconds) ? expiresInSeconds * 1000 : 0;
  const delay = Math.max(lifetimeMs - REFRESH_LEAD_MS, lifetimeMs / 2);
  return Math.min(MAX_TIMER_DELAY_MS, Math.max(MIN_REFRESH_DELAY_MS, Math.round(delay)));
}

/** Session changes other tabs of the same shop should follow. */
export type SessionBroadcast = 'signed-in' | 'signed-out';

/** What {@link createSessionManager} needs from its surroundings; all but the client replaceable in tests. */
export interface SessionManagerDeps {
  /** The client the session routes are called with. */
  readonly client: ApiClient;
  /** `setTimeout` by default. */
  readonly setTimer?: (callback: () => void, ms: number) => unknown;
  /** `clearTimeout` by default. */
  readonly clearTimer?: (handle: unknown) => void;
  /** `Date.now` by default. */
  readonly now?: () => number;
  /**
   * Runs a refresh exclusively. By default a Web Lock shared by every tab:
   * the refresh cookie rotates on use and a reused one revokes the whole
   * session, so two tabs must never present the same cookie at once.
   */
  readonly withLock?: <T>(task: () => Promise<T>) => Promise<T>;
  /** Tells other tabs that this one signed in or out. */
  readonly broadcast?: (event: SessionBroadcast) => void;
}

/** The framework-free session behind {@link SessionProvider}. */
export interface SessionManager {
  /** The current snapshot; the same object until something changes. */
  getState(): SessionState;
  /** Calls `listener` after every change; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
  /**
   * The status once it is known: at once when it is, or when the session has been restored
   * (an action taken right after a page load waits instead of taking the visitor for signed out).
   */
  known(): Promise<Exclude<SessionStatus, 'loading'>>;
  /**
   * Restores the session from the refresh cookie (once per manager), resumes
   * the renewal timer and lets the API client renew on 401. Safe to call
   * again after {@link SessionManager.stop}.
   */
  start(): void;
  /** Pauses the renewal timer and the 401 renewal; the state is kept. */
  stop(): void;
  /**
   * Renews the access token with the refresh cookie. Concurrent calls share
   * one request. A refusal signs out; a server that cannot be reached keeps a
   * signed-in session and tries again later.
   *
   * @returns `true` when a new token is in place.
   */
  refresh(): Promise<boolean>;
  /** Signs in with e-mail and password; rejects with the server's ApiError. */
  signIn(email: string, password: string): Promise<Me>;
  /** Signs out on the server, then locally even when the server call failed. */
  signOut(): Promise<void>;
  /** Takes a session obtained elsewhere (e-mail confirmation, OTP verification). */
  acceptSession(session: Session): void;
  /** Replaces the user after a profile update. */
  setUser(user: Me): void;
  /** Forgets the session locally, without calling the server (another tab signed out). */
  clear(): void;
}

const defaultWithLock = <T>(task: () => Promise<T>): Promise<T> => {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? locks.request('jalaj-session-refresh', task) : task();
};

// Only a server that answered can refuse a refresh; no answer or a 5xx says nothing about the cookie.
const isTransient = (error: unknown): boolean => !isApiError(error) || error.status === 0 || error.status >= 500;

/**
 * The state before the session is restored: what the server draws a page with, since it never
 * knows the visitor. Hydration must read this, not the live state (see session.tsx).
 */
export const RESTORING_SESSION: SessionState = Object.freeze({ status: 'loading', user: null });

/**
 * Creates the session state machine: `loading` → `signed-in` | `signed-out`,
 * with the access token kept in memory (see {@link setAccessToken}) and
 * renewed shortly before it expires (see {@link refreshDelayMs}).
 *
 * @param deps - The API client and, for tests, timers, clock, lock and broadcast.
 * @returns The manager.
 */
export function createSessionManager(deps: SessionManagerDeps): SessionManager {
  const { client } = deps;
  const setTimer = deps.setTimer ?? ((callback: () => void, ms: number) => setTimeout(callback, ms));
  const clearTimer = deps.clearTimer ?? ((handle: unknown) => clearTimeout(handle as ReturnType<typeof setTimeout>));
  const now = deps.now ?? Date.now;
  const withLock = deps.withLock ?? defaultWithLock;
  const broadcast = deps.broadcast ?? (() => undefined);

  let state: SessionState = RESTORING_SESSION;
  const listeners = new Set<() => void>();
  let active = false;
  let restoreStarted = false;
  let timer: unknown = null;
  let renewAt: number | null = null;
  let inflight: Promise<boolean> | null = null;
  // Bumped by every sign-in, sign-out and accepted session, so that a refresh
  // answered after one of them cannot overwrite the newer state.
  let epoch = 0;

  const setState = (next: SessionState) => {
    state = next;
    listeners.forEach((listener) => listener());
  };

  const cancelTimer = () => {
    if (timer !== null) clearTimer(timer);
    timer = null;
  };

  const armTimer = () => {
    cancelTimer();
    if (!active || renewAt === null) return;
    timer = setTimer(
      () => {
        timer = null;
        void refresh();
      },
      Math.max(0, renewAt - now()),
    );
  };

  const applySession = (session: Session) => {
    epoch += 1;
    setAccessToken(session.accessToken);
    renewAt = now() + refreshDelayMs(session.expiresIn);
    armTimer();
    setState({ status: 'signed-in', user: session.user });
  };

  const clear = () => {
    epoch += 1;
    setAccessToken(null);
    renewAt = null;
    cancelTimer();
    if (state.status !== 'signed-out' || state.user !== null) setState({ status: 'signed-out', user: null });
  };

  const refresh = (): Promise<boolean> => {
    if (inflight) return inflight;
    const startedAt = epoch;
    inflight = withLock(() => client.post<Session | null>(SESSION_PATHS.refresh))
      .then(
        (session) => {
          if (epoch !== startedAt) return state.status === 'signed-in';
          // `null`: this browser holds no refresh cookie, so there is no session.
          if (!session) {
            clear();
            return false;
          }
          applySession(session);
          return true;
        },
        (error: unknown) => {
          if (epoch !== startedAt) return state.status === 'signed-in';
          if (state.status === 'signed-in' && isTransient(error)) {
            renewAt = now() + TRANSIENT_RETRY_MS;
            armTimer();
            return false;
          }
          clear();
          return false;
        },
      )
      .finally(() => {
        inflight = null;
      });
    return inflight;
  };

  const onUnauthorized: UnauthorizedHandler = () => refresh();

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    known() {
      if (state.status !== 'loading') return Promise.resolve(state.status);
      return new Promise((resolve) => {
        const listener = () => {
          if (state.status === 'loading') return;
          listeners.delete(listener);
          resolve(state.status);
        };
        listeners.add(listener);
      });
    },
    start() {
      active = true;
      setUnauthorizedHandler(onUnauthorized);
      if (!restoreStarted) {
        restoreStarted = true;
        void refresh();
      } else {
        armTimer();
      }
    },
    stop() {
      active = false;
      cancelTimer();
      if (getUnauthorizedHandler() === onUnauthorized) setUnauthorizedHandler(null);
    },
    refresh,
    async signIn(email, password) {
      const session = await client.post<Session>(SESSION_PATHS.signIn, { email, password });
      applySession(session);
      broadcast('signed-in');
      return session.user;
    },
    async signOut() {
      try {
        await client.post<void>(SESSION_PATHS.signOut);
      } catch {
        // The local session ends regardless: the user asked to leave, and an
        // unreachable server must not keep them signed in on this device.
      } finally {
        clear();
        broadcast('signed-out');
      }
    },
    acceptSession(session) {
      applySession(session);
      broadcast('signed-in');
    },
    setUser(user) {
      if (state.status === 'signed-in') setState({ status: 'signed-in', user });
    },
    clear,
  };
}
