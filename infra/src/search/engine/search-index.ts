/**
 * One Algolia-style index: its settings plus a record store it may share with its replicas.
 *
 * Ranking (documented simplification of Algolia's tie-breaking):
 * - empty query: customRanking of this index/replica, ties by insertion order;
 * - with a query: (1) number of query words matched exactly (the last word may match only as a
 *   prefix) desc, (2) best (lowest) searchableAttributes position where any query word matches,
 *   (3) customRanking, (4) insertion order. No typo tolerance, proximity or in-attribute position.
 */
import { TypedFastBitSet } from 'typedfastbitset';
import { badRequest, SearchError } from './errors';
import { andAll, parseFacetFilters, parseFilters, parseNumericFilters, parseTagFilters, type FilterNode } from './filters';
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
import { unionInto, type DocSet } from './postings';
import { RecordStore, type SortOrder } from './record-store';
import type { TextIndex } from './text-index';
import { tokenize } from './tokenize';
import type { Json, SearchRecord } from './values';

export interface SearchOptions {
  /** A filter ANDed with the request's (a secured API key's `filters`). */
  extraFilters?: string;
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

export function checkObjectID(body: unknown): asserts body is SearchRecord {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw badRequest('record: expected a JSON object');
  const id = (body as { objectID?: unknown }).objectID;
  if (typeof id !== 'string' || id === '') throw badRequest('record: objectID must be a non-empty string');
}

type Operation = { _operation: string; value?: Json };
function isOperation(v: unknown): v is Operation {
  return typeof v === 'object' && v !== null && !Array.isArray(v) && typeof (v as { _operation?: unknown })._operation === 'string';
}

/** Applies a partial update, including Algolia's built-in operations (Increment, Add, ...). */
export function applyPartial(base: SearchRecord, changes: Record<string, unknown>): SearchRecord {
  const out: Record<string, Json> = { ...base };
  for (const [key, change] of Object.entries(changes)) {
    if (key === 'objectID') continue;
    if (!isOperation(change)) {
      out[key] = change as Json;
      continue;
    }
    const current = out[key];
    const value = change.value ?? null;
    const list = Array.isArray(current) ? current : current === undefined || current === null ? [] : [current];
    switch (change._operation) {
      case 'Increment':
      case 'IncrementFrom':
      case 'IncrementSet':
        out[key] = (typeof current === 'number' ? current : 0) + (typeof value === 'number' ? value : 0);
        break;
      case 'Decrement':
        out[key] = (typeof current === 'number' ? current : 0) - (typeof value === 'number' ? value : 0);
        break;
      case 'Add':
        out[key] = [...list, value];
        break;
      case 'AddUnique':
        out[key] = list.some((v) => JSON.stringify(v) === JSON.stringify(value)) ? list : [...list, value];
        break;
      case 'Remove':
        out[key] = list.filter((v) => JSON.stringify(v) !== JSON.stringify(value));
        break;
      default:
        throw badRequest(`partialUpdateObject: unknown _operation '${change._operation}'`);
    }
  }
  return out as SearchRecord;
}

export class SearchIndex {
  private rawSettings: IndexSettings = {};
  private compiledSettings: CompiledSettings = compileSettings({});

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
    if (this.isReplica) throw badRequest(`Cannot write to replica index '${this.name}': write to its primary '${String(this.rawSettings.primary)}'`);
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
    if (typeof objectID !== 'string' || objectID === '') throw badRequest('deleteObject: objectID must be a non-empty string');
    this.store.delete(objectID);
  }

