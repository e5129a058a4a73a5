import { useCallback, useEffect, useRef, useState } from 'react';
import type { z } from 'zod';
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
 * Reads `path` now and every POLL_MS while the page shows it, each answer parsed with `answer`
 * (the contract's schema of it); `null` reads nothing. An answer that does not parse is an error
 * like a refusal: the page keeps what it had and says why. A 401 means
 * the session ended (expired, signed out elsewhere, account deactivated): the console goes back
 * to sign-in with the API's reason.
 */
export function useLive<S extends z.ZodType>(
  answer: S,
  path: string | null,
  { poll = true }: { poll?: boolean } = {},
): Live<z.output<S>> {
  type T = z.output<S>;
  const { api, expire } = useSession();
  const [state, setState] = useState<{
    path: string | null;
    data: T | null;
    error: ApiError | null;
    updatedAt: Date | null;
  }>({ path, data: null, error: null, updatedAt: null });
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
        const data = await api.get(answer, path, controller.signal);
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
  }, [api, answer, path, poll, round]);

  // Another path's answer is not this one's (a tenant switched, the window changed).
  const current = state.path === path;
  return {
    data: current ? state.data : null,
    error: current ? state.error : null,
    updatedAt: current ? state.updatedAt : null,
    refresh,
  };
}
