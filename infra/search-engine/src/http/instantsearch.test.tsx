/** @jest-environment jsdom */
/**
 * react-instantsearch with algoliasearch/lite against the search service on a real port, no
 * adapter in between: jsdom's XMLHttpRequest makes the real cross-origin HTTP calls (so CORS is
 * exercised too); the lite client's browser build picks its XHR requester by itself.
 */
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { liteClient } from 'algoliasearch/lite';
import Fastify, { type FastifyInstance } from 'fastify';
import { Hits, InstantSearch, RefinementList, SearchBox, useRange } from 'react-instantsearch';
import { IndexStore } from '../engine/search-index';
import { KeyStore } from './keys';
import { searchService } from './plugin';
import { TEST_SEARCH_TIMEOUTS } from '../testing/search-client';

const APP = 'FORECOURT';
const SEARCH = 'search-key';

let app: FastifyInstance;
let port = 0;
const multiQueries: Array<{ requests: Array<Record<string, unknown>> }> = [];

beforeAll(async () => {
  const store = new IndexStore();
  store.setSettings('cars', {
    searchableAttributes: ['name', 'make,model'],
    attributesForFaceting: ['make', 'price'],
    customRanking: ['desc(custom_rank)'],
  });
  const cars = [
    ['1', 'Toyota Corolla Ascent', 'Toyota', 21990, 5],
    ['2', 'Toyota Hilux SR5', 'Toyota', 48990, 4],
    ['3', 'Mazda CX-5 Maxx', 'Mazda', 33990, 3],
    ['4', 'Ford Ranger XLT', 'Ford', 55990, 2],
    ['5', 'Toyota RAV4 GX', 'Toyota', 38990, 1],
  ] as const;
  for (const [objectID, name, make, price, custom_rank] of cars)
    store.require('cars').saveObject({ objectID, name, make, price, custom_rank });
  app = Fastify();
  app.addHook('preHandler', async (request) => {
    if (request.url.startsWith('/1/indexes/*/queries'))
      multiQueries.push(request.body as { requests: Array<Record<string, unknown>> });
  });
  await app.register(searchService, {
    store,
    keys: new KeyStore({ appId: APP, adminKey: 'admin', searchKeys: [SEARCH] }),
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  port = typeof address === 'object' && address ? address.port : 0;
});

afterAll(() => app.close());

function PriceRange() {
  const { range } = useRange({ attribute: 'price' });
  return <p data-testid="price-range">{`${range.min ?? '-'} to ${range.max ?? '-'}`}</p>;
}

function Hit({ hit }: { hit: { name?: unknown } }) {
  return <span>{String(hit.name)}</span>;
}

it('renders hits and refinement counts, and re-queries disjunctively on a refinement click', async () => {
  const client = liteClient(APP, SEARCH, {
    hosts: [{ url: `127.0.0.1:${port}`, protocol: 'http', accept: 'read' }],
    timeouts: TEST_SEARCH_TIMEOUTS,
  });
  render(
    <InstantSearch searchClient={client} indexName="cars" future={{ preserveSharedStateOnUnmount: true }}>
      <SearchBox />
      <RefinementList attribute="make" />
      <PriceRange />
      <Hits hitComponent={Hit} />
    </InstantSearch>,
  );

  expect(await screen.findByText('Toyota Corolla Ascent', {}, { timeout: 10_000 })).toBeTruthy();
  const hits = document.querySelectorAll('.ais-Hits-item');
  expect([...hits].map((h) => h.textContent)).toEqual([
    'Toyota Corolla Ascent',
    'Toyota Hilux SR5',
    'Mazda CX-5 Maxx',
    'Ford Ranger XLT',
    'Toyota RAV4 GX',
  ]);

  const items = () =>
    [...document.querySelectorAll('.ais-RefinementList-item')].map((li) => [
      li.querySelector('.ais-RefinementList-labelText')?.textContent,
      li.querySelector('.ais-RefinementList-count')?.textContent,
    ]);
  expect(items()).toEqual([
    ['Toyota', '3'],
    ['Ford', '1'],
    ['Mazda', '1'],
  ]);
  await waitFor(() => expect(screen.getByTestId('price-range').textContent).toBe('21990 to 55990'));

  const before = multiQueries.length;
  const mazda = document.querySelectorAll('.ais-RefinementList-item')[2] as HTMLElement;
  await act(async () => {
    fireEvent.click(within(mazda).getByRole('checkbox'));
  });
  await waitFor(
    () =>
      expect([...document.querySelectorAll('.ais-Hits-item')].map((h) => h.textContent)).toEqual(['Mazda CX-5 Maxx']),
    { timeout: 10_000 },
  );
  // The other makes keep their counts (the disjunctive request drops the make filter); the
  // refined value is listed first by the widget's default sort.
  expect(items()).toEqual([
    ['Mazda', '1'],
    ['Toyota', '3'],
    ['Ford', '1'],
  ]);
  const sent = multiQueries.slice(before).at(-1);
  expect(sent?.requests).toHaveLength(2);
  expect(sent?.requests[0]).toMatchObject({ indexName: 'cars', facetFilters: [['make:Mazda']] });
  expect(sent?.requests[1]).toMatchObject({ indexName: 'cars', hitsPerPage: 0, facets: 'make' });
  expect(sent?.requests[1]).not.toHaveProperty('facetFilters');

  fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'cx' } });
  await waitFor(() => expect(multiQueries.at(-1)?.requests[0]).toMatchObject({ query: 'cx' }), { timeout: 10_000 });
  await waitFor(() =>
    expect(document.querySelector('.ais-Hits-item mark, .ais-Hits-item')?.textContent).toBe('Mazda CX-5 Maxx'),
  );
});
