import { quoted } from '../../../lib/filter-syntax';

/**
 * The most cars one search asks for: the hits a site's search key may ask in one request (the
 * search service refuses more, as no results page shows more).
 */
export const SAVED_CARS_PER_SEARCH = 100;

/**
 * The searches that read the shopper's saved cars (favourites or compare list) by slug: one per
 * `SAVED_CARS_PER_SEARCH` cars, each sent as a request of its own.
 */
export function carsBySlugRequests(indexName: string, slugs: readonly string[]) {
  const requests = [];
  for (let start = 0; start < slugs.length; start += SAVED_CARS_PER_SEARCH) {
    const part = slugs.slice(start, start + SAVED_CARS_PER_SEARCH);
    requests.push({
      indexName,
      filters: part.map((slug) => `slug:${quoted(slug)}`).join(' OR '),
      hitsPerPage: part.length,
    });
  }
  return requests;
}

/**
 * The cars in the order the shopper saved them. A saved car the search no longer finds (sold
 * and out of its sold window, or taken off the website) is reported apart, so the page can say
 * so instead of leaving a gap.
 */
export function inSavedOrder<T extends { slug: string }>(
  hits: readonly T[],
  slugs: readonly string[],
): { cars: T[]; gone: string[] } {
  const bySlug = new Map(hits.map((hit) => [hit.slug, hit]));
  return { cars: slugs.flatMap((slug) => bySlug.get(slug) ?? []), gone: slugs.filter((slug) => !bySlug.has(slug)) };
}
