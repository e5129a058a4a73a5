import type { PlatformPorts } from '@forecourt/shared-config/server';
import type { FastifyRequest } from 'fastify';
import type { FallbackFilters, SlideData } from '../src/contract';
import type { SearchRequester } from '../src/features/results/lib/search-client';
import type { StoredPromoNode } from './promos';
import type { TemplateStore } from './server-state';

/**
 * The ports mf-search's server half needs, which infra implements when it mounts the plugin. A
 * module of their own: the plugin (index.ts) and its first paint (first-paint.tsx) both read them,
 * and the plugin imports the first paint.
 */
export interface SearchPorts extends PlatformPorts {
  /** The promo nodes of the tenant the request is for ([] when the request has no tenant). */
  promoNodes: (request: FastifyRequest) => Promise<StoredPromoNode[]>;
  /** The home page's slides of the request's tenant, in the dealer's order; null when the request names no site. */
  slides: (request: FastifyRequest) => Promise<SlideData[] | null>;
  /**
   * Cars of the request's tenant for the fallback fetch, read from the stock itself: in stock,
   * shown on the dealer's website, matching `filters`, newest first, at most `limit`, each in the
   * search index's record shape so the page shows the same cards.
   */
  fallbackCars: (
    request: FastifyRequest,
    filters: FallbackFilters,
    limit: number,
  ) => Promise<Array<Record<string, unknown>>>;
  /**
   * How the server's first paint reaches the search service: the platform's embedded service
   * in-process (the same Algolia protocol and secured key as the browser's requests), or
   * undefined to use the network (a hosted search application, whose hosts the access names).
   */
  searchRequester?: SearchRequester;
  /**
   * Where the results pages' learnt queries are kept between requests (server-state.ts): a
   * bounded store of the process's own. Undefined: every results page renders to learn its query.
   */
  serverStateTemplates?: TemplateStore;
}
