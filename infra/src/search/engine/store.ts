/**
 * Records of one index (shared by its replicas), numbered by internal doc id, and the
 * structures built over them: per-attribute facet postings, numeric columns, text postings per
 * searchable level, and pre-sorted doc orders per customRanking. Facet and text postings are
 * kept up to date on every write; numeric sorted columns and sort orders are rebuilt lazily on
 * the next query after a write.
 */
import { SparseTypedFastBitSet, TypedFastBitSet } from 'typedfastbitset';
import type { SearchableLevel, SortCriterion } from './settings';
import { tokensOfScalar } from './tokenize';
import { distinctFacetStrings, leafPaths, pathReader, valuesAt, type Scalar, type SearchRecord } from './values';

export type Posting = SparseTypedFastBitSet;
export type DocSet = TypedFastBitSet;

/** ORs a posting into a dense set without forcing a sparse posting into bitset form. */
export function unionInto(target: DocSet, posting: Posting): void {
  const size = posting.size();
  if (size === 0) return;
  if (size < 4096) posting.forEach((d) => target.add(d));
  else target.union(posting);
}

interface Indexer {
  add(doc: number, record: SearchRecord): void;
  remove(doc: number, record: SearchRecord): void;
}

export class FacetIndex implements Indexer {
  readonly values: string[] = [];
  private readonly ids = new Map<string, number>();
  readonly postings: Posting[] = [];
  private readonly lower = new Map<string, number[]>();
  /** Per doc: -1 none, >= 0 the single value id, -2 several (see `multi`). */
  private forward = new Int32Array(0).fill(-1);
  private readonly get: (record: unknown) => Scalar[];
  private readonly multi = new Map<number, number[]>();

  constructor(readonly attribute: string) {
    this.get = pathReader(attribute);
  }

  private idOf(value: string): number {
    let id = this.ids.get(value);
    if (id === undefined) {
      id = this.values.length;
      this.values.push(value);
      this.ids.set(value, id);
      this.postings.push(new SparseTypedFastBitSet());
      const key = value.toLowerCase();
      const list = this.lower.get(key);
      if (list) list.push(id);
      else this.lower.set(key, [id]);
    }
    return id;
  }

  add(doc: number, record: SearchRecord): void {
    const values = distinctFacetStrings(this.get(record));
    if (this.forward.length <= doc) {
      const grown = new Int32Array(Math.max(1024, doc * 2)).fill(-1);
      grown.set(this.forward);
      this.forward = grown;
    }
    if (values.length === 0) {
      this.forward[doc] = -1;
      return;
    }
    const ids = values.map((v) => this.idOf(v));
    for (const id of ids) (this.postings[id] as Posting).add(doc);
    if (ids.length === 1) this.forward[doc] = ids[0] as number;
    else {
      this.forward[doc] = -2;
      this.multi.set(doc, ids);
    }
  }

  remove(doc: number, record: SearchRecord): void {
    for (const v of distinctFacetStrings(this.get(record))) {
      const id = this.ids.get(v);
      if (id !== undefined) (this.postings[id] as Posting).remove(doc);
    }
    if (doc < this.forward.length) this.forward[doc] = -1;
    this.multi.delete(doc);
  }

  /** Docs whose value equals `value`, case-insensitively (a fresh set). */
  match(value: string): DocSet {
    const out = new TypedFastBitSet();
    for (const id of this.lower.get(value.toLowerCase()) ?? []) unionInto(out, this.postings[id] as Posting);
    return out;
  }

