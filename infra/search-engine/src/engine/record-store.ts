/**
 * Records of one index (shared by its replicas), numbered by internal doc id, and the
 * structures built over them: per-attribute facet postings, numeric columns, text postings per
 * searchable level, and pre-sorted doc orders per customRanking. Facet and text postings are
 * kept up to date on every write; numeric sorted columns and sort orders are rebuilt lazily on
 * the next query after a write.
 */
import { TypedFastBitSet } from 'typedfastbitset';
import type { SearchableLevel, SortCriterion } from './settings';
import { valuesAt, type SearchRecord } from './values';
import { docSetFromWords, isTypedArray, type Indexer } from './postings';
import { FacetIndex, type FacetSnapshot } from './facet-index';
import { NumericIndex, type NumericSnapshot } from './numeric-index';
import { TextIndex, type TextSnapshot } from './text-index';

/** A record store and every structure built over it, as plain data (see `snapshot.ts`). */
export interface RecordStoreSnapshot {
  /**
   * Where each record's JSON text lies in the snapshot's record section (`RecordBlob`): doc d is
   * bytes [docOffsets[d], docOffsets[d + 1]), empty for a deleted doc. The records travel as one
   * block of UTF-8 rather than as 100,000 strings: loading it costs no parsing and no garbage, and
   * worker threads share the block instead of each copying it.
   */
  docOffsets: Float64Array;
  /** The objectID of each doc (null for a deleted one), so the id map is rebuilt without parsing. */
  ids: Array<string | null>;
  alive: Uint32Array;
  dead: number;
  facets: FacetSnapshot[];
  numerics: NumericSnapshot[];
  texts: Array<[string, TextSnapshot]>;
  orders: Array<[string, SortOrder]>;
  /** Per customRanking attribute, each doc's sort key (see `sortKeyColumn`). */
  sortKeys: Array<[string, SortKey[]]>;
  createdAt: Date;
  updatedAt: Date;
}

/** Tells stores apart in cache keys: a store replaced by another never shares a key with it. */
let storeCounter = 0;

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

/**
 * The record section of a snapshot being written: records' JSON text appended one after another,
 * as the buffers that hold it (a restored record not written since is copied as it lies, without
 * parsing and serialising it again).
 */
export class RecordBlobWriter {
  private readonly done: Buffer[] = [];
  /** Records' text not yet encoded: joined and encoded together, not one buffer per record. */
  private pending: string[] = [];
  private pendingChars = 0;
  length = 0;

  /** Bytes that are already a record's UTF-8 text. */
  append(bytes: Buffer): void {
    if (bytes.length === 0) return;
    this.flush();
    const last = this.done[this.done.length - 1];
    // Records restored and not written since lie next to each other: one part covers them all.
    if (last && last.buffer === bytes.buffer && last.byteOffset + last.length === bytes.byteOffset) {
      this.done[this.done.length - 1] = Buffer.from(last.buffer, last.byteOffset, last.length + bytes.length);
    } else this.done.push(bytes);
    this.length += bytes.length;
  }

  appendText(text: string): void {
    this.pending.push(text);
    this.pendingChars += text.length;
    this.length += Buffer.byteLength(text, 'utf8');
    if (this.pendingChars > 1 << 20) this.flush();
  }

  get parts(): Buffer[] {
    this.flush();
    return this.done;
  }

  private flush(): void {
    if (this.pending.length === 0) return;
    this.done.push(Buffer.from(this.pending.join(''), 'utf8'));
    this.pending = [];
    this.pendingChars = 0;
  }
}

export class RecordStore {
  /**
   * Records by doc id: the record, null for a deleted doc, or undefined for a record restored
   * from a snapshot and still lying as JSON text in `blob` (parsed on first read into `parsed`).
   * A search reads only the records of the page it returns, so most restored records are never
   * parsed at all.
   */
  private docs: Array<SearchRecord | null | undefined> = [];
  private blob: Buffer = Buffer.alloc(0);
  private blobOffsets: Float64Array = new Float64Array(1);
  private parsed = new Map<number, SearchRecord>();
  private readonly ids = new Map<string, number>();
  alive = new TypedFastBitSet();
  private dead = 0;
  private facets = new Map<string, FacetIndex>();
  private numerics = new Map<string, NumericIndex>();
  private texts = new Map<string, TextIndex>();
  private orders = new Map<string, SortOrder>();
  private sortKeys = new Map<string, SortKey[]>();
  /** Bumped by every write. */
  version = 0;
  readonly uid = ++storeCounter;
  createdAt = new Date();
  updatedAt = new Date();

