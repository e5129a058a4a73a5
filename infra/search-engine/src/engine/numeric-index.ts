/** Numeric columns: filters and ranges over sorted values, facet stats. */
import { TypedFastBitSet } from 'typedfastbitset';
import { pathReader, type Scalar, type SearchRecord } from './values';
import { isTypedArray, type DocSet, type Indexer } from './postings';

export interface NumericSnapshot {
  attribute: string;
  forward: Float64Array<ArrayBuffer>;
  multi: Map<number, number[]>;
  sorted: { values: Float64Array; docs: Int32Array } | null;
  numericDocs: number;
}

export class NumericIndex implements Indexer {
  /** Per doc: the single value, or NaN (none, or several: see `multi`). */
  private forward = new Float64Array(0);
  private multi = new Map<number, number[]>();
  private sorted: { values: Float64Array; docs: Int32Array } | null = null;
  private readonly get: (record: unknown) => Scalar[];
  /** Docs holding at least one number (to skip stats of string attributes). */
  private numericDocs = 0;

  constructor(readonly attribute: string) {
    this.get = pathReader(attribute);
  }

  toSnapshot(): NumericSnapshot {
    return {
      attribute: this.attribute,
      forward: this.forward,
      multi: this.multi,
      sorted: this.column(),
      numericDocs: this.numericDocs,
    };
  }

  static fromSnapshot(snapshot: NumericSnapshot): NumericIndex {
    const index = new NumericIndex(snapshot.attribute);
    if (!isTypedArray(snapshot.forward, 'Float64Array')) throw new Error('snapshot: malformed numeric column');
    index.forward = snapshot.forward;
    index.multi = snapshot.multi;
    index.sorted = snapshot.sorted;
    index.numericDocs = snapshot.numericDocs;
    return index;
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
    if (doc < this.forward.length && (!Number.isNaN(this.forward[doc] as number) || this.multi.has(doc)))
      this.numericDocs--;
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
  stats(
    result: DocSet,
    resultSize: number,
    alive: DocSet,
    liveSize: number,
  ): { min: number; max: number; sum: number; count: number } {
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