  /**
   * Value counts over `result`, reduced to the candidates for the `limit` best values (count
   * desc; the caller sorts them and breaks ties by value). Counting uses posting sizes when the
   * result is every live doc, one intersection per value when there are few values, else one
   * pass over the result's docs through the forward index.
   */
  counts(result: DocSet, resultSize: number, capacity: number, isAll: boolean, limit: number, alive?: DocSet, liveSize = 0): Array<[string, number]> {
    const n = this.values.length;
    const counts = new Int32Array(n);
    if (isAll) {
      for (let id = 0; id < n; id++) counts[id] = (this.postings[id] as Posting).size();
    } else if (n * (capacity >>> 5) < resultSize * 2) {
      for (let id = 0; id < n; id++) counts[id] = (this.postings[id] as Posting).intersection_size(result);
    } else if (alive !== undefined && resultSize * 2 > liveSize) {
      // Most docs match: count the few that do not and subtract from the posting sizes.
      this.countForward(alive.new_difference(result), counts);
      for (let id = 0; id < n; id++) counts[id] = (this.postings[id] as Posting).size() - (counts[id] as number);
    } else {
      this.countForward(result, counts);
    }
    return topCounts(this.values, counts, limit);
  }

  private countForward(docs: DocSet, counts: Int32Array): void {
    const forward = this.forward;
    const multi = this.multi;
    docs.forEach((d) => {
      const v = forward[d] ?? -1;
      if (v >= 0) counts[v] = (counts[v] as number) + 1;
      else if (v === -2) for (const id of multi.get(d) ?? []) counts[id] = (counts[id] as number) + 1;
    });
  }
}

/** The values whose count may rank in the top `limit` (all values with count >= the limit-th count). */
export function topCounts(values: string[], counts: Int32Array, limit: number): Array<[string, number]> {
  const out: Array<[string, number]> = [];
  let nonZero = 0;
  let max = 0;
  for (let id = 0; id < counts.length; id++) {
    const c = counts[id] as number;
    if (c > 0) {
      nonZero++;
      if (c > max) max = c;
    }
  }
  let threshold = 1;
  if (nonZero > limit) {
    const histogram = new Int32Array(max + 1);
    for (let id = 0; id < counts.length; id++) {
      const c = counts[id] as number;
      histogram[c] = (histogram[c] as number) + 1;
    }
    let taken = 0;
    threshold = max;
    while (threshold > 1 && taken + (histogram[threshold] as number) < limit) taken += histogram[threshold--] as number;
  }
  for (let id = 0; id < counts.length; id++) {
    const c = counts[id] as number;
    if (c >= threshold && c > 0) out.push([values[id] as string, c]);
  }
  return out;
}

export class NumericIndex implements Indexer {
  /** Per doc: the single value, or NaN (none, or several: see `multi`). */
  private forward = new Float64Array(0);
  private readonly multi = new Map<number, number[]>();
  private sorted: { values: Float64Array; docs: Int32Array } | null = null;
  private readonly get: (record: unknown) => Scalar[];
  /** Docs holding at least one number (to skip stats of string attributes). */
  private numericDocs = 0;

  constructor(readonly attribute: string) {
    this.get = pathReader(attribute);
  }

  add(doc: number, record: SearchRecord): void {
    const values: number[] = [];
    for (const v of this.get(record)) if (typeof v === 'number') values.push(v);
    if (this.forward.length <= doc) {
      const grown = new Float64Array(Math.max(1024, doc * 2)).fill(Number.NaN);
      grown.set(this.forward);
      this.forward = grown;
    }
    if (values.length > 0) this.numericDocs++;
    if (values.length === 1) this.forward[doc] = values[0] as number;
    else {
      this.forward[doc] = Number.NaN;
      if (values.length > 1) this.multi.set(doc, values);
    }
    this.sorted = null;
    this.totals = null;
  }

  remove(doc: number): void {
    if (doc < this.forward.length && (!Number.isNaN(this.forward[doc] as number) || this.multi.has(doc))) this.numericDocs--;
    if (doc < this.forward.length) this.forward[doc] = Number.NaN;
    this.multi.delete(doc);
    this.sorted = null;
    this.totals = null;
  }

  get hasNumbers(): boolean {
    return this.numericDocs > 0;
  }

