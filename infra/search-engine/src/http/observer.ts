/**
 * What a search service tells whoever watches it: each answered search request and each write of
 * records. The platform records both for the operator console (search/service/search-stats.ts);
 * the service itself keeps nothing of them.
 */
export interface SearchObservation {
  /** The secured key's filters, which say whose search it was; null for an unrestricted key. */
  keyFilters: string | null;
  /** How long the request's searches took to answer, in milliseconds (the answer cache included). */
  ms: number;
  queries: ReadonlyArray<{ indexName: string; query: string; nbHits: number | null }>;
}

export interface SearchObserver {
  searched(observation: SearchObservation): void;
  /** Records saved (whole or in part), as written. */
  wrote(records: ReadonlyArray<Record<string, unknown>>): void;
}
