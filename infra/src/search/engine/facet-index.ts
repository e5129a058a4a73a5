/** Per-attribute facet postings and value counts. */
import { SparseTypedFastBitSet, TypedFastBitSet } from 'typedfastbitset';
import { distinctFacetStrings, pathReader, type Scalar, type SearchRecord } from './values';
import { checkPacked, packPostings, unionInto, unpackPosting, type DocSet, type Indexer, type PackedPostings, type Posting } from './postings';

export interface FacetSnapshot {
  attribute: string;
  values: string[];
  /** The posting of each value, in the order of `values`. */
  postings: PackedPostings;
  forward: Int32Array<ArrayBuffer>;
  multi: Map<number, number[]>;
}

export class FacetIndex implements Indexer {
  readonly values: string[] = [];
  private readonly ids = new Map<string, number>();
  readonly postings: Posting[] = [];
  private readonly lower = new Map<string, number[]>();
  /** Per doc: -1 none, >= 0 the single value id, -2 several (see `multi`). */
  private forward = new Int32Array(0).fill(-1);
  private readonly get: (record: unknown) => Scalar[];
  private multi = new Map<number, number[]>();

  constructor(readonly attribute: string) {
    this.get = pathReader(attribute);
  }

  toSnapshot(): FacetSnapshot {
    return { attribute: this.attribute, values: this.values, postings: packPostings(this.postings), forward: this.forward, multi: this.multi };
  }

  static fromSnapshot(snapshot: FacetSnapshot): FacetIndex {
    const index = new FacetIndex(snapshot.attribute);
    if (!Array.isArray(snapshot.values)) throw new Error('snapshot: malformed facet values');
    checkPacked(snapshot.postings, snapshot.values.length);
    snapshot.values.forEach((value, i) => index.register(value, unpackPosting(snapshot.postings, i) ?? new SparseTypedFastBitSet()));
    index.forward = snapshot.forward;
    index.multi = snapshot.multi;
    return index;
  }

  private idOf(value: string): number {
    return this.ids.get(value) ?? this.register(value, new SparseTypedFastBitSet());
  }

  /** Adds a value not seen before, with its posting; returns its id. */
  private register(value: string, posting: Posting): number {
    const id = this.values.length;
    this.values.push(value);
    this.ids.set(value, id);
    this.postings.push(posting);
    const key = value.toLowerCase();
    const list = this.lower.get(key);
    if (list) list.push(id);
    else this.lower.set(key, [id]);
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
