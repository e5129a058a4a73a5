/**
 * The set types every index structure shares: a posting (the docs holding one value or token,
 * sparse until it grows) and a dense doc set (a query's working set).
 */
import type { SparseTypedFastBitSet, TypedFastBitSet } from 'typedfastbitset';
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
