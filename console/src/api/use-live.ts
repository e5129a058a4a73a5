import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from './client';
import { useSession } from '../session/session';

/** How often a page asks again: the database is the source, so every instance answers alike. */
export const POLL_MS = 5000;

export interface Live<T> {
  /** The newest answer; kept while a later request fails, so the page does not blank. */
  data: T | null;
  /** The newest request's failure, in the API's words; null once a request succeeds again. */
  error: ApiError | null;
  /** When `data` arrived. */
  updatedAt: Date | null;
  /** Asks now (after a change), then every POLL_MS again. */
  refresh: () => void;
}

/**
 * Reads `path` now and every POLL_MS while the page shows it; `null` reads nothing. A 401 means
 * the session ended (expired, signed out elsewhere, account deactivated): the console goes back
 * to sign-in with the API's reason.
 */
export function useLive<T>(path: string | null, { poll = true }: { poll?: boolean } = {}): Live<T> {
  const { api, expire } = useSession();
  const [state, setState] = useState<{ path: string | null; data: T | null; error: ApiError | null; updatedAt: Date | null }>({ path, data: null, error: null, updatedAt: null });
  const [round, setRound] = useState(0);
  const refresh = useCallback(() => setRound((n) => n + 1), []);
  const expireRef = useRef(expire);
  expireRef.current = expire;

  useEffect(() => {
    if (path === null) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const read = async () => {
      try {
        const data = await api.get<T>(path, controller.signal);
        if (controller.signal.aborted) return;
        setState({ path, data, error: null, updatedAt: new Date() });
      } catch (error) {
        if (controller.signal.aborted) return;
        const failure = error instanceof ApiError ? error : new ApiError(String(error), 0, null);
        if (failure.status === 401) {
          expireRef.current(failure.message);
          return;
        }
        setState((previous) => ({ ...previous, path, error: failure }));
      }
      if (poll && !controller.signal.aborted) timer = setTimeout(read, POLL_MS);
    };
    void read();
    return () => {
      controller.abort();
      if (timer) clearTimeout(timer);
    };
  }, [api, path, poll, round]);

  // Another path's answer is not this one's (a tenant switched, the window changed).
  const current = state.path === path;
  return { data: current ? state.data : null, error: current ? state.error : null, updatedAt: current ? state.updatedAt : null, refresh };
}
