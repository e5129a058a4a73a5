/**
 * One Algolia-style index: its settings, its synonyms, plus a record store it may share with its
 * replicas. An application's indices, by name, are an `IndexStore` (`search-index.ts`).
 *
 * Ranking: empty query, customRanking of this index/replica, ties by insertion order; with a query,
 * Algolia's tie-breaking as `text-query.ts` describes it (typo, proximity, attribute, exact), then
 * customRanking, then insertion order.
 */
import { TypedFastBitSet } from 'typedfastbitset';
import { badRequest } from './errors';
import {
  andAll,
  parseFacetFilters,
  parseFilters,
  parseNumericFilters,
  parseTagFilters,
  type FilterNode,
} from './filters';
import { normalizeParams, type SearchParams } from './params';
import {
  buildHit,
  buildResponse,
  pageWindow,
  queryWordsOf,
  requestedFacets,
  sortFacetCounts,
  type FacetStats,
  type Hit,
  type SearchResponse,
} from './response';
import { compileSettings, validateSettings, type CompiledSettings, type IndexSettings } from './settings';
import type { DocSet } from './postings';
import { applyPartial, checkObjectID } from './record-updates';
import { RecordStore, type SortOrder } from './record-store';
import { SynonymSet, validateSynonym } from './synonyms';
import { planQuery, TextMatch, typoConfigOf, typoDisabledAttributes, type Bucket, type QueryPlan } from './text-query';
import { tokenize } from './tokenize';
import type { SearchRecord } from './values';

export interface SearchOptions {
  /** A filter ANDed with the request's (a secured API key's `filters`). */
  extraFilters?: string;
  /**
   * When the search must stop (`performance.now()` of the thread running it): past it, the search
   * throws `SearchTimeError` at its next step instead of going on.
   */
  deadline?: number;
}

/** A search ran past its deadline (`SearchOptions.deadline`); the service answers 429. */
export class SearchTimeError extends Error {
  constructor() {
    super('The search ran past its time budget');
    this.name = 'SearchTimeError';
  }
}

/** A check a search calls between its steps: throws once `deadline` has passed. */
export function deadlineCheck(deadline: number | undefined): () => void {
  if (deadline === undefined) return () => undefined;
  return () => {
    if (performance.now() >= deadline) throw new SearchTimeError();
  };
}

/** Builds the combined filter tree of a request (also used by the reference implementation). */
export function filterTreeOf(params: SearchParams, extraFilters?: string): FilterNode {
  return andAll([
    parseFilters(params.filters ?? ''),
    parseFacetFilters(params.facetFilters),
    parseNumericFilters(params.numericFilters),
    parseTagFilters(params.tagFilters),
    ...(extraFilters ? [parseFilters(extraFilters, 'filters (API key)')] : []),
  ]);
}

/** Tells indices apart in cache keys: an index deleted and created again never shares a key. */
let indexCounter = 0;

export class SearchIndex {
  private rawSettings: IndexSettings = {};
  private compiledSettings: CompiledSettings = compileSettings({});
  private readonly uid = ++indexCounter;
  private settingsVersion = 0;
  /** This index's own synonyms (a replica has its own; writes may be forwarded to replicas). */
  synonyms = new SynonymSet();

  constructor(
    readonly name: string,
    public store: RecordStore = new RecordStore(),
  ) {}

  get settings(): IndexSettings {
    return this.rawSettings;
  }
  get compiled(): CompiledSettings {
    return this.compiledSettings;
  }
  get isReplica(): boolean {
    return typeof this.rawSettings.primary === 'string';
  }

  /** Replaces the given keys of the settings (Algolia's setSettings semantics). */
  applySettings(changes: IndexSettings): void {
    const next = { ...this.rawSettings, ...validateSettings(changes) };
    const compiled = compileSettings(next);
    this.rawSettings = next;
    this.compiledSettings = compiled;
    this.settingsVersion++;
  }

  /**
   * Changes whenever anything a search reads changes: the records (shared with the replicas),
   * the settings or the synonyms. Answers cached under one stamp stay right until it changes.
   */
  stamp(): string {
    return `${this.uid}.${this.settingsVersion}.${this.synonyms.version}.${this.store.uid}.${this.store.version}`;
  }

  /** Settings as returned by getSettings, with defaults filled in as Algolia shows them. */
  describeSettings(): IndexSettings {
    const c = this.compiledSettings;
    return {
      searchableAttributes: this.rawSettings.searchableAttributes ?? null,
      attributesForFaceting: this.rawSettings.attributesForFaceting ?? [],
      customRanking: this.rawSettings.customRanking ?? [],
      replicas: this.rawSettings.replicas ?? [],
      hitsPerPage: c.hitsPerPage,
      maxValuesPerFacet: c.maxValuesPerFacet,
      highlightPreTag: c.highlightPreTag,
      highlightPostTag: c.highlightPostTag,
      paginationLimitedTo: c.paginationLimitedTo,
      ...this.rawSettings,
    };
  }