  clearObjects(): void {
    this.writable();
    this.store.clear();
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
    this.store.text(c.searchable, c.searchableKey);
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
    store.compactIfNeeded();

    const tree = filterTreeOf(params, options.extraFilters);
    const result = this.evaluate(tree);
    let isAll = tree.kind === 'all';

    const words = tokenize(params.query);
    const q = queryWordsOf(words);
    let text: TextIndex | null = null;
    let wordTokens: string[][] = [];
    if (words.length > 0) {
      isAll = false;
      if (settings.searchable !== null && settings.searchable.length === 0) result.clear();
      else {
        text = store.text(settings.searchable, settings.searchableKey);
        const t = text;
        wordTokens = words.map((w, i) => t.matchingTokens(w, i === words.length - 1));
        for (const tokens of wordTokens) {
          if (result.isEmpty()) break;
          const matches = new TypedFastBitSet();
          for (const token of tokens) for (const posting of t.postings.get(token) ?? []) if (posting) unionInto(matches, posting);
          result.intersection(matches);
        }
      }
    }
    const nbHits = result.size();
    const window = pageWindow(nbHits, params, settings);
    const order = store.sortOrder(settings.customRanking, settings.rankingKey);

    const picked: Array<{ doc: number; exact: number; level: number }> = [];
    if (window.end > window.start) {
      if (!text) {
        for (const doc of this.slice(result, nbHits, window.start, window.end - window.start, order)) picked.push({ doc, exact: 0, level: 0 });
      } else {
        this.rankedSlice(result, text, words, wordTokens, window.start, window.end, order, picked);
      }
    }

    const hits: Hit[] = picked.map(({ doc, exact, level }) => {
      const hit = buildHit(store.doc(doc), params, settings, q);
      if (params.getRankingInfo) {
        hit._rankingInfo = {
          nbTypos: 0,
          words: words.length,
          nbExactWords: exact,
          firstMatchedWord: level * 1000,
          userScore: order.order.length - (order.rank[doc] ?? 0),
          filters: 0,
          proximityDistance: 0,
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
        facets[attribute] = sortFacetCounts(store.facet(attribute).counts(result, nbHits, store.capacity, isAll, max, store.alive, store.size), max);
        const numeric = store.numeric(attribute);
        if (!numeric.hasNumbers) continue;
        const s = numeric.stats(result, nbHits, store.alive, store.size);
        if (s.count > 0) facetsStats[attribute] = { min: s.min, max: s.max, avg: s.sum / s.count, sum: s.sum };
      }
    }
    const elapsed = Number(process.hrtime.bigint() - started) / 1e6;
    return buildResponse({ indexName: this.name, params, window, nbHits, hits, facets, facetsStats, processingTimeMS: Math.round(elapsed) });
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

  /** Walks the (exact, level) buckets in rank order and takes docs [start, end) of the ranking. */
  private rankedSlice(
    result: DocSet,
    text: TextIndex,
    words: string[],
    wordTokens: string[][],
    start: number,
    end: number,
    order: SortOrder,
    out: Array<{ doc: number; exact: number; level: number }>,
  ): void {
    const last = words[words.length - 1] as string;
    const lastExact = new TypedFastBitSet();
    for (const posting of text.postings.get(last) ?? []) if (posting) unionInto(lastExact, posting);
    const levelSets: DocSet[] = [];
    const levelSet = (level: number): DocSet => {
      let set = levelSets[level];
      if (!set) {
        set = new TypedFastBitSet();
        for (const tokens of wordTokens) for (const token of tokens) {
          const posting = text.postings.get(token)?.[level];
          if (posting) unionInto(set, posting);
        }
        levelSets[level] = set;
      }
      return set;
    };
    let position = 0;
    for (const exact of [true, false]) {
      const base = exact ? result.new_intersection(lastExact) : result.new_difference(lastExact);
      let remaining = base.size();
      for (let level = 0; level < text.levels && remaining > 0; level++) {
        const bucket = base.new_intersection(levelSet(level));
        base.difference(bucket);
        const size = bucket.size();
        remaining -= size;
        if (size === 0) continue;
        if (position + size > start) {
          const skip = Math.max(0, start - position);
          const count = Math.min(size - skip, end - position - skip);
          const nbExact = words.length - (exact ? 0 : 1);
          for (const doc of this.slice(bucket, size, skip, count, order)) out.push({ doc, exact: nbExact, level });
        }
        position += size;
        if (position >= end) return;
      }
    }
  }
}

/** Every index of one application, by name, with replicas sharing their primary's records. */
export class IndexStore {
  private readonly indices = new Map<string, SearchIndex>();
  private taskCounter = 0;

  nextTaskID(): number {
    return ++this.taskCounter;
  }

  get(name: string): SearchIndex | undefined {
    return this.indices.get(name);
  }

  /** The index or a 404 `SearchError` ("Index does not exist"). */
  require(name: string): SearchIndex {
    const index = this.indices.get(name);
    if (!index) throw new SearchError(404, 'Index does not exist');
    return index;
  }

  getOrCreate(name: string): SearchIndex {
    if (name === '' || name.length > 256) throw badRequest('indexName: must be 1 to 256 characters');
    let index = this.indices.get(name);
    if (!index) {
      index = new SearchIndex(name);
      this.indices.set(name, index);
    }
    return index;
  }

  names(): string[] {
    return [...this.indices.keys()].sort();
  }

  delete(name: string): boolean {
    const index = this.indices.get(name);
    if (!index) return false;
    this.indices.delete(name);
    // Replicas of a deleted primary become independent indices holding a copy of the records.
    for (const replica of index.settings.replicas ?? []) {
      const r = this.indices.get(replica);
      if (r && r.settings.primary === name) this.detach(r);
    }
    if (typeof index.settings.primary === 'string') {
      const primary = this.indices.get(index.settings.primary);
      if (primary) primary.applySettings({ replicas: (primary.settings.replicas ?? []).filter((n) => n !== name) });
    }
    return true;
  }

  private detach(replica: SearchIndex): void {
    replica.store = replica.store.copy();
    const { primary: _primary, ...rest } = replica.settings;
    const fresh = new SearchIndex(replica.name, replica.store);
    fresh.applySettings(rest);
    this.indices.set(replica.name, fresh);
  }

  /**
   * setSettings. With `replicas`, each named replica is created (with a copy of these settings)
   * or attached; replicas dropped from the list become independent. With `forwardToReplicas`,
   * the changes except `replicas` and `customRanking` are applied to the replicas too.
   */
  setSettings(name: string, changes: IndexSettings, forwardToReplicas = false): SearchIndex {
    const validated = validateSettings(changes);
    if ('primary' in validated) throw badRequest('primary: read-only setting');
    const index = this.getOrCreate(name);
    const before = index.settings.replicas ?? [];
    if (validated.replicas !== undefined) {
      if (index.isReplica) throw badRequest('replicas: a replica cannot have replicas');
      for (const replica of validated.replicas) {
        if (replica === name) throw badRequest('replicas: an index cannot be its own replica');
        const existing = this.indices.get(replica);
        if (existing?.settings.primary !== undefined && existing.settings.primary !== name) {
          throw badRequest(`replicas: '${replica}' is already a replica of '${String(existing.settings.primary)}'`);
        }
      }
    }
    index.applySettings(validated);
    if (validated.replicas !== undefined) {
      for (const old of before) {
        const r = this.indices.get(old);
        if (!validated.replicas.includes(old) && r && r.settings.primary === name) this.detach(r);
      }
      for (const replicaName of validated.replicas) {
        const existing = this.indices.get(replicaName);
        if (existing && existing.settings.primary === name) continue;
        const { replicas: _r, ...copied } = index.settings;
        const replica = new SearchIndex(replicaName, index.store);
        replica.applySettings({ ...copied, ...(existing ? existing.settings : {}), primary: name });
        this.indices.set(replicaName, replica);
      }
    }
    if (forwardToReplicas && !index.isReplica) {
      const { replicas: _r, customRanking: _c, ranking: _k, ...forwarded } = validated;
      for (const replicaName of index.settings.replicas ?? []) this.indices.get(replicaName)?.applySettings(forwarded);
    }
    return index;
  }
}
