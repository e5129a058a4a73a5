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
 * A posting as plain data for a snapshot. typedfastbitset can rebuild a dense set from its words
 * but has no way to save the sparse variant's state (its array or bitset form), hence these two.
 */
export interface PostingSnapshot {
  data: Uint32Array;
  arraySize: number;
}
type SparseState = { data: Uint32Array; arraySize: number };

/** Whether `value` is a typed array of that kind (by tag: a deserialised array may come from another realm). */
export function isTypedArray(value: unknown, kind: 'Uint32Array' | 'Int32Array' | 'Float64Array'): boolean {
  return Object.prototype.toString.call(value) === `[object ${kind}]`;
}

export function postingToSnapshot(posting: Posting): PostingSnapshot {
  const state = posting as unknown as SparseState;
  return { data: state.data, arraySize: state.arraySize };
}

export function postingFromSnapshot(snapshot: PostingSnapshot): Posting {
  if (!isTypedArray(snapshot.data, 'Uint32Array') || !Number.isInteger(snapshot.arraySize)) throw new Error('snapshot: malformed posting');
  const posting = new SparseTypedFastBitSet();
  const state = posting as unknown as SparseState;
  state.data = snapshot.data;
  state.arraySize = snapshot.arraySize;
  return posting;
}

export function docSetFromWords(words: Uint32Array): DocSet {
  if (!isTypedArray(words, 'Uint32Array')) throw new Error('snapshot: malformed doc set');
  return TypedFastBitSet.fromWords(words);
}
