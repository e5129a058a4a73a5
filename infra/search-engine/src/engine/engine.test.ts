import { SearchError } from './errors';
import { IndexStore, type SearchIndex } from './search-index';

const cars = [
  {
    objectID: 'a',
    name: 'Toyota Corolla Ascent',
    make: 'Toyota',
    model: 'Corolla',
    price: 20000,
    year: 2019,
    status: 'in_stock',
    custom_rank: 3,
    location: { name: 'Sydney' },
    certified: true,
  },
  {
    objectID: 'b',
    name: 'Toyota Hilux SR5',
    make: 'Toyota',
    model: 'Hilux',
    price: 45000,
    year: 2021,
    status: 'sold',
    custom_rank: 9,
    location: { name: 'Perth' },
    certified: false,
  },
  {
    objectID: 'c',
    name: 'Mazda CX-5 Maxx',
    make: 'Mazda',
    model: 'CX-5',
    price: 32000,
    year: 2020,
    status: 'in_stock',
    custom_rank: 5,
    location: { name: 'Sydney' },
    certified: true,
  },
  {
    objectID: 'd',
    name: 'Škoda Octavia <RS>',
    make: 'Škoda',
    model: 'Octavia',
    price: 28000,
    year: 2018,
    status: 'coming_soon',
    custom_rank: 1,
    location: { name: 'Melbourne' },
    certified: false,
  },
];

function setup(): { store: IndexStore; index: SearchIndex } {
  const store = new IndexStore();
  store.setSettings('cars', {
    searchableAttributes: ['name', 'make,model', 'location.name'],
    attributesForFaceting: [
      'make',
      'searchable(model)',
      'status',
      'certified',
      'price',
      'year',
      'filterOnly(location.name)',
    ],
    customRanking: ['desc(custom_rank)'],
    replicas: ['cars_price_asc'],
  });
  store.setSettings('cars_price_asc', { customRanking: ['asc(price)'] });
  const index = store.require('cars');
  for (const car of cars) index.saveObject(car);
  return { store, index };
}

const ids = (index: SearchIndex, params: Record<string, unknown>): string[] =>
  index.search(params).hits.map((h) => h.objectID);

