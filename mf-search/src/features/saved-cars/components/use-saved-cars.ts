import { useSearchAccess } from '@forecourt/shared-config';
import { useEffect, useMemo, useState } from 'react';
import { useSearchServer } from '../../../app/first-paint';
import type { CarHit } from '../../../lib/hit';
import { createSearchClient } from '../../results/lib/search-client';
import { carsBySlugRequests, inSavedOrder } from '../lib/cars-by-slug';

export type SavedCars =
  { status: 'loading' } | { status: 'ready'; cars: CarHit[]; gone: string[] } | { status: 'failed' };

/** The cars of a saved list (favourites, compare), read from the search index with the page's key. */
export function useSavedCars(slugs: readonly string[]): SavedCars {
  const access = useSearchAccess();
  // The garage's first paint renders this on the server, where there is no window (it asks nothing there: effects do not run).
  const server = useSearchServer();
  const client = useMemo(
    () =>
      (server?.searchClient as ReturnType<typeof createSearchClient> | undefined) ??
      createSearchClient(access, window.location),
    [access, server],
  );
  const [state, setState] = useState<SavedCars>({ status: 'loading' });
  const key = slugs.join('\n');
  useEffect(() => {
    const list = key === '' ? [] : key.split('\n');
    if (list.length === 0) {
      setState({ status: 'ready', cars: [], gone: [] });
      return undefined;
    }
    let cancelled = false;
    Promise.all(
      carsBySlugRequests(access.indexName, list).map((request) => client.search<CarHit>({ requests: [request] })),
    )
      .then((answers) => {
        const hits = answers.flatMap(({ results: [result] }) =>
          result && 'hits' in result ? (result.hits as CarHit[]) : [],
        );
        if (!cancelled) setState({ status: 'ready', ...inSavedOrder(hits, list) });
      })
      .catch((error: unknown) => {
        console.error('[mf-search] saved cars could not be read', error);
        if (!cancelled) setState({ status: 'failed' });
      });
    return () => {
      cancelled = true;
    };
  }, [client, access.indexName, key]);
  return state;
}
