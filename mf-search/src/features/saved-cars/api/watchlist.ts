import { useApiRead, WATCHLIST_ENDPOINT, watchlistCarsSchema } from '@forecourt/shared-config';

export type WatchlistEntries = { status: 'loading' } | { status: 'ready'; slugs: string[] } | { status: 'failed' };

/**
 * The signed-in shopper's watchlist as the server keeps it (car ids and their address slugs):
 * the page's one read of `GET /api/watchlist`, which the save and remove buttons ask again.
 */
export function useWatchlistSlugs(): WatchlistEntries {
  const read = useApiRead('mf-search', WATCHLIST_ENDPOINT, watchlistCarsSchema);
  if (read.status === 'loading') return read;
  return read.status === 'ready'
    ? { status: 'ready', slugs: read.data.cars.map((car) => car.slug) }
    : { status: 'failed' };
}