  private writable(): void {
    if (this.isReplica)
      throw badRequest(
        `Cannot write to replica index '${this.name}': write to its primary '${String(this.rawSettings.primary)}'`,
      );
  }

  saveObject(record: unknown): void {
    this.writable();
    checkObjectID(record);
    this.store.put(record);
  }

  partialUpdateObject(changes: unknown, createIfNotExists = true): void {
    this.writable();
    checkObjectID(changes);
    const existing = this.store.get(changes.objectID);
    if (!existing && !createIfNotExists) return;
    this.store.put(applyPartial(existing ?? { objectID: changes.objectID }, changes));
  }

  deleteObject(objectID: unknown): void {
    this.writable();
    if (typeof objectID !== 'string' || objectID === '')
      throw badRequest('deleteObject: objectID must be a non-empty string');
    this.store.delete(objectID);
  }

  clearObjects(): void {
    this.writable();
    this.store.clear();
  }

  /** Saves synonyms (validated; `replace`: drop every other synonym first). */
  saveSynonyms(hits: unknown[], replace = false): void {
    const valid = hits.map((h, i) => validateSynonym(h, `synonyms[${i}]`));
    if (replace) this.synonyms.clear();
    for (const hit of valid) this.synonyms.save(hit);
  }

  getObject(objectID: string): SearchRecord | undefined {
    return this.store.get(objectID);
  }

  /** Builds the indexes a query will need (optional: they are otherwise built on first use). */
  warm(): void {
    const c = this.compiledSettings;
    this.store.compactIfNeeded();
    for (const f of c.filterable) this.store.facet(f);
    for (const f of c.facetable) this.store.numeric(f);
    for (const r of c.customRanking) this.store.numeric(r.attribute);
    const disabled = typoDisabledAttributes(c, { query: '', raw: {} });
    this.store.text(c.searchable, disabled.key, disabled.attributes);
    this.store.sortOrder(c.customRanking, c.rankingKey);
  }

  /** Docs matching a filter tree (a fresh set). */
  evaluate(node: FilterNode): DocSet {
    const store = this.store;
    switch (node.kind) {
      case 'all':
        return store.alive.clone();
      case 'and': {
        const [first, ...rest] = node.children;
        const set = this.evaluate(first as FilterNode);
        for (const child of rest) {
          if (set.isEmpty()) break;
          set.intersection(this.evaluate(child));
        }
        return set;
      }
      case 'or': {
        const set = new TypedFastBitSet();
        for (const child of node.children) set.union(this.evaluate(child));
        return set;
      }
      case 'not':
        return store.alive.clone().difference(this.evaluate(node.child));
      case 'facet':
        // Algolia: filtering on an attribute not declared in attributesForFaceting matches nothing.
        if (!this.compiledSettings.filterable.has(node.attribute)) return new TypedFastBitSet();
        return store.facet(node.attribute).match(node.value);
      case 'numeric': {
        const ix = store.numeric(node.attribute);
        const v = node.value;
        switch (node.op) {
          case '<':
            return ix.range(-Infinity, true, v, false);
          case '<=':
            return ix.range(-Infinity, true, v, true);
          case '>':
            return ix.range(v, false, Infinity, true);
          case '>=':
            return ix.range(v, true, Infinity, true);
          case '=':
            return ix.range(v, true, v, true);
          case '!=':
            return store.alive.clone().difference(ix.range(v, true, v, true));
        }
        break;
      }
      case 'range':
        if (node.low > node.high) return new TypedFastBitSet();
        return store.numeric(node.attribute).range(node.low, true, node.high, true);
    }
    return new TypedFastBitSet();
  }

  /** Runs one search. `input` is the request's parameters (flat fields and/or a `params` string). */
  search(input: Record<string, unknown>, options: SearchOptions = {}): SearchResponse {
    const started = process.hrtime.bigint();
    return this.searchWith(normalizeParams(input), options, started);
  }