describe('SearchIndex', () => {
  it('orders an empty query by customRanking and replicas by their own', () => {
    const { store, index } = setup();
    expect(ids(index, {})).toEqual(['b', 'c', 'a', 'd']);
    expect(ids(store.require('cars_price_asc'), {})).toEqual(['a', 'd', 'c', 'b']);
    expect(store.require('cars_price_asc').settings.primary).toBe('cars');
  });

  it('answers an Algolia-shaped response with facets, stats and highlights', () => {
    const { index } = setup();
    const response = index.search({
      query: 'toy',
      facets: ['*'],
      hitsPerPage: 1,
      filters: 'price > 1000',
      clickAnalytics: true,
    });
    expect(response).toMatchObject({
      nbHits: 2,
      page: 0,
      nbPages: 2,
      hitsPerPage: 1,
      facets: {
        make: { Toyota: 2 },
        model: { Corolla: 1, Hilux: 1 },
        certified: { false: 1, true: 1 },
        price: { '20000': 1, '45000': 1 },
      },
      facets_stats: {
        price: { min: 20000, max: 45000, avg: 32500, sum: 65000 },
        year: { min: 2019, max: 2021, avg: 2020, sum: 4040 },
      },
      exhaustiveFacetsCount: true,
      exhaustiveNbHits: true,
      exhaustive: { facetsCount: true, nbHits: true },
      query: 'toy',
      index: 'cars',
      renderingContent: {},
    });
    expect(response.facets).not.toHaveProperty('location.name');
    expect(response.params).toBe(
      'query=toy&facets=%5B%22*%22%5D&hitsPerPage=1&filters=price%20%3E%201000&clickAnalytics=true',
    );
    expect(response.queryID).toMatch(/^[0-9a-f]{32}$/);
    expect(typeof response.processingTimeMS).toBe('number');
    expect(response.hits[0]).toMatchObject({
      objectID: 'b',
      _highlightResult: {
        name: {
          value: '<em>Toy</em>ota Hilux SR5',
          matchLevel: 'full',
          matchedWords: ['toy'],
          fullyHighlighted: false,
        },
        make: { value: '<em>Toy</em>ota', matchLevel: 'full', fullyHighlighted: false },
        location: { name: { value: 'Perth', matchLevel: 'none', matchedWords: [] } },
      },
    });
  });

  it('escapes HTML, strips diacritics, uses custom tags and ranks exact words first', () => {
    const { index } = setup();
    const [hit] = index.search({
      query: 'skoda rs',
      highlightPreTag: '<b>',
      highlightPostTag: '</b>',
      attributesToHighlight: ['name'],
    }).hits;
    expect(hit?._highlightResult).toEqual({
      name: {
        value: '<b>Škoda</b> Octavia &lt;<b>RS</b>&gt;',
        matchLevel: 'full',
        matchedWords: ['skoda', 'rs'],
        fullyHighlighted: false,
      },
    });
    index.saveObject({ objectID: 'e', name: 'Mazda MX-5', make: 'Mazda', model: 'MX-5', price: 30000, custom_rank: 0 });
    // 'mazda' exact in both; CX-5 outranks MX-5 on custom_rank; a query 'mx' prefers the exact token.
    expect(ids(index, { query: 'mazda' })).toEqual(['c', 'e']);
    expect(ids(index, { query: 'mazda mx' })).toEqual(['e']);
    // Attribute order: 'sydney' only matches location.name (level 2), 'corolla' matches name (level 0).
    expect(ids(index, { query: 'sydney' })).toEqual(['c', 'a']);
  });

  it('keeps results right through updates, partial updates and deletes', () => {
    const { store, index } = setup();
    const replica = store.require('cars_price_asc');
    index.search({ facets: ['make'] }); // build the indexes first
    index.saveObject({ ...cars[0], objectID: 'a', make: 'Mazda', price: 50000 });
    index.partialUpdateObject({ objectID: 'c', price: 10, custom_rank: { _operation: 'Increment', value: 10 } });
    index.partialUpdateObject({ objectID: 'zz', price: 1 }, false);
    index.partialUpdateObject({ objectID: 'new', price: 5, make: 'Kia' });
    index.deleteObject('b');
    expect(index.getObject('zz')).toBeUndefined();
    expect(index.getObject('c')).toMatchObject({ price: 10, custom_rank: 15, make: 'Mazda' });
    expect(ids(index, {})).toEqual(['c', 'a', 'd', 'new']);
    expect(ids(replica, {})).toEqual(['new', 'c', 'd', 'a']);
    expect(index.search({ facets: ['make'], query: '' }).facets).toEqual({ make: { Mazda: 2, Kia: 1, Škoda: 1 } });
    expect(ids(index, { query: 'toyota' })).toEqual(['a']); // still in its name
    expect(ids(index, { query: 'hilux' })).toEqual([]);
    expect(ids(index, { filters: 'make:toyota' })).toEqual([]);
    expect(ids(index, { numericFilters: ['price<=10'] })).toEqual(['c', 'new']);
    expect(() => replica.saveObject({ objectID: 'x' })).toThrow(SearchError);
    index.clearObjects();
    expect(index.search({}).nbHits).toBe(0);
    expect(replica.search({}).nbHits).toBe(0);
  });

  it('filters case-insensitively, ignores non-faceted attributes for facet filters, supports negation', () => {
    const { index } = setup();
    expect(ids(index, { facetFilters: [['make:MAZDA', 'make:škoda']] })).toEqual(['c', 'd']);
    expect(ids(index, { facetFilters: ['status:-sold', 'certified:true'] })).toEqual(['c', 'a']);
    expect(ids(index, { filters: 'name:"Toyota Hilux SR5"' })).toEqual([]);
    expect(ids(index, { filters: 'NOT name:x' })).toEqual(['b', 'c', 'a', 'd']);
    expect(ids(index, { filters: 'location.name:sydney AND year:2019 TO 2020' })).toEqual(['c', 'a']);
    expect(ids(index, { filters: 'custom_rank > 4' })).toEqual(['b', 'c']);
  });

  it('pages, limits, retrieves and accepts a params string', () => {
    const { index } = setup();
    const r = index.search({
      params: 'hitsPerPage=2&page=1&attributesToRetrieve=%5B%22*%22%2C%22-name%22%5D&attributesToHighlight=%5B%5D',
    });
    expect(r).toMatchObject({ page: 1, nbPages: 2, hitsPerPage: 2 });
    expect(r.hits.map((h) => h.objectID)).toEqual(['a', 'd']);
    expect(r.hits[0]).not.toHaveProperty('name');
    expect(r.hits[0]).not.toHaveProperty('_highlightResult');
    const o = index.search({ offset: 1, length: 2, attributesToRetrieve: ['make', 'location.name'] });
    expect(o).toMatchObject({ offset: 1, length: 2 });
    expect(o.hits.map((h) => [h.objectID, h.make, h.location])).toEqual([
      ['c', 'Mazda', { name: 'Sydney' }],
      ['a', 'Toyota', { name: 'Sydney' }],
    ]);
    expect(index.search({ hitsPerPage: 0, facets: 'make' })).toMatchObject({
      hits: [],
      nbHits: 4,
      nbPages: 0,
      facets: { make: { Toyota: 2 } },
    });
    expect(index.search({ responseFields: ['nbHits'] })).toEqual({ nbHits: 4 });
  });

  it('rejects bad parameters with 400', () => {
    const { index } = setup();
    const status = (params: Record<string, unknown>): number => {
      try {
        index.search(params);
        return 200;
      } catch (e) {
        return e instanceof SearchError ? e.status : 500;
      }
    };
    expect(status({ hitsPerPage: 1001 })).toBe(400);
    expect(status({ hitsPerPage: 'x' })).toBe(400);
    expect(status({ page: -1 })).toBe(400);
    expect(status({ query: 5 })).toBe(400);
    expect(status({ filters: 'make:' })).toBe(400);
    expect(status({ facets: 5 })).toBe(400);
    expect(status({ hitsPerPage: 1000 })).toBe(200);
  });

  it('rejects invalid settings and bad records', () => {
    const store = new IndexStore();
    expect(() => store.setSettings('x', { customRanking: ['price'] })).toThrow(
      "customRanking: expected 'asc(attribute)' or 'desc(attribute)', got 'price'",
    );
    expect(() => store.setSettings('x', { hitsPerPage: 5000 })).toThrow(SearchError);
    expect(() => store.getOrCreate('x').saveObject({ name: 'no id' })).toThrow(
      'record: objectID must be a non-empty string',
    );
    expect(() => store.require('nope')).toThrow('Index does not exist');
  });

  it('searches every attribute when searchableAttributes is unset', () => {
    const store = new IndexStore();
    const index = store.getOrCreate('plain');
    index.saveObject({ objectID: '1', title: 'Red car', nested: { colour: 'Crimson' } });
    index.saveObject({ objectID: '2', title: 'Blue car', year: 2020 });
    expect(ids(index, { query: 'crim' })).toEqual(['1']);
    expect(ids(index, { query: '2020' })).toEqual(['2']);
    expect(ids(index, { query: 'car' })).toEqual(['1', '2']);
  });
});
