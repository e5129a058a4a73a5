import fs from 'node:fs/promises';
import path from 'node:path';
import { ALGOLIA_SUBSET, matchAlgoliaRoute, outsideAlgoliaSubset } from './algolia-subset';

describe('the Algolia subset as data', () => {
  it('is the table infra/search-engine/README.md lists', async () => {
    const readme = await fs.readFile(path.join(__dirname, '..', '..', 'README.md'), 'utf8');
    const table = readme.split('<!-- algolia-subset:start -->')[1]?.split('<!-- algolia-subset:end -->')[0] ?? '';
    const rows = table
      .split('\n')
      .filter((line) => line.startsWith('| `'))
      .map((line) => line.split('|').map((cell) => cell.trim().replace(/`/g, '')))
      .map((cells) => `${cells[1]} ${cells[2]} ${cells[3] || '-'} ${cells[4]}`);
    expect(rows).toEqual(
      ALGOLIA_SUBSET.map(
        (route) =>
          `${route.method} ${route.path} ${route.query.join(', ') || '-'} ${route.search ? 'search' : route.admin ? 'admin' : 'read'}`,
      ),
    );
  });

  it('tells a route of the subset by method and path, the multi-index star written or encoded', () => {
    expect(matchAlgoliaRoute('POST', '/1/indexes/*/queries')?.path).toBe('/1/indexes/*/queries');
    expect(matchAlgoliaRoute('POST', '/1/indexes/%2A/queries')?.path).toBe('/1/indexes/*/queries');
    expect(matchAlgoliaRoute('POST', '/1/indexes/cars/synonyms/batch')?.path).toBe('/1/indexes/:index/synonyms/batch');
    expect(matchAlgoliaRoute('POST', '/1/indexes/cars/browse')).toBeNull();
    expect(matchAlgoliaRoute('PATCH', '/1/indexes/cars/1')).toBeNull();
  });

  it('names what is outside: a route, a query parameter, a search parameter', () => {
    expect(outsideAlgoliaSubset({ method: 'POST', url: '/1/indexes/cars/browse', body: '{}' })).toEqual([
      'POST /1/indexes/cars/browse: not a route of the subset',
    ]);
    expect(
      outsideAlgoliaSubset({
        method: 'PUT',
        url: '/1/indexes/cars/settings?forwardToReplicas=true&x-algolia-agent=a',
        body: '{}',
      }),
    ).toEqual([]);
    expect(outsideAlgoliaSubset({ method: 'POST', url: '/1/indexes/cars/clear?forwardToReplicas=true' })).toEqual([
      "POST /1/indexes/:index/clear: query parameter 'forwardToReplicas'",
    ]);
    const body = JSON.stringify({
      requests: [
        { indexName: 'cars', query: 'ute', aroundLatLng: '1,2' },
        { indexName: 'cars', params: 'query=ute&optionalWords=ute' },
      ],
    });
    expect(outsideAlgoliaSubset({ method: 'POST', url: '/1/indexes/*/queries', body })).toEqual([
      "POST /1/indexes/*/queries: search parameter 'aroundLatLng'",
      "POST /1/indexes/*/queries: search parameter 'optionalWords'",
    ]);
  });
});