  get size(): number {
    return this.ids.size;
  }
  /** One past the highest doc id in use. */
  get capacity(): number {
    return this.docs.length;
  }

  private at(doc: number): SearchRecord | null {
    const r = this.docs[doc];
    if (r !== undefined) return r;
    if (doc >= this.docs.length) return null;
    let record = this.parsed.get(doc);
    if (record === undefined) {
      record = JSON.parse(this.blob.toString('utf8', this.blobOffsets[doc], this.blobOffsets[doc + 1])) as SearchRecord;
      this.parsed.set(doc, record);
    }
    return record;
  }

  private setSortKeys(doc: number, record: SearchRecord | null): void {
    for (const [attribute, column] of this.sortKeys)
      column[doc] = record === null ? undefined : sortKeyOf(record, attribute);
  }

  /** Stores `record` as doc `doc`, no longer the restored text. */
  private setDoc(doc: number, record: SearchRecord | null): void {
    this.docs[doc] = record;
    this.parsed.delete(doc);
  }

  get(objectID: string): SearchRecord | undefined {
    const doc = this.ids.get(objectID);
    return doc === undefined ? undefined : (this.at(doc) ?? undefined);
  }

  doc(doc: number): SearchRecord {
    return this.at(doc) as SearchRecord;
  }

  /** Live records in insertion order. */
  *records(): Generator<SearchRecord> {
    for (let d = 0; d < this.docs.length; d++) {
      const r = this.at(d);
      if (r) yield r;
    }
  }

