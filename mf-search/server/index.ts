import { defineTeamServer } from '@forecourt/shared-config/server';
import { parseInput } from '@forecourt/shared-config/server/validation';
import { z } from 'zod';
import packageJson from '../package.json';
import { FallbackFiltersSchema } from '../src/contract';
import type { SlidesAnswer } from '../src/features/home/api/slides';
import type { PromosAnswer } from '../src/features/results/api/promos';
import { renderSearchFirstPaint } from './first-paint';
import type { SearchPorts } from './ports';
import { promoCards } from './promos';

export type { SearchPorts } from './ports';
export type { StoredPromoNode } from './promos';

/** The most cars one fallback answer carries, and the default (a results page, spec §9). */
export const FALLBACK_LIMIT_MAX = 100;
export const FALLBACK_LIMIT_DEFAULT = 21;

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
      return { promos: cards } satisfies PromosAnswer;
    });

    /**
     * GET /api/search/slides: the home page's promotional slides. They change when the dealer
     * edits them, rarely, so one answer serves the site's home page views for five minutes.
     */
    fastify.get('/slides', async (request, reply) => {
      const slides = await ports.slides(request);
      if (!slides) return reply.code(404).send({ error: 'No dealer site at this address' });
      reply.header('cache-control', 'public, max-age=300');
      return { slides } satisfies SlidesAnswer;
    });

    /**
     * GET /api/search/fallback?search_filters={json}&limit=21: the page's fallback fetch when the
     * search index cannot answer (spec §7). Bad input is a 400 naming the field.
     */
    fastify.get('/fallback', async (request, reply) => {
      const query = parseInput(FallbackQuerySchema, request.query, 'query');
      const cars = await ports.fallbackCars(request, query.search_filters, query.limit);
      reply.header('cache-control', 'no-store');
      return { vehicles: cars };
    });
  },
});
