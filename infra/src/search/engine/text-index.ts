/** Text postings per searchable level, with prefix lookup. */
import { SparseTypedFastBitSet } from 'typedfastbitset';
import type { SearchableLevel } from './settings';
import { tokensOfScalar } from './tokenize';
import { leafPaths, pathReader, valuesAt, type Scalar, type SearchRecord } from './values';
import type { Indexer, Posting } from './postings';

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
