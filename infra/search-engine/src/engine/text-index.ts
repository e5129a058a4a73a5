/**
 * Text postings per searchable level, split by whether the attribute takes typos
 * (`disableTypoToleranceOnAttributes`), plus a trie over the vocabulary for prefix and typo
 * lookups. Postings are kept exact on every write; the trie only grows (a token whose postings are
 * all empty is dead, see `isLive`).
 */
import { SparseTypedFastBitSet } from 'typedfastbitset';
import type { SearchableLevel } from './settings';
import { tokensOfScalar } from './tokenize';
import { Trie } from './typo';
import { leafPaths, pathReader, valuesAt, type Scalar, type SearchRecord } from './values';
import { checkPacked, packPostings, unpackPosting, type Indexer, type PackedPostings, type Posting } from './postings';

/**
 * A text index as plain data. The postings (often 100,000 tokens and more) are packed into a few
 * typed arrays rather than one object per posting: typed arrays are copied whole by the snapshot's
 * encoder, objects one by one, and the load time of a restart is mostly this structure.
 */
export interface TextSnapshot extends PackedPostings {
  searchable: SearchableLevel[] | null;
  typoDisabled: readonly string[];
  /** Token t's posting in slot s is packed posting t * slots + s. */
  tokens: string[];
}

/** Whether `path` is one of the attributes (or nested under one). */
export function pathIn(path: string, attributes: readonly string[]): boolean {
  return attributes.some((a) => path === a || path.startsWith(`${a}.`));
}

export class TextIndex implements Indexer {
  /** token -> posting per slot; slot = level * 2 + (1 if the attribute refuses typos). */
  readonly postings = new Map<string, Array<Posting | undefined>>();
  readonly trie = new Trie();
  readonly levels: number;
  private readonly readers: Array<Array<{ read: (record: unknown) => Scalar[]; strict: boolean }>> | null;

  constructor(
    private readonly searchable: SearchableLevel[] | null,
    private readonly typoDisabled: readonly string[] = [],
  ) {
    this.levels = searchable === null ? 1 : searchable.length;
    this.readers =
      searchable === null
        ? null
        : searchable.map((l) => l.paths.map((p) => ({ read: pathReader(p), strict: pathIn(p, typoDisabled) })));
  }

  toSnapshot(): TextSnapshot {
    const slots = this.levels * 2;
    const tokens = [...this.postings.keys()];
    const all: Array<Posting | undefined> = [];
    for (const token of tokens) {
      const perSlot = this.postings.get(token) as Array<Posting | undefined>;
      for (let slot = 0; slot < slots; slot++) all.push(perSlot[slot]);
    }
    return { searchable: this.searchable, typoDisabled: this.typoDisabled, tokens, ...packPostings(all) };
  }

  /** The trie is rebuilt from the tokens, cheaper than storing its nodes. */
  static fromSnapshot(snapshot: TextSnapshot): TextIndex {
    const index = new TextIndex(snapshot.searchable, snapshot.typoDisabled);
    const slots = index.levels * 2;
    const { tokens } = snapshot;
    if (!Array.isArray(tokens)) throw new Error('snapshot: malformed text postings');
    checkPacked(snapshot, tokens.length * slots);
    tokens.forEach((token, t) => {
      const perSlot = new Array<Posting | undefined>(slots);
      for (let slot = 0; slot < slots; slot++) perSlot[slot] = unpackPosting(snapshot, t * slots + slot);
      index.postings.set(token, perSlot);
      index.trie.add(token);
    });
    return index;
  }

  private *tokens(record: SearchRecord): Generator<[number, string]> {
    if (this.readers === null) {
      for (const path of leafPaths(record)) {
        const slot = pathIn(path, this.typoDisabled) ? 1 : 0;
        for (const value of valuesAt(record, path)) for (const token of tokensOfScalar(value)) yield [slot, token];
      }
      return;
    }
    for (let level = 0; level < this.readers.length; level++) {
      for (const { read, strict } of this.readers[level] as Array<{
        read: (record: unknown) => Scalar[];
        strict: boolean;
      }>) {
        const slot = level * 2 + (strict ? 1 : 0);
        for (const value of read(record)) for (const token of tokensOfScalar(value)) yield [slot, token];
      }
    }
  }

  add(doc: number, record: SearchRecord): void {
    for (const [slot, token] of this.tokens(record)) {
      let perSlot = this.postings.get(token);
      if (!perSlot) {
        perSlot = new Array<Posting | undefined>(this.levels * 2);
        this.postings.set(token, perSlot);
        this.trie.add(token);
      }
      let posting = perSlot[slot];
      if (!posting) {
        posting = new SparseTypedFastBitSet();
        perSlot[slot] = posting;
      }
      posting.add(doc);
    }
  }

  remove(doc: number, record: SearchRecord): void {
    for (const [slot, token] of this.tokens(record)) this.postings.get(token)?.[slot]?.remove(doc);
  }

  /** Whether some live record holds the token. */
  isLive(token: string): boolean {
    const perSlot = this.postings.get(token);
    if (!perSlot) return false;
    for (const posting of perSlot) if (posting && !posting.isEmpty()) return true;
    return false;
  }

  /** Postings of a token: every slot, or only the attributes taking typos (`typoOnly`). */
  *postingsOf(token: string, typoOnly: boolean, level?: number): Generator<Posting> {
    const perSlot = this.postings.get(token);
    if (!perSlot) return;
    const from = level === undefined ? 0 : level * 2;
    const to = level === undefined ? perSlot.length : level * 2 + 2;
    for (let slot = from; slot < to; slot += typoOnly ? 2 : 1) {
      const posting = perSlot[slot];
      if (posting) yield posting;
    }
  }

  /** Live tokens starting with `word` (`word` itself included when live). */
  prefixTokens(word: string): string[] {
    const out: string[] = [];
    this.trie.search(word, 0, true, (token) => {
      if (this.isLive(token)) out.push(token);
    });
    return out;
  }

  /** Live tokens within `maxTypos` (1 or more) of `word`, by typo count; see `Trie.search`. */
  typoTokens(word: string, maxTypos: number, prefix: boolean): Map<number, string[]> {
    const out = new Map<number, string[]>();
    if (maxTypos <= 0) return out;
    this.trie.search(word, maxTypos, prefix, (token, typos) => {
      if (typos === 0 || !this.isLive(token)) return;
      const list = out.get(typos);
      if (list) list.push(token);
      else out.set(typos, [token]);
    });
    return out;
  }
}
