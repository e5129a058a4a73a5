import { defineTeamServer, type PlatformPorts } from '@forecourt/shared-config/server';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import packageJson from '../package.json';
import type { SearchRequester } from '../src/features/results/lib/search-client';
import { renderSearchFirstPaint } from './first-paint';
import { promoCards, type StoredPromoNode } from './promos';

export type { PromoCardData, StoredPromoNode } from './promos';

/**
 * The filters of the fallback fetch (spec §7: "Fallback fetch | search_filters, limit | list of
 * vehicles"): the shopper's choices the database can apply without the search index.
 */
export const FallbackFiltersSchema = z
  .object({
    make: z.array(z.string().min(1).max(60)).max(50).optional(),
    model: z.array(z.string().min(1).max(60)).max(50).optional(),
    body: z.array(z.string().min(1).max(40)).max(30).optional(),
    car_type: z.array(z.enum(['new', 'used', 'demo'])).max(3).optional(),
    price: z.object({ min: z.number().min(0).optional(), max: z.number().min(0).optional() }).strict().optional(),
  })
  .strict();
export type FallbackFilters = z.infer<typeof FallbackFiltersSchema>;

/**
 * A promotional slide of the site's home page, as `/api/search/slides` answers it (spec: 'Slide:
 * id, name, description, url, hide_overlay'). `image` carries the media service's `?w=` width.
 */
export interface SlideData {
  id: string;
  name: string;
  description: string;
  url: string;
  image: string;
  /** Spec: hide_overlay. The image says it all: no name and description over it. */
  hideOverlay: boolean;
}

/** The most cars one fallback answer carries, and the default (a results page, spec §9). */
export const FALLBACK_LIMIT_MAX = 100;
export const FALLBACK_LIMIT_DEFAULT = 21;

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
  fallbackCars: (request: FastifyRequest, filters: FallbackFilters, limit: number) => Promise<Array<Record<string, unknown>>>;
  /**
   * How the server's first paint reaches the search service: the platform's embedded service
   * in-process (the same Algolia protocol and secured key as the browser's requests), or
   * undefined to use the network (a hosted search application, whose hosts the access names).
   */
  searchRequester?: SearchRequester;
}

const FallbackQuerySchema = z.object({
  search_filters: z
    .string()
    .max(4000)
    .optional()
    .transform((text, ctx) => {
      if (text === undefined || text === '') return {};
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'search_filters must be JSON' });
        return z.NEVER;
      }
    })
    .pipe(FallbackFiltersSchema),
  limit: z.coerce.number().int().min(1).max(FALLBACK_LIMIT_MAX).default(FALLBACK_LIMIT_DEFAULT),
});

/**
 * mf-search's API under /api/search/. The team declares the ports it needs here and infra passes
 * implementations when it mounts the plugin (tests pass their own); this folder never imports infra.
 *
 * GET /api/search/promos: every promo node of the site, dates included. The page decides which
 * show (dates against the shopper's clock, strictDisplay against the selected car types) and
 * where, so one cached answer serves every search page of the site.
 */
export default defineTeamServer<SearchPorts>({
  team: 'mf-search',
  version: packageJson.version,
  defaultPorts: { promoNodes: async () => [], slides: async () => [], fallbackCars: async () => [] },
  firstPaint: (input, ports) => renderSearchFirstPaint(input, ports),
  routes: (fastify, ports) => {
    fastify.get('/promos', async (request, reply) => {
      const cards = promoCards(await ports.promoNodes(request));
      reply.header('cache-control', 'public, max-age=60');
      return { promos: cards };
    });

    /**
     * GET /api/search/slides: the home page's promotional slides. They change when the dealer
     * edits them, rarely, so one answer serves the site's home page views for five minutes.
     */
    fastify.get('/slides', async (request, reply) => {
      const slides = await ports.slides(request);
      if (!slides) return reply.code(404).send({ error: 'No dealer site at this address' });
      reply.header('cache-control', 'public, max-age=300');
      return { slides };
    });

    /**
     * GET /api/search/fallback?search_filters={json}&limit=21: the page's fallback fetch when the
     * search index cannot answer (spec §7). Bad input is a 400 naming the field.
     */
    fastify.get('/fallback', async (request, reply) => {
      const parsed = FallbackQuerySchema.safeParse(request.query);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        const field = issue?.path.join('.') || 'query';
        return reply.code(400).send({ error: `${field}: ${issue?.message ?? 'invalid'}`, field });
      }
      const cars = await ports.fallbackCars(request, parsed.data.search_filters, parsed.data.limit);
      reply.header('cache-control', 'no-store');
      return { vehicles: cars };
    });
  },
});
