import type { InstantSearchServerState } from 'react-instantsearch-core';
import { contextKey, serverStateFor, type ServerStateTemplate } from './server-state';

const templates = new Map<string, ServerStateTemplate>();

/**
 * A search client over a stock the test changes: each query answers the number of cars whose
 * make it names (its `query`), as the search service would.
 */
function stockClient(stock: string[]) {
  const sent: unknown[] = [];
  const client = {
    search: async (args: unknown) => {
      sent.push(args);
      const requests = (args as { requests: Array<{ indexName: string; query: string }> }).requests;
      return {
        results: requests.map((r) => ({
          index: r.indexName,
          query: r.query,
          nbHits: stock.filter((make) => make === r.query).length,
        })),
      };
    },
  };
  return { client, sent };
}

/**
 * getServerState as InstantSearch runs it, in the small: the page's widgets (two indices, the
 * first with two queries) send one multi-query, and each index's entry takes its answers in order.
 */
async function learnPage(
  client: { search: (args: never) => Promise<{ results: unknown[] }> },
  learnt: { count: number },
): Promise<InstantSearchServerState> {
  learnt.count += 1;
  const args = {
    requests: [
      { indexName: 'cars', query: 'Mazda' },
      { indexName: 'cars', query: 'Toyota' },
      { indexName: 'budget', query: 'Mazda' },
    ],
  };
  const { results } = await (client.search as (a: unknown) => Promise<{ results: unknown[] }>)(args);
  return {
    initialResults: {
      cars: {
        state: { index: 'cars', query: 'Mazda' },
        results: results.slice(0, 2),
        requestParams: [{ query: 'Mazda' }, { query: 'Toyota' }],
      },
      budget: { state: { index: 'budget' }, results: results.slice(2), requestParams: [{ query: 'Mazda' }] },
    },
  } as unknown as InstantSearchServerState;
}

const counts = (state: InstantSearchServerState) =>
  Object.values(state.initialResults).flatMap((entry) =>
    (entry.results ?? []).map((r) => (r as { nbHits: number }).nbHits),
  );

describe('server state of a results page', () => {
  it('learns a page context once by rendering, then sends its query straight away and gets fresh answers', async () => {
    const stock = ['Mazda', 'Toyota'];
    const { client, sent } = stockClient(stock);
    const learnt = { count: 0 };
    const key = contextKey(['test', 'fresh']);
    const first = await serverStateFor(templates, key, client, (c) => learnPage(c, learnt));
    stock.push('Mazda');
    const second = await serverStateFor(templates, key, client, (c) => learnPage(c, learnt));
    expect(learnt.count).toBe(1);
    expect(counts(first)).toEqual([1, 1, 1]);
    expect(counts(second)).toEqual([2, 1, 2]);
    // The same query both times, as the widgets sent it.
    expect(sent[1]).toEqual(sent[0]);
  });

  it('gives the replayed state the learnt state’s shape, key order included', async () => {
    const { client } = stockClient(['Mazda']);
    const learnt = { count: 0 };
    const key = contextKey(['test', 'shape']);
    const first = await serverStateFor(templates, key, client, (c) => learnPage(c, learnt));
    const second = await serverStateFor(templates, key, client, (c) => learnPage(c, learnt));
    expect(learnt.count).toBe(1);
    expect(JSON.stringify(second)).toBe(JSON.stringify(first));
  });

  it('keeps rendering a context whose page sends two searches (not replayable as one)', async () => {
    const { client } = stockClient(['Mazda']);
    const learnt = { count: 0 };
    const twoCalls = async (c: typeof client) => {
      await c.search({ requests: [{ indexName: 'cars', query: 'Kia' }] } as never);
      return learnPage(c, learnt);
    };
    const key = contextKey(['test', 'two-calls']);
    await serverStateFor(templates, key, client, twoCalls);
    await serverStateFor(templates, key, client, twoCalls);
    expect(learnt.count).toBe(2);
  });

  it('keeps rendering a context whose widgets reshape the answers (the state is not the answers in order)', async () => {
    const { client } = stockClient(['Mazda']);
    const learnt = { count: 0 };
    const reordered = async (c: typeof client) => {
      const state = await learnPage(c, learnt);
      const cars = state.initialResults.cars!;
      return {
        initialResults: { ...state.initialResults, cars: { ...cars, results: [...(cars.results ?? [])].reverse() } },
      } as InstantSearchServerState;
    };
    const key = contextKey(['test', 'reshaped']);
    await serverStateFor(templates, key, client, reordered);
    await serverStateFor(templates, key, client, reordered);
    expect(learnt.count).toBe(2);
  });

  it('renders every time without a store', async () => {
    const { client } = stockClient(['Mazda']);
    const learnt = { count: 0 };
    const key = contextKey(['test', 'no-store']);
    await serverStateFor(undefined, key, client, (c) => learnPage(c, learnt));
    await serverStateFor(undefined, key, client, (c) => learnPage(c, learnt));
    expect(learnt.count).toBe(2);
  });

  it('keeps contexts apart: another address learns its own query', async () => {
    const { client } = stockClient(['Mazda']);
    const learnt = { count: 0 };
    await serverStateFor(templates, contextKey(['test', '/search/used-cars']), client, (c) => learnPage(c, learnt));
    await serverStateFor(templates, contextKey(['test', '/search/new-cars']), client, (c) => learnPage(c, learnt));
    expect(learnt.count).toBe(2);
  });
});