  /** Live doc ids with their records. */
  private forEachLive(visit: (record: SearchRecord, doc: number) => void): void {
    for (let d = 0; d < this.docs.length; d++) {
      const r = this.at(d);
      if (r) visit(r, d);
    }
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
      const old = this.at(existing) as SearchRecord;
      for (const ix of indexers) ix.remove(existing, old);
      this.setDoc(existing, record);
      for (const ix of indexers) ix.add(existing, record);
      this.setSortKeys(existing, record);
    } else {
      const doc = this.docs.length;
      this.docs.push(record);
      this.ids.set(record.objectID, doc);
      this.alive.add(doc);
      for (const ix of indexers) ix.add(doc, record);
      this.setSortKeys(doc, record);
    }
    this.touch();
  }

  delete(objectID: string): boolean {
    const doc = this.ids.get(objectID);
    if (doc === undefined) return false;
    const old = this.at(doc) as SearchRecord;
    for (const ix of this.indexers()) ix.remove(doc, old);
    this.setDoc(doc, null);
    this.setSortKeys(doc, null);
    this.ids.delete(objectID);
    this.alive.remove(doc);
    this.dead++;
    this.touch();
    return true;
  }

  clear(): void {
    this.docs = [];
    this.dropBlob();
    this.ids.clear();
    this.alive = new TypedFastBitSet();
    this.dead = 0;
    this.dropDerived();
    this.touch();
  }

  private dropBlob(): void {
    this.blob = Buffer.alloc(0);
    this.blobOffsets = new Float64Array(1);
    this.parsed = new Map();
  }

  private dropDerived(): void {
    this.facets = new Map();
    this.numerics = new Map();
    this.texts = new Map();
    this.orders = new Map();
    this.sortKeys = new Map();
  }

  /** Renumbers docs (keeping insertion order) once deleted ones outnumber live ones. */
  compactIfNeeded(): void {
    if (this.dead < 1024 || this.dead < this.ids.size) return;
    const live = [...this.records()];
    this.docs = live;
    this.dropBlob();
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
    this.forEachLive((r, d) => index.add(d, r));
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

  text(searchable: SearchableLevel[] | null, key: string, typoDisabled: readonly string[] = []): TextIndex {
    let index = this.texts.get(key);
    if (!index) {
      index = this.build(new TextIndex(searchable, typoDisabled));
      this.texts.set(key, index);
    }
    return index;
  }

  /**
   * Each doc's sort key for `attribute`, kept up to date on every write once built and saved with
   * the snapshot: re-sorting after a write then reads no record (after a restore, building the
   * keys from the records would parse every one of them).
   */
  private sortKeyColumn(attribute: string): SortKey[] {
    let column = this.sortKeys.get(attribute);
    if (!column) {
      const built = new Array<SortKey>(this.docs.length);
      this.forEachLive((r, d) => {
        built[d] = sortKeyOf(r, attribute);
      });
      column = built;
      this.sortKeys.set(attribute, column);
    }
    return column;
  }

  sortOrder(criteria: SortCriterion[], key: string): SortOrder {
    let cached = this.orders.get(key);
    if (cached) return cached;
    const live: number[] = [];
    this.alive.forEach((d) => {
      live.push(d);
    });
    if (criteria.length > 0) {
      const keys: SortKey[][] = criteria.map((c) => this.sortKeyColumn(c.attribute));
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

  /** The store as data; the records' text goes to `blob` (the snapshot's record section). */
  toSnapshot(blob: RecordBlobWriter): RecordStoreSnapshot {
    const ids = new Array<string | null>(this.docs.length).fill(null);
    for (const [id, d] of this.ids) ids[d] = id;
    const docOffsets = new Float64Array(this.docs.length + 1);
    docOffsets[0] = blob.length;
    for (let d = 0; d < this.docs.length; d++) {
      const r = this.docs[d];
      if (r === undefined) blob.append(this.blob.subarray(this.blobOffsets[d], this.blobOffsets[d + 1]));
      else if (r !== null) blob.appendText(JSON.stringify(r));
      docOffsets[d + 1] = blob.length;
    }
    return {
      ids,
      docOffsets,
      alive: this.alive.words,
      dead: this.dead,
      facets: [...this.facets.values()].map((f) => f.toSnapshot()),
      numerics: [...this.numerics.values()].map((n) => n.toSnapshot()),
      texts: [...this.texts].map(([key, t]) => [key, t.toSnapshot()]),
      orders: [...this.orders],
      sortKeys: [...this.sortKeys],
      createdAt: this.createdAt,
      updatedAt: this.updatedAt,
    };
  }

  /** The store `snapshot` describes, its records' text read from `blob` when first needed (not copied). */
  static fromSnapshot(snapshot: RecordStoreSnapshot, blob: Buffer): RecordStore {
    const store = new RecordStore();
    const { ids, docOffsets } = snapshot;
    if (!Array.isArray(ids) || !isTypedArray(docOffsets, 'Float64Array') || docOffsets.length !== ids.length + 1)
      throw new Error('snapshot: malformed records');
    for (let d = 0; d < ids.length; d++) {
      if ((docOffsets[d + 1] as number) < (docOffsets[d] as number) || (docOffsets[d + 1] as number) > blob.length)
        throw new Error('snapshot: a record lies outside the record section');
    }
    store.docs = ids.map((id) => (id === null ? null : undefined));
    store.blob = blob;
    store.blobOffsets = docOffsets;
    ids.forEach((id, d) => {
      if (id !== null) store.ids.set(id, d);
    });
    store.alive = docSetFromWords(snapshot.alive);
    if (store.alive.size() !== store.ids.size) throw new Error('snapshot: live records do not match the record list');
    store.dead = snapshot.dead;
    for (const f of snapshot.facets) store.facets.set(f.attribute, FacetIndex.fromSnapshot(f));
    for (const n of snapshot.numerics) store.numerics.set(n.attribute, NumericIndex.fromSnapshot(n));
    for (const [key, t] of snapshot.texts) store.texts.set(key, TextIndex.fromSnapshot(t));
    for (const [key, order] of snapshot.orders) store.orders.set(key, order);
    for (const [attribute, column] of snapshot.sortKeys) {
      if (!Array.isArray(column) || column.length > ids.length) throw new Error('snapshot: malformed sort keys');
      store.sortKeys.set(attribute, column);
    }
    store.createdAt = snapshot.createdAt;
    store.updatedAt = snapshot.updatedAt;
    return store;
  }

  /** A copy holding the same records (for replicas that become independent). */
  copy(): RecordStore {
    const store = new RecordStore();
    for (const r of this.records()) store.put(r);
    return store;
  }
}
