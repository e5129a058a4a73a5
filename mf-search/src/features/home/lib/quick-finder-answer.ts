import type { QuickFinderAnswer } from '../../../app/first-paint';
import { quickFinderFilters, type QuickChoice } from '../../../lib/show-me';
import type { createSearchClient } from '../../results/lib/search-client';

/**
 * The quick finder's one search: how many cars match the choice, and the makes and body types in
 * stock (sorted by name) for its lists. The browser asks it on every change; the server asks it
 * for the home page's first paint.
 */
export async function quickFinderAnswer(
  client: ReturnType<typeof createSearchClient>,
  indexName: string,
  choice: QuickChoice,
): Promise<QuickFinderAnswer> {
  const { results } = await client.search<Record<string, unknown>>({
    requests: [
      { indexName, hitsPerPage: 0, facets: ['make', 'body'], maxValuesPerFacet: 100, ...quickFinderFilters(choice) },
    ],
  });
  const result = results[0];
  if (!result || !('nbHits' in result)) throw new Error('The quick finder’s search gave no answer');
  const names = (facet: string) => Object.keys(result.facets?.[facet] ?? {}).sort((a, b) => a.localeCompare(b));
  return { count: result.nbHits ?? 0, makes: names('make'), bodies: names('body') };
}
