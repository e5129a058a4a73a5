import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { NoContent, Session } from '@forecourt/admin-contract';
import { ApiError, createApiClient, type ApiClient } from '../api/client';

export type SessionState =
  | { status: 'loading' }
  /** `reason`: why the console is signed out now, in the API's words (an expired session). */
  | { status: 'signed-out'; reason: string | null }
  | { status: 'signed-in'; session: Session }
  /** The session could not be asked for (the server is unreachable or refused): shown as it is. */
  | { status: 'failed'; error: string };

export interface SessionContextValue {
  state: SessionState;
  api: ApiClient;
  /** A sign-in or enrollment answered `{ account, csrf }`. */
  signedIn: (session: Session) => void;
  /** The API said 401 to a read: the session is gone. */
  expire: (reason: string) => void;
  signOut: () => Promise<void>;
  /** Ask for the session again (after a failure). */
  reload: () => void;
}

const SessionContext = createContext<SessionContextValue | null>(null);

export function useSession(): SessionContextValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession needs a SessionProvider above it');
  return value;
}

/** The signed-in session; for pages that only render inside the signed-in layout. */
export function useSignedIn(): Session {
  const { state } = useSession();
  if (state.status !== 'signed-in') throw new Error('useSignedIn outside the signed-in layout');
  return state.session;
}

/**
 * The operator's session: asked for once (`GET /_admin/session`), replaced by a sign-in, dropped
 * on the first 401. The CSRF token lives only in memory: the cookie is HttpOnly, and a new tab
 * asks for the token again.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<SessionState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const csrf = useRef<string | null>(null);
  const api = useMemo(() => createApiClient(() => csrf.current), []);

  useEffect(() => {
    let cancelled = false;
    api.get(Session, '/_admin/session').then(
      (session) => {
        if (cancelled) return;
        csrf.current = session.csrf;
        setState({ status: 'signed-in', session });
      },
      (error: unknown) => {
        if (cancelled) return;
        if (error instanceof ApiError && error.status === 401) setState({ status: 'signed-out', reason: null });
        else setState({ status: 'failed', error: error instanceof Error ? error.message : String(error) });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [api, attempt]);

  const signedIn = useCallback((session: Session) => {
    csrf.current = session.csrf;
    setState({ status: 'signed-in', session });
  }, []);
  const expire = useCallback((reason: string) => {
    csrf.current = null;
    setState({ status: 'signed-out', reason });
  }, []);
  const signOut = useCallback(async () => {
    await api.send(NoContent, 'DELETE', '/_admin/session');
    csrf.current = null;
    setState({ status: 'signed-out', reason: null });
  }, [api]);
  const reload = useCallback(() => {
    setState({ status: 'loading' });
    setAttempt((n) => n + 1);
  }, []);

  const value = useMemo(
    () => ({ state, api, signedIn, expire, signOut, reload }),
    [state, api, signedIn, expire, signOut, reload],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}
