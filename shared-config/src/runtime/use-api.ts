import { useEffect, useState } from 'react';

/** Where a read of the platform's API stands, as the component showing it needs to know. */
export type ApiRead<T> = { status: 'loading' } | { status: 'ready'; data: T } | { status: 'signed-out' } | { status: 'failed' };

/**
 * Reads `url` from the platform's API once the component is on the page (JSON, the page's own
 * cookies), and again when `url` changes: 'loading', then 'ready' with `read(json)`, 'signed-out'
 * for a 401 (a shopper's own list), or 'failed' for anything else, logged with `team`'s label so
 * the failure is not silent. An answer that comes after the component has gone is dropped.
 */
export function useApiRead<T>(team: string, url: string, read: (json: unknown) => T): ApiRead<T> {
  const [state, setState] = useState<ApiRead<T>>({ status: 'loading' });
  useEffect(() => {
    let current = true;
    setState({ status: 'loading' });
    Promise.resolve()
      .then(() => fetch(url, { headers: { accept: 'application/json' }, credentials: 'same-origin' }))
      .then(async (response): Promise<ApiRead<T>> => {
        if (response.status === 401) return { status: 'signed-out' };
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        return { status: 'ready', data: read(await response.json()) };
      })
      .then((next) => {
        if (current) setState(next);
      })
      .catch((error: unknown) => {
        console.error(`[${team}] ${url} could not be read`, error);
        if (current) setState({ status: 'failed' });
      });
    return () => {
      current = false;
    };
    // `read` is a parser, not an input: a new closure each render must not read again.
  }, [team, url]);
  return state;
}
