/**
 * The search page's answers, cached per query (spec §9: "Search results are cached per query; the
 * oldest entry is dropped when full (10 for the model and offers searches)"). It is the search
 * client's responses cache, so a query the shopper has just made (back, a filter put back, a
 * page revisited) answers at once without a request.
 *
 * Written here rather than taken from lru-cache: the rule is "oldest out" (first in, first out;
 * reading does not make an entry younger), and a Map keeps insertion order, so it is a few lines;
 * the library would add about 5 KB to every search page for a policy we would have to switch off.
 * The shape is algoliasearch's `Cache`, so the client uses it as it is.
 */
export const QUERY_CACHE_SIZE = 10;

type Key = Record<string, unknown> | string;

export interface QueryCache {
  get: <T>(key: Key, defaultValue: () => Promise<T>, events?: { miss: (value: T) => Promise<unknown> }) => Promise<T>;
  set: <T>(key: Key, value: T) => Promise<T>;
  delete: (key: Key) => Promise<void>;
  clear: () => Promise<void>;
}

export function createQueryCache(size = QUERY_CACHE_SIZE): QueryCache {
  const entries = new Map<string, unknown>();
  const id = (key: Key) => (typeof key === 'string' ? key : JSON.stringify(key));
  const cache: QueryCache = {
    async get<T>(key: Key, defaultValue: () => Promise<T>, events?: { miss: (value: T) => Promise<unknown> }) {
      const k = id(key);
      if (entries.has(k)) return entries.get(k) as T;
      const value = await defaultValue();
      await events?.miss(value);
      return value;
    },
    async set<T>(key: Key, value: T) {
      const k = id(key);
      entries.delete(k);
      entries.set(k, value);
      while (entries.size > size) entries.delete(entries.keys().next().value as string);
      return value;
    },
    async delete(key: Key) {
      entries.delete(id(key));
    },
    async clear() {
      entries.clear();
    },
  };
  return cache;
}
