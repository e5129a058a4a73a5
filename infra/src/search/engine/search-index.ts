/**
 * One Algolia-style index: its settings, its synonyms, plus a record store it may share with its
 * replicas.
 *
 * Ranking: empty query, customRanking of this index/replica, ties by insertion order; with a query,
 * Algolia's tie-breaking as `text-query.ts` describes it (typo, proximity, attribute, exact), then
 * customRanking, then insertion order.
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
import type { DocSet } from './postings';
import { RecordStore, type RecordBlobWriter, type RecordStoreSnapshot, type SortOrder } from './record-store';
import { SynonymSet, validateSynonym, type SynonymHit } from './synonyms';
import { planQuery, TextMatch, typoConfigOf, typoDisabledAttributes, type Bucket, type QueryPlan } from './text-query';
import { tokenize } from './tokenize';
import type { Json, SearchRecord } from './values';

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
        for (const doc of this.slice(result, nbHits, window.start, window.end - window.start, order)) picked.push({ doc, bucket: null });
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

  /** Walks the ranking buckets best first and takes docs [start, end) of the ranking. */
  private rankedSlice(match: TextMatch, start: number, end: number, order: SortOrder, out: Array<{ doc: number; bucket: Omit<Bucket, 'docs'> | null }>): void {
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

/** Every index of an application as plain data (see `snapshot.ts`); replicas point at their primary's store. */
export interface IndexStoreSnapshot {
  stores: RecordStoreSnapshot[];
  indices: Array<{ name: string; settings: IndexSettings; synonyms: SynonymHit[]; store: number }>;
}

/** Every index of one application, by name, with replicas sharing their primary's records. */
export class IndexStore {
  private readonly indices = new Map<string, SearchIndex>();
  private taskCounter = 0;

  /**
   * Builds every index's structures (so a snapshot holds them) and returns the whole store as
   * data, the records' text going to `blob` (the snapshot's record section).
   */
  toSnapshot(blob: RecordBlobWriter): IndexStoreSnapshot {
    const stores: RecordStore[] = [];
    const indices: IndexStoreSnapshot['indices'] = [];
    for (const index of this.indices.values()) {
      index.warm();
      let at = stores.indexOf(index.store);
      if (at < 0) at = stores.push(index.store) - 1;
      indices.push({ name: index.name, settings: index.settings, synonyms: index.synonyms.all(), store: at });
    }
    return { stores: stores.map((s) => s.toSnapshot(blob)), indices };
  }

  /** The store `snapshot` describes, over the snapshot's record section `blob`. */
  static fromSnapshot(snapshot: IndexStoreSnapshot, blob: Buffer): IndexStore {
    const out = new IndexStore();
    const stores = snapshot.stores.map((s) => RecordStore.fromSnapshot(s, blob));
    for (const entry of snapshot.indices) {
      const store = stores[entry.store];
      if (!store) throw new Error(`snapshot: index '${entry.name}' has no record store`);
      const index = new SearchIndex(entry.name, store);
      index.applySettings(entry.settings);
      index.saveSynonyms(entry.synonyms);
      out.indices.set(entry.name, index);
    }
    return out;
  }

  /** Replaces every index with those of `other` (a restored snapshot). */
  replaceWith(other: IndexStore): void {
    this.indices.clear();
    for (const [name, index] of other.indices) this.indices.set(name, index);
  }

  /**
   * Changes whenever any index's records, settings or synonyms change, or an index comes or
   * goes: the snapshot writer compares it to the last saved one.
   */
  stamp(): string {
    return [...this.indices.values()].map((i) => `${i.name}:${i.stamp()}`).join('|');
  }

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
    fresh.synonyms = replica.synonyms;
    this.indices.set(replica.name, fresh);
  }

  /** The index (created if missing) and, with `forwardToReplicas`, its replicas that exist. */
  private synonymTargets(name: string, forwardToReplicas: boolean): SearchIndex[] {
    const index = this.getOrCreate(name);
    if (!forwardToReplicas) return [index];
    const replicas = (index.settings.replicas ?? []).map((r) => this.indices.get(r)).filter((r): r is SearchIndex => r !== undefined);
    return [index, ...replicas];
  }

  /** saveSynonym / saveSynonyms (`replaceExistingSynonyms`), on the index and optionally its replicas. */
  saveSynonyms(name: string, hits: unknown[], options: { forwardToReplicas?: boolean; replace?: boolean } = {}): void {
    const valid = hits.map((h, i) => validateSynonym(h, hits.length === 1 ? 'synonym' : `synonyms[${i}]`));
    for (const index of this.synonymTargets(name, options.forwardToReplicas === true)) index.saveSynonyms(valid, options.replace === true);
  }

  deleteSynonym(name: string, objectID: string, forwardToReplicas = false): void {
    for (const index of this.synonymTargets(name, forwardToReplicas)) index.synonyms.delete(objectID);
  }

  clearSynonyms(name: string, forwardToReplicas = false): void {
    for (const index of this.synonymTargets(name, forwardToReplicas)) index.synonyms.clear();
  }

  getSynonym(name: string, objectID: string): SynonymHit {
    const hit = this.require(name).synonyms.get(objectID);
    if (!hit) throw new SearchError(404, 'Synonym set does not exist');
    return hit;
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
