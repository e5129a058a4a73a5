import { quoted } from '../../../lib/filter-syntax';

/** The one search that reads the shopper's saved cars (favourites or compare list) by slug. */
export function carsBySlugRequest(indexName: string, slugs: readonly string[]) {
  return { indexName, filters: slugs.map((slug) => `slug:${quoted(slug)}`).join(' OR '), hitsPerPage: Math.max(1, slugs.length) };
}

/**
 * The cars in the order the shopper saved them. A saved car the search no longer finds (sold
 * and out of its sold window, or taken off the website) is reported apart, so the page can say
 * so instead of leaving a gap.
 */
export function inSavedOrder<T extends { slug: string }>(hits: readonly T[], slugs: readonly string[]): { cars: T[]; gone: string[] } {
  const bySlug = new Map(hits.map((hit) => [hit.slug, hit]));
  return { cars: slugs.flatMap((slug) => bySlug.get(slug) ?? []), gone: slugs.filter((slug) => !bySlug.has(slug)) };
}
