import { createContext, type ReactNode, useContext, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { useSWRConfig } from 'swr';
import { useApiClient } from './api-provider.js';
import { createSessionManager, RESTORING_SESSION, type Me, type Session, type SessionBroadcast, type SessionManager, type SessionStatus } from './session-core.js';

export type { Me, Session, SessionStatus } from './session-core.js';

/** What {@link useSession} returns. */
export interface SessionContextValue {
  /** `loading` until the session is known; render neither the signed-in nor the signed-out variant meanwhile. */
  status: SessionStatus;
  /** The signed-in user, `null` otherwise. */
  user: Me | null;
  /** `POST /api/auth/sign-in`; resolves with the user, rejects with the server's ApiError. */
  signIn(email: string, password: string): Promise<Me>;
  /** `POST /api/auth/sign-out`; clears the user and token even if the call fails. */
  signOut(): Promise<void>;
  /** Takes a session from e-mail confirmation or OTP verification. */
  acceptSession(session: Session): void;
  /** Replaces the user after `PATCH /api/me`. */
  setUser(me: Me): void;
}

const SessionContext = createContext<SessionManager | null>(null);

const CHANNEL_NAME = 'jalaj-session';

/**
 * The snapshot React reads while it takes server-rendered markup over: the server drew the
 * page before any session was restored, so hydration must see that state even when the
 * restore has already answered (a part taken over later, behind Suspense, would otherwise
 * be drawn signed out over markup drawn restoring: React error #418). React renders again
 * with the live state once the markup is its own.
 */
const serverState = () => RESTORING_SESSION;

// API paths whose cached replies belong to one user: dropped when the user
// changes, so the next user never sees the previous one's addresses or cart.
const isUserScopedKey = (key: unknown): boolean =>
  typeof key === 'string' && /^\/api\/(me|cart|orders|admin)(\/|\?|$)/.test(key);

/**
 * Holds the signed-in session for the app below it. At start it restores the
 * session with `POST /api/auth/refresh` (the HttpOnly refresh cookie), keeps
 * the access token in memory only, renews it shortly before it expires, and
 * lets the API client renew and retry once when a request is answered 401.
 * Other tabs follow a sign-in or sign-out through a `BroadcastChannel`.
 *
 * Mount it inside {@link ApiProvider}.
 */
export function SessionProvider(props: { children: ReactNode }) {
  const client = useApiClient();
  const channel = useRef<BroadcastChannel | null>(null);
  const [manager] = useState(() =>
    createSessionManager({ client, broadcast: (event: SessionBroadcast) => channel.current?.postMessage(event) }),
  );
  const { mutate } = useSWRConfig();
  const state = useSyncExternalStore(manager.subscribe, manager.getState, serverState);

  useEffect(() => {
    manager.start();
    const bc = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL_NAME);
    channel.current = bc;
    if (bc) {
      bc.onmessage = (message: MessageEvent<unknown>) => {
        if (message.data === 'signed-out') manager.clear();
        else if (message.data === 'signed-in') void manager.refresh();
      };
    }
    return () => {
      manager.stop();
      bc?.close();
      channel.current = null;
    };
  }, [manager]);

  const userId = state.user?.id ?? null;
  const previousUserId = useRef<string | null>(null);
  useEffect(() => {
    if (previousUserId.current !== null && previousUserId.current !== userId) {
      void mutate(isUserScopedKey, undefined, { revalidate: true });
    }
    previousUserId.current = userId;
  }, [userId, mutate]);

  return <SessionContext value={manager}>{props.children}</SessionContext>;
}

/** The session manager of the nearest {@link SessionProvider}. */
function useSessionManager(): SessionManager {
  const manager = useContext(SessionContext);
  if (manager === null) throw new Error('the session hooks must be used inside <SessionProvider>');
  return manager;
}

/**
 * For an action that needs the session's status only when it runs: a stable function that
 * resolves with it once the session is restored. Unlike {@link useSession}, the component
 * is not drawn again when the session changes (the landing page's grid is not redrawn by
 * the restore that answers after it is shown: issue #40).
 */
export function useKnownSessionStatus(): () => Promise<Exclude<SessionStatus, 'loading'>> {
  return useSessionManager().known;
}

/**
 * The session of the nearest {@link SessionProvider}.
 *
 * @returns The status, the user and the session actions (stable across renders).
 * @throws Error when used outside a `SessionProvider`.
 */
export function useSession(): SessionContextValue {
  const manager = useSessionManager();
  const state = useSyncExternalStore(manager.subscribe, manager.getState, serverState);
  return useMemo(
    () => ({
      status: state.status,
      user: state.user,
      signIn: manager.signIn,
      signOut: manager.signOut,
      acceptSession: manager.acceptSession,
      setUser: manager.setUser,
    }),
    [state, manager],
  );
}
