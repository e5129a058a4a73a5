/**
 * The set types every index structure shares: a posting (the docs holding one value or token,
 * sparse until it grows) and a dense doc set (a query's working set).
 */
import { SparseTypedFastBitSet, TypedFastBitSet } from 'typedfastbitset';
import type { SearchRecord } from './values';

export type Posting = SparseTypedFastBitSet;
export type DocSet = TypedFastBitSet;

/** ORs a posting into a dense set without forcing a sparse posting into bitset form. */
export function unionInto(target: DocSet, posting: Posting): void {
  const size = posting.size();
  if (size === 0) return;
  if (size < 4096) posting.forEach((d) => target.add(d));
  else target.union(posting);
}

/** A structure kept up to date on every write of a record. */
export interface Indexer {
  add(doc: number, record: SearchRecord): void;
  remove(doc: number, record: SearchRecord): void;
}

/**
 * Postings as plain data for a snapshot, packed into three typed arrays rather than an object
 * per posting: the snapshot's encoder copies a typed array whole but objects one by one, and an
 * index holds hundreds of thousands of postings (a token each, a facet value each). typedfastbitset
 * can rebuild a dense set from its words but has no way to save the sparse variant's state (its
 * array or bitset form), hence these.
 */
export interface PackedPostings {
  /** Per posting: its `arraySize` (-1: bitset form), or NO_POSTING. */
  sizes: Int32Array<ArrayBuffer>;
  /** Where each posting's words start in `data` (one more entry: the end). */
  offsets: Float64Array<ArrayBuffer>;
  data: Uint32Array<ArrayBuffer>;
}
export const NO_POSTING = -2;
type SparseState = { data: Uint32Array; arraySize: number };

/** Whether `value` is a typed array of that kind (by tag: a deserialised array may come from another realm). */
export function isTypedArray(value: unknown, kind: 'Uint32Array' | 'Int32Array' | 'Float64Array'): boolean {
  return Object.prototype.toString.call(value) === `[object ${kind}]`;
}

export function packPostings(postings: ReadonlyArray<Posting | undefined>): PackedPostings {
  const sizes = new Int32Array(postings.length).fill(NO_POSTING);
  const offsets = new Float64Array(postings.length + 1);
  const words: Uint32Array[] = [];
  let length = 0;
  postings.forEach((posting, k) => {
    offsets[k] = length;
    if (!posting) return;
    const state = posting as unknown as SparseState;
    sizes[k] = state.arraySize;
    // In array form only the first arraySize words are doc ids; the rest is spare capacity.
    const used = state.arraySize >= 0 ? state.data.subarray(0, state.arraySize) : state.data;
    words.push(used);
    length += used.length;
  });
  offsets[postings.length] = length;
  const data = new Uint32Array(length);
  let at = 0;
  for (const w of words) {
    data.set(w, at);
    at += w.length;
  }
  return { sizes, offsets, data };
}

/** Checks a packed list's shape (it comes from a file) for `count` postings. */
export function checkPacked(packed: PackedPostings, count: number): void {
  const { sizes, offsets, data } = packed;
  if (
    !isTypedArray(sizes, 'Int32Array') ||
    !isTypedArray(offsets, 'Float64Array') ||
    !isTypedArray(data, 'Uint32Array')
  )
    throw new Error('snapshot: malformed postings');
  if (sizes.length !== count || offsets.length !== count + 1 || offsets[count] !== data.length)
    throw new Error('snapshot: malformed postings');
}

/**
 * Posting `k` of a packed list, or undefined. It keeps a view of its own words (no copy); one
 * that grows past them reallocates, so postings never write into each other's words.
 */
export function unpackPosting(packed: PackedPostings, k: number): Posting | undefined {
  const arraySize = packed.sizes[k] as number;
  if (arraySize === NO_POSTING) return undefined;
  const data = packed.data.subarray(packed.offsets[k] as number, packed.offsets[k + 1] as number);
  const posting = new SparseTypedFastBitSet(undefined, data);
  (posting as unknown as SparseState).arraySize = arraySize;
  return posting;
}

export function docSetFromWords(words: Uint32Array): DocSet {
  if (!isTypedArray(words, 'Uint32Array')) throw new Error('snapshot: malformed doc set');
  return TypedFastBitSet.fromWords(words);
}