  private column(): { values: Float64Array; docs: Int32Array } {
    if (this.sorted) return this.sorted;
    const pairs: Array<[number, number]> = [];
    for (let d = 0; d < this.forward.length; d++) {
      const v = this.forward[d] as number;
      if (!Number.isNaN(v)) pairs.push([v, d]);
    }
    for (const [d, vs] of this.multi) for (const v of vs) pairs.push([v, d]);
    pairs.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    const values = new Float64Array(pairs.length);
    const docs = new Int32Array(pairs.length);
    pairs.forEach(([v, d], i) => {
      values[i] = v;
      docs[i] = d;
    });
    this.sorted = { values, docs };
    return this.sorted;
  }

  /** Docs with a value in [low, high] (bounds inclusive or exclusive), as a fresh set. */
  range(low: number, lowInclusive: boolean, high: number, highInclusive: boolean): DocSet {
    const { values, docs } = this.column();
    const out = new TypedFastBitSet();
    let lo = 0;
    let hi = values.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const v = values[mid] as number;
      if (v < low || (!lowInclusive && v === low)) lo = mid + 1;
      else hi = mid;
    }
    for (let i = lo; i < values.length; i++) {
      const v = values[i] as number;
      if (v > high || (!highInclusive && v === high)) break;
      out.add(docs[i] as number);
    }
    return out;
  }

  private totals: { sum: number; count: number } | null = null;

  /**
   * min/max/sum/count over the values of the docs in `result`. When most live docs match, the
   * sum and count come from the totals minus the non-matching docs, and min/max from walking
   * the sorted column from each end to the first matching doc.
   */
  stats(result: DocSet, resultSize: number, alive: DocSet, liveSize: number): { min: number; max: number; sum: number; count: number } {
    if (this.numericDocs === 0) return { min: Infinity, max: -Infinity, sum: 0, count: 0 };
    if (resultSize * 2 <= liveSize) return this.statsOf(result);
    const { values, docs } = this.column();
    this.totals ??= this.statsOf(alive);
    const rest = this.statsOf(alive.new_difference(result));
    let min = Infinity;
    let max = -Infinity;
    for (let i = 0; i < docs.length; i++) {
      if (result.has(docs[i] as number)) {
        min = values[i] as number;
        break;
      }
    }
    for (let i = docs.length - 1; i >= 0; i--) {
      if (result.has(docs[i] as number)) {
        max = values[i] as number;
        break;
      }
    }
    return { min, max, sum: this.totals.sum - rest.sum, count: this.totals.count - rest.count };
  }

  private statsOf(result: DocSet): { min: number; max: number; sum: number; count: number } {
    let min = Infinity;
    let max = -Infinity;
    let sum = 0;
    let count = 0;
    const forward = this.forward;
    const hasMulti = this.multi.size > 0;
    result.forEach((d) => {
      const v = forward[d];
      if (v === undefined) return;
      if (!Number.isNaN(v)) {
        if (v < min) min = v;
        if (v > max) max = v;
        sum += v;
        count++;
      } else if (hasMulti) {
        for (const m of this.multi.get(d) ?? []) {
          if (m < min) min = m;
          if (m > max) max = m;
          sum += m;
          count++;
        }
      }
    });
    return { min, max, sum, count };
  }
}

export class TextIndex implements Indexer {
  /** token -> posting per searchable level. */
  readonly postings = new Map<string, Array<Posting | undefined>>();
  private vocabulary: string[] | null = null;
  readonly levels: number;

  constructor(private readonly searchable: SearchableLevel[] | null) {
    this.levels = searchable === null ? 1 : searchable.length;
    this.readers = searchable === null ? null : searchable.map((l) => l.paths.map(pathReader));
  }

  private readonly readers: Array<Array<(record: unknown) => Scalar[]>> | null;

  private *tokens(record: SearchRecord): Generator<[number, string]> {
    if (this.readers === null) {
      for (const path of leafPaths(record)) for (const value of valuesAt(record, path)) for (const token of tokensOfScalar(value)) yield [0, token];
      return;
    }
    for (let level = 0; level < this.readers.length; level++) {
      for (const read of this.readers[level] as Array<(record: unknown) => Scalar[]>) {
        for (const value of read(record)) for (const token of tokensOfScalar(value)) yield [level, token];
      }
    }
  }

