import { createQueryCache } from './query-cache';

/** What the search client does with its responses cache: ask, and on a miss fetch and store. */
async function search(cache: ReturnType<typeof createQueryCache>, query: string, fetched: string[]): Promise<string> {
  return cache.get(
    { query },
    async () => {
      fetched.push(query);
      return `results for ${query}`;
    },
    { miss: (value) => cache.set({ query }, value) },
  );
}

describe('the per-query results cache (spec §9: oldest dropped when full, 10)', () => {
  test('a repeated query is answered without fetching', async () => {
    const cache = createQueryCache();
    const fetched: string[] = [];
    await search(cache, 'hilux', fetched);
    expect(await search(cache, 'hilux', fetched)).toBe('results for hilux');
    expect(fetched).toEqual(['hilux']);
  });

  test('the eleventh query drops the oldest, and only the oldest', async () => {
    const cache = createQueryCache();
    const fetched: string[] = [];
    for (let i = 1; i <= 11; i += 1) await search(cache, `q${i}`, fetched);
    fetched.length = 0;
    await search(cache, 'q2', fetched);
    await search(cache, 'q11', fetched);
    expect(fetched).toEqual([]);
    await search(cache, 'q1', fetched);
    expect(fetched).toEqual(['q1']);
  });

  test('reading an entry does not keep it: the oldest stored goes first', async () => {
    const cache = createQueryCache(2);
    const fetched: string[] = [];
    await search(cache, 'a', fetched);
    await search(cache, 'b', fetched);
    await search(cache, 'a', fetched); // a hit: 'a' is still the oldest
    await search(cache, 'c', fetched); // drops 'a'
    fetched.length = 0;
    await search(cache, 'b', fetched);
    await search(cache, 'a', fetched);
    expect(fetched).toEqual(['a']);
  });
});
