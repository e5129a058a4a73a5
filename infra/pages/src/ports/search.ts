import type { FastifyInstance } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { PlatformPorts } from '@forecourt/shared-config/server';
import type { SearchPorts } from '@forecourt/mf-search/server';
import { listPromoNodes, listSlides, listVisibleCars } from '@forecourt/data/stock';
import { carToRecord } from '@forecourt/search-service/indexing/records';

function injectRequester(fastify: FastifyInstance): NonNullable<SearchPorts['searchRequester']> {
  return {
    async send(request) {
      const target = new URL(request.url);
      const response = await fastify.inject({
        method: request.method as 'GET' | 'POST',
        url: `${target.pathname}${target.search}`,
        headers: request.headers,
        ...(request.data !== undefined
          ? { payload: typeof request.data === 'string' ? request.data : Buffer.from(request.data) }
          : {}),
      });
      return { status: response.statusCode, content: response.body, isTimedOut: false };
    },
  };
}

/** The search service's answers to the first paints, timed for `/metrics` (search latency as the web tier sees it). */
function timedRequester(
  fastify: FastifyInstance,
  requester: NonNullable<SearchPorts['searchRequester']>,
): NonNullable<SearchPorts['searchRequester']> {
  return {
    async send(request) {
      const stop = fastify.metrics.searchDuration.startTimer();
      try {
        const response = await requester.send(request);
        stop({ outcome: response.isTimedOut ? 'timeout' : response.status >= 500 ? 'error' : 'ok' });
        return response;
      } catch (error) {
        stop({ outcome: 'error' });
        throw error;
      }
    },
  };
}

/** The platform's side of mf-search's ports: the first paint's way to the search service, and stock read from the tenant's own rows. */
export function searchPorts(fastify: FastifyInstance, ports: PlatformPorts): SearchPorts {
  return {
    ...ports,
    // The embedded search service answers the first paint in-process: the same Algolia protocol
    // and secured key as a browser's request, without a socket. A hosted application is reached
    // over the network (no requester), and the search service on a private network at its own
    // address, not the browser's.
    ...(fastify.stockSearch.state.embedded
      ? { searchRequester: timedRequester(fastify, injectRequester(fastify)) }
      : fastify.stockSearch.firstPaintRequester
        ? {
            searchRequester: timedRequester(
              fastify,
              fastify.stockSearch.firstPaintRequester as NonNullable<SearchPorts['searchRequester']>,
            ),
          }
        : {}),
    // A learnt query is a few kilobytes (its widgets' parameters); 2,000 page contexts a process.
    serverStateTemplates: new LRUCache({ max: 2000 }),
    promoNodes: async (request) => (request.tenant ? listPromoNodes(fastify.database.db, request.tenant.slug) : []),
    slides: async (request) =>
      request.tenant
        ? (await listSlides(fastify.database.db, request.tenant.slug)).map((slide) => ({
            id: slide.id,
            name: slide.name,
            description: slide.description,
            url: slide.url,
            image: slide.image_url,
            hideOverlay: slide.hide_overlay,
          }))
        : null,
    fallbackCars: async (request, filters, limit) => {
      const tenant = request.tenant;
      if (!tenant) return [];
      const cars = await listVisibleCars(fastify.database.db, tenant.slug, tenant.search.carTypes, filters, limit);
      return cars.map((car) => carToRecord(car, tenant));
    },
  };
}
