import type { SearchAccess } from '@forecourt/shared-config';
import { liteClient } from 'algoliasearch/lite';
import { createQueryCache } from '../../../lib/query-cache';

type LiteClient = ReturnType<typeof liteClient>;

/** How long the page's search requests may take before the host counts as down (see createSearchClient). */
export const SEARCH_TIMEOUTS_MS = { connect: 5_000, read: 10_000 } as const;

/**
 * How the client sends its HTTP requests, when not by the network (algoliasearch's requester
 * shape): the server's first paint asks the platform's embedded search service in-process.
 */
export interface SearchRequester {
  send(request: {
    method: string;
    url: string;
    headers: Record<string, string>;
    data?: string | Uint8Array;
  }): Promise<{ status: number; content: string; isTimedOut: boolean }>;
}
type SearchArgs = Parameters<LiteClient['search']>[0];

/**
 * The page's search client: algoliasearch's lite client with the page's secured key, pointed at
 * the hosts the boot data names (this page's own origin when none, as with the embedded
 * service). A sort that needs an extra filter on this site (price ascending: 'price > 0') gets
 * it on every request to that index, so the rest of the code just picks the index. Answers are
 * kept for the last 10 queries (lib/query-cache.ts) instead of the client's unbounded default.
 */
export function createSearchClient(
  access: SearchAccess,
  origin: { host: string; protocol: string },
  requester?: SearchRequester,
): LiteClient {
  const hosts = access.hosts.length > 0 ? access.hosts : [origin.host];
  const protocol = origin.protocol === 'http:' ? 'http' : 'https';
  const client = liteClient(access.appId, access.apiKey, {
    hosts: hosts.map((url) => ({ url, protocol, accept: 'read' as const })),
    // The client times a request with the page's own timers (1 s to the headers, 2 s to the body
    // by default), so a main thread busy for longer than that (a phone building the results page
    // as the first search goes out, which is when the results now load) takes a good answer for
    // a dead host; with one host that is an error and the fallback list. The platform's search
    // service answers or sheds (429) within its own time budget, so these only tell an outage.
    timeouts: { connect: SEARCH_TIMEOUTS_MS.connect, read: SEARCH_TIMEOUTS_MS.read, write: SEARCH_TIMEOUTS_MS.read },
    responsesCache: createQueryCache(),
    ...(requester ? { requester: requester as NonNullable<Parameters<typeof liteClient>[2]>['requester'] } : {}),
  });
  const search = client.search.bind(client) as (args: SearchArgs) => ReturnType<LiteClient['search']>;
  return {
    ...client,
    search: ((args: SearchArgs) => {
      const requests = Array.isArray(args) ? args : args.requests;
      const adjusted = requests.map((request) => {
        const extra = 'indexName' in request ? access.sortFilters[request.indexName] : undefined;
        if (!extra) return request;
        const params = request as { numericFilters?: unknown };
        const existing = Array.isArray(params.numericFilters)
          ? params.numericFilters
          : params.numericFilters
            ? [params.numericFilters]
            : [];
        return { ...request, numericFilters: [...existing, extra] };
      });
      return search(Array.isArray(args) ? (adjusted as SearchArgs) : ({ ...args, requests: adjusted } as SearchArgs));
    }) as LiteClient['search'],
  } as LiteClient;
}