  /** Runs one search with already normalised parameters. */
  searchWith(params: SearchParams, options: SearchOptions = {}, started = process.hrtime.bigint()): SearchResponse {
    const settings = this.compiledSettings;
    const store = this.store;
    const checkTime = deadlineCheck(options.deadline);
    store.compactIfNeeded();

    const tree = filterTreeOf(params, options.extraFilters);
    const filtered = this.evaluate(tree);
    let isAll = tree.kind === 'all';

    const words = tokenize(params.query);
    let match: TextMatch | null = null;
    let plan: QueryPlan | null = null;
    let result = filtered;
    if (words.length > 0) {
      isAll = false;
      if (settings.searchable !== null && settings.searchable.length === 0) result = new TypedFastBitSet();
      else {
        const disabled = typoDisabledAttributes(settings, params);
        const text = store.text(settings.searchable, disabled.key, disabled.attributes);
        plan = planQuery(words, text, typoConfigOf(settings, params), this.synonyms.lookup(), checkTime);
        match = new TextMatch(text, plan, filtered, checkTime);
        result = match.hits;
      }
    }
    const q = queryWordsOf(words, plan?.highlights);
    const nbHits = result.size();
    const window = pageWindow(nbHits, params, settings);
    const order = store.sortOrder(settings.customRanking, settings.rankingKey);

    const picked: Array<{ doc: number; bucket: Omit<Bucket, 'docs'> | null }> = [];
    if (window.end > window.start) {
      if (!match) {
        for (const doc of this.slice(result, nbHits, window.start, window.end - window.start, order))
          picked.push({ doc, bucket: null });
      } else {
        checkTime();
        this.rankedSlice(match, window.start, window.end, order, picked);
      }
    }

    const hits: Hit[] = picked.map(({ doc, bucket }) => {
      const hit = buildHit(store.doc(doc), params, settings, q);
      if (params.getRankingInfo) {
        const n = words.length;
        hit._rankingInfo = {
          nbTypos: bucket?.typos ?? 0,
          words: n,
          nbExactWords: bucket?.exact ?? 0,
          firstMatchedWord: (bucket?.level ?? 0) * 1000,
          userScore: order.order.length - (order.rank[doc] ?? 0),
          filters: 0,
          // Simplified proximity: adjacent words count 1 each when one level holds them all, 8 otherwise.
          proximityDistance: n < 2 ? 0 : (bucket?.proximity ? 8 : 1) * (n - 1),
          geoDistance: 0,
          geoPrecision: 1,
        };
      }
      return hit;
    });

    let facets: Record<string, Record<string, number>> | undefined;
    let facetsStats: Record<string, FacetStats> | undefined;
    if (params.facets !== undefined) {
      facets = {};
      facetsStats = {};
      const max = params.maxValuesPerFacet ?? settings.maxValuesPerFacet;
      for (const attribute of requestedFacets(params, settings)) {
        checkTime();
        facets[attribute] = sortFacetCounts(
          store.facet(attribute).counts(result, nbHits, store.capacity, isAll, max, store.alive, store.size),
          max,
        );
        const numeric = store.numeric(attribute);
        if (!numeric.hasNumbers) continue;
        const s = numeric.stats(result, nbHits, store.alive, store.size);
        if (s.count > 0) facetsStats[attribute] = { min: s.min, max: s.max, avg: s.sum / s.count, sum: s.sum };
      }
    }
    const elapsed = Number(process.hrtime.bigint() - started) / 1e6;
    return buildResponse({
      indexName: this.name,
      params,
      window,
      nbHits,
      hits,
      facets,
      facetsStats,
      processingTimeMS: Math.round(elapsed),
    });
  }

  /** `count` docs of `set` in sort order, skipping the first `skip`. */
  private slice(set: DocSet, setSize: number, skip: number, count: number, sort: SortOrder): number[] {
    const out: number[] = [];
    if (count <= 0 || skip >= setSize) return out;
    if (setSize * 16 < sort.order.length) {
      const docs = set.array();
      const rank = sort.rank;
      docs.sort((a, b) => (rank[a] as number) - (rank[b] as number));
      return docs.slice(skip, skip + count);
    }
    const order = sort.order;
    let seen = 0;
    for (let i = 0; i < order.length; i++) {
      const d = order[i] as number;
      if (!set.has(d)) continue;
      if (seen++ < skip) continue;
      out.push(d);
      if (out.length === count) break;
    }
    return out;
  }

  /** Walks the ranking buckets best first and takes docs [start, end) of the ranking. */
  private rankedSlice(
    match: TextMatch,
    start: number,
    end: number,
    order: SortOrder,
    out: Array<{ doc: number; bucket: Omit<Bucket, 'docs'> | null }>,
  ): void {
    let position = 0;
    match.buckets(({ docs, ...bucket }) => {
      const size = docs.size();
      if (position + size > start) {
        const skip = Math.max(0, start - position);
        const count = Math.min(size - skip, end - position - skip);
        for (const doc of this.slice(docs, size, skip, count, order)) out.push({ doc, bucket });
      }
      position += size;
      return position < end;
    });
  }
}
