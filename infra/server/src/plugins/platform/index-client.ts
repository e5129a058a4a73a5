import { algoliasearch } from 'algoliasearch';
import type { FastifyInstance } from 'fastify';
import { searchClient, type SearchClient } from '@forecourt/search-service/indexing/indexer';

type Requester = NonNullable<NonNullable<Parameters<typeof algoliasearch>[2]>['requester']>;

/**
 * The client a few cars' records are written with between rebuilds (reservations, stock
 * changes): Algolia's, or the embedded service asked in-process (as the first paint asks it),
 * which needs no socket and works before the server listens. The same write call as the
 * indexer's either way.
 */
export function indexClient(fastify: FastifyInstance): SearchClient {
  const search = fastify.stockSearch;
  if (!search.state.embedded) {
    const target = search.target();
    return searchClient(target, target.adminKey);
  }
  const { appId, adminKey } = search.target({ host: 'localhost', port: 0 });
  const requester: Requester = {
    async send(request) {
      const target = new URL(request.url);
      const response = await fastify.inject({
        method: request.method as 'GET' | 'POST' | 'PUT' | 'DELETE',
        url: `${target.pathname}${target.search}`,
        headers: request.headers,
        ...(request.data !== undefined ? { payload: request.data } : {}),
      });
      return { status: response.statusCode, content: response.body, isTimedOut: false };
    },
  };
  return algoliasearch(appId, adminKey, {
    hosts: [{ url: 'localhost', protocol: 'http', accept: 'readWrite' }],
    requester,
  });
}