  add(doc: number, record: SearchRecord): void {
    for (const [level, token] of this.tokens(record)) {
      let perLevel = this.postings.get(token);
      if (!perLevel) {
        perLevel = new Array<Posting | undefined>(this.levels);
        this.postings.set(token, perLevel);
        this.vocabulary = null;
      }
      let posting = perLevel[level];
      if (!posting) {
        posting = new SparseTypedFastBitSet();
        perLevel[level] = posting;
      }
      posting.add(doc);
    }
  }

  remove(doc: number, record: SearchRecord): void {
    for (const [level, token] of this.tokens(record)) this.postings.get(token)?.[level]?.remove(doc);
  }

  /** Tokens equal to `word` (exact) or starting with it (prefix). */
  matchingTokens(word: string, prefix: boolean): string[] {
    if (!prefix) return this.postings.has(word) ? [word] : [];
    if (!this.vocabulary) this.vocabulary = [...this.postings.keys()].sort();
    const vocabulary = this.vocabulary;
    let lo = 0;
    let hi = vocabulary.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((vocabulary[mid] as string) < word) lo = mid + 1;
      else hi = mid;
    }
    const out: string[] = [];
    for (let i = lo; i < vocabulary.length && (vocabulary[i] as string).startsWith(word); i++) out.push(vocabulary[i] as string);
    return out;
  }
}

export interface SortOrder {
  /** Live doc ids, best first. */
  order: Int32Array;
  /** rank[doc] = position of doc in `order`. */
  rank: Int32Array;
}

type SortKey = number | string | undefined;

function sortKeyOf(record: SearchRecord, attribute: string): SortKey {
  const first = valuesAt(record, attribute)[0];
  if (first === undefined) return undefined;
  if (typeof first === 'boolean') return first ? 1 : 0;
  return first;
}

/**
 * customRanking comparison: records without the attribute last (asc or desc), numbers before
 * strings, then by value in the criterion's direction. Ties are left to the caller.
 */
export function compareSortKeys(a: SortKey, b: SortKey, desc: boolean): number {
  if (a === b) return 0;
  if (a === undefined) return 1;
  if (b === undefined) return -1;
  const an = typeof a === 'number';
  const bn = typeof b === 'number';
  if (an !== bn) return an ? -1 : 1;
  const c = a < b ? -1 : a > b ? 1 : 0;
  return desc ? -c : c;
}

export function sortKeysOf(record: SearchRecord, criteria: SortCriterion[]): SortKey[] {
  return criteria.map((c) => sortKeyOf(record, c.attribute));
}

export class RecordStore {
  private docs: Array<SearchRecord | null> = [];
  private readonly ids = new Map<string, number>();
  alive = new TypedFastBitSet();
  private dead = 0;
  private facets = new Map<string, FacetIndex>();
  private numerics = new Map<string, NumericIndex>();
  private texts = new Map<string, TextIndex>();
  private orders = new Map<string, SortOrder>();
  /** Bumped by every write. */
  version = 0;
  createdAt = new Date();
  updatedAt = new Date();

  get size(): number {
    return this.ids.size;
  }
  /** One past the highest doc id in use. */
  get capacity(): number {
    return this.docs.length;
  }

  get(objectID: string): SearchRecord | undefined {
    const doc = this.ids.get(objectID);
    return doc === undefined ? undefined : (this.docs[doc] ?? undefined);
  }

  doc(doc: number): SearchRecord {
    return this.docs[doc] as SearchRecord;
  }

  /** Live records in insertion order. */
  *records(): Generator<SearchRecord> {
    for (const r of this.docs) if (r) yield r;
  }

  private indexers(): Indexer[] {
    return [...this.facets.values(), ...this.numerics.values(), ...this.texts.values()];
  }

  private touch(): void {
    this.version++;
    this.orders.clear();
    this.updatedAt = new Date();
  }

