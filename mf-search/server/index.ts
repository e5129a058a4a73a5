import { defineTeamServer, type PlatformPorts } from '@forecourt/shared-config/server';
import type { FastifyRequest } from 'fastify';
import packageJson from '../package.json';

/** A promo node as the platform stores it (spec: start, expiry, position, display, strictDisplay, node). */
export interface StoredPromoNode {
  id: string;
  start: string | Date | null;
  expiry: string | Date | null;
  position: number | null;
  display: string[];
  strict_display: boolean;
  node: { title: string; text: string; href: string; image_url: string | null };
}

/** A promo node as the results page reads it from `/api/search/promos`. */
export interface PromoCardData {
  id: string;
  start: string | null;
  expiry: string | null;
  position: number | null;
  display: string[];
  strictDisplay: boolean;
  title: string;
  text: string;
  href: string;
  imageUrl: string | null;
}

export interface SearchPorts extends PlatformPorts {
  /** The promo nodes of the tenant the request is for ([] when the request has no tenant). */
  promoNodes: (request: FastifyRequest) => Promise<StoredPromoNode[]>;
}

const iso = (value: string | Date | null) => (value === null ? null : new Date(value).toISOString());

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
  defaultPorts: { promoNodes: async () => [] },
  routes: (fastify, ports) => {
    fastify.get('/promos', async (request, reply) => {
      const nodes = await ports.promoNodes(request);
      const cards: PromoCardData[] = nodes.map((n) => ({
        id: n.id,
        start: iso(n.start),
        expiry: iso(n.expiry),
        position: n.position,
        display: n.display,
        strictDisplay: n.strict_display,
        title: n.node.title,
        text: n.node.text,
        href: n.node.href,
        imageUrl: n.node.image_url,
      }));
      reply.header('cache-control', 'public, max-age=60');
      return { promos: cards };
    });
  },
});
