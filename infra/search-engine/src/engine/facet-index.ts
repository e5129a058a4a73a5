/** Per-attribute facet postings and value counts. */
import { SparseTypedFastBitSet, TypedFastBitSet } from 'typedfastbitset';
import { distinctFacetStrings, pathReader, type Scalar, type SearchRecord } from './values';
import {
  checkPacked,
  packPostings,
  unionInto,
  unpackPosting,
  type DocSet,
  type Indexer,
  type PackedPostings,
  type Posting,
} from './postings';

export interface FacetSnapshot {
  attribute: string;
  values: string[];
  /** The posting of each value, in the order of `values`. */
  postings: PackedPostings;
  forward: Int32Array<ArrayBuffer>;
  multi: Map<number, number[]>;
}

export class FacetIndex implements Indexer {
  private values: string[] = [];
  /**
   * A restored index keeps its postings packed as the snapshot holds them and builds a value's
   * posting, and the lookups by value, when first needed: an attribute such as a stock number has
   * a value per car, and building 100,000 postings and map entries at load (most never read, and
   * never by a worker thread, which only searches) was a third of a restart's decoding.
   */
  private packed: PackedPostings | null = null;
  private readonly postings: Array<Posting | undefined> = [];
  private idMap: Map<string, number> | null = new Map();
  private lowerMap: Map<string, number[]> | null = new Map();
  /** Per doc: -1 none, >= 0 the single value id, -2 several (see `multi`). */
  private forward = new Int32Array(0).fill(-1);
  private readonly get: (record: unknown) => Scalar[];
  private multi = new Map<number, number[]>();

  constructor(readonly attribute: string) {
    this.get = pathReader(attribute);
  }

  toSnapshot(): FacetSnapshot {
    return {
      attribute: this.attribute,
      values: this.values,
      postings: packPostings(this.values.map((_v, id) => this.posting(id))),
      forward: this.forward,
      multi: this.multi,
    };
  }

  static fromSnapshot(snapshot: FacetSnapshot): FacetIndex {
    const index = new FacetIndex(snapshot.attribute);
    if (!Array.isArray(snapshot.values)) throw new Error('snapshot: malformed facet values');
    checkPacked(snapshot.postings, snapshot.values.length);
    index.values = snapshot.values;
    index.packed = snapshot.postings;
    index.idMap = null;
    index.lowerMap = null;
    index.forward = snapshot.forward;
    index.multi = snapshot.multi;
    return index;
  }

  /** The docs holding value `id`. */
  private posting(id: number): Posting {
    let posting = this.postings[id];
    if (posting === undefined) {
      posting =
        (this.packed && id < this.packed.sizes.length ? unpackPosting(this.packed, id) : undefined) ??
        new SparseTypedFastBitSet();
      this.postings[id] = posting;
    }
    return posting;
  }

  private get ids(): Map<string, number> {
    if (this.idMap === null) this.idMap = new Map(this.values.map((value, id) => [value, id]));
    return this.idMap;
  }

  /** Value ids by lower-cased value (facet filters match case-insensitively). */
  private get lower(): Map<string, number[]> {
    if (this.lowerMap === null) {
      this.lowerMap = new Map();
      this.values.forEach((value, id) => this.addLower(value, id));
    }
    return this.lowerMap;
  }

  private addLower(value: string, id: number): void {
    const key = value.toLowerCase();
    const list = (this.lowerMap as Map<string, number[]>).get(key);
    if (list) list.push(id);
    else (this.lowerMap as Map<string, number[]>).set(key, [id]);
  }

  private idOf(value: string): number {
    const known = this.ids.get(value);
    if (known !== undefined) return known;
    const id = this.values.length;
    this.values.push(value);
    this.ids.set(value, id);
    this.postings[id] = new SparseTypedFastBitSet();
    if (this.lowerMap !== null) this.addLower(value, id);
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
    for (const id of ids) this.posting(id).add(doc);
    if (ids.length === 1) this.forward[doc] = ids[0] as number;
    else {
      this.forward[doc] = -2;
      this.multi.set(doc, ids);
    }
  }

  remove(doc: number, record: SearchRecord): void {
    for (const v of distinctFacetStrings(this.get(record))) {
      const id = this.ids.get(v);
      if (id !== undefined) this.posting(id).remove(doc);
    }
    if (doc < this.forward.length) this.forward[doc] = -1;
    this.multi.delete(doc);
  }

  /** Docs whose value equals `value`, case-insensitively (a fresh set). */
  match(value: string): DocSet {
    const out = new TypedFastBitSet();
    for (const id of this.lower.get(value.toLowerCase()) ?? []) unionInto(out, this.posting(id));
    return out;
  }

  /**
   * Value counts over `result`, reduced to the candidates for the `limit` best values (count
   * desc; the caller sorts them and breaks ties by value). Counting uses posting sizes when the
   * result is every live doc, one intersection per value when there are few values, else one
   * pass over the result's docs through the forward index.
   */
  counts(
    result: DocSet,
    resultSize: number,
    capacity: number,
    isAll: boolean,
    limit: number,
    alive?: DocSet,
    liveSize = 0,
  ): Array<[string, number]> {
    const n = this.values.length;
    const counts = new Int32Array(n);
    if (isAll) {
      for (let id = 0; id < n; id++) counts[id] = this.posting(id).size();
    } else if (n * (capacity >>> 5) < resultSize * 2) {
      for (let id = 0; id < n; id++) counts[id] = this.posting(id).intersection_size(result);
    } else if (alive !== undefined && resultSize * 2 > liveSize) {
      // Most docs match: count the few that do not and subtract from the posting sizes.
      this.countForward(alive.new_difference(result), counts);
      for (let id = 0; id < n; id++) counts[id] = this.posting(id).size() - (counts[id] as number);
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