  /** Adds or fully replaces (by objectID; a replaced record keeps its place in insertion order). */
  put(record: SearchRecord): void {
    const existing = this.ids.get(record.objectID);
    const indexers = this.indexers();
    if (existing !== undefined) {
      const old = this.docs[existing] as SearchRecord;
      for (const ix of indexers) ix.remove(existing, old);
      this.docs[existing] = record;
      for (const ix of indexers) ix.add(existing, record);
    } else {
      const doc = this.docs.length;
      this.docs.push(record);
      this.ids.set(record.objectID, doc);
      this.alive.add(doc);
      for (const ix of indexers) ix.add(doc, record);
    }
    this.touch();
  }

  delete(objectID: string): boolean {
    const doc = this.ids.get(objectID);
    if (doc === undefined) return false;
    const old = this.docs[doc] as SearchRecord;
    for (const ix of this.indexers()) ix.remove(doc, old);
    this.docs[doc] = null;
    this.ids.delete(objectID);
    this.alive.remove(doc);
    this.dead++;
    this.touch();
    return true;
  }

  clear(): void {
    this.docs = [];
    this.ids.clear();
    this.alive = new TypedFastBitSet();
    this.dead = 0;
    this.dropDerived();
    this.touch();
  }

  private dropDerived(): void {
    this.facets = new Map();
    this.numerics = new Map();
    this.texts = new Map();
    this.orders = new Map();
  }

  /** Renumbers docs (keeping insertion order) once deleted ones outnumber live ones. */
  compactIfNeeded(): void {
    if (this.dead < 1024 || this.dead < this.ids.size) return;
    const live = [...this.records()];
    this.docs = live;
    this.ids.clear();
    this.alive = new TypedFastBitSet();
    live.forEach((r, i) => {
      this.ids.set(r.objectID, i);
      this.alive.add(i);
    });
    this.dead = 0;
    this.dropDerived();
  }

  private build<T extends Indexer>(index: T): T {
    this.docs.forEach((r, d) => {
      if (r) index.add(d, r);
    });
    return index;
  }

  facet(attribute: string): FacetIndex {
    let index = this.facets.get(attribute);
    if (!index) {
      index = this.build(new FacetIndex(attribute));
      this.facets.set(attribute, index);
    }
    return index;
  }

  numeric(attribute: string): NumericIndex {
    let index = this.numerics.get(attribute);
    if (!index) {
      index = this.build(new NumericIndex(attribute));
      this.numerics.set(attribute, index);
    }
    return index;
  }

  text(searchable: SearchableLevel[] | null, key: string): TextIndex {
    let index = this.texts.get(key);
    if (!index) {
      index = this.build(new TextIndex(searchable));
      this.texts.set(key, index);
    }
    return index;
  }

  sortOrder(criteria: SortCriterion[], key: string): SortOrder {
    let cached = this.orders.get(key);
    if (cached) return cached;
    const live: number[] = [];
    this.docs.forEach((r, d) => {
      if (r) live.push(d);
    });
    if (criteria.length > 0) {
      const keys: SortKey[][] = criteria.map((c) => {
        const column: SortKey[] = new Array<SortKey>(this.docs.length);
        for (const d of live) column[d] = sortKeyOf(this.docs[d] as SearchRecord, c.attribute);
        return column;
      });
      live.sort((a, b) => {
        for (let i = 0; i < criteria.length; i++) {
          const column = keys[i] as SortKey[];
          const c = compareSortKeys(column[a], column[b], (criteria[i] as SortCriterion).desc);
          if (c !== 0) return c;
        }
        return a - b;
      });
    }
    const order = Int32Array.from(live);
    const rank = new Int32Array(this.docs.length).fill(-1);
    order.forEach((d, i) => {
      rank[d] = i;
    });
    cached = { order, rank };
    this.orders.set(key, cached);
    return cached;
  }

  /** A copy holding the same records (for replicas that become independent). */
  copy(): RecordStore {
    const store = new RecordStore();
    for (const r of this.records()) store.put(r);
    return store;
  }
}
