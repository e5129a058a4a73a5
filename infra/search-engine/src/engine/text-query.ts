/**
 * The text side of a search: what each query word may match (its alternatives), which docs match
 * the whole query, and the ranking buckets Algolia's tie-breaking puts them in.
 *
 * Alternatives of a span of query words (every alternative of a span is ORed; the query matches a
 * doc when consecutive spans cover every query word):
 * - one word: the word itself (exact), tokens it starts (last word only, prefix), tokens within
 *   the allowed typos (only in attributes taking typos), the word split in two index words
 *   (`cx5` -> `cx` + `5`), and its synonyms;
 * - two words: their concatenation (`mazda 3` -> `mazda3`);
 * - several words: multi-word synonyms (`mercedes benz` -> `merc`).
 * Synonyms, splits and concatenations match whole words, count as exact and carry no typo.
 *
 * Ranking, as Algolia breaks ties (typo, words, filters, proximity, attribute, exact, custom):
 * fewest typos over the best cover of the query; words and filters are the same for every hit
 * (all words are required, no optional filters); proximity is simplified to "one searchable
 * level holds every query word" first; attribute is the best level any matched word is in; exact
 * is the number of query words matched by an exact alternative. The same rules are written out
 * record by record in `reference.ts`.
 */
import { TypedFastBitSet } from 'typedfastbitset';
import type { SearchParams } from './params';
import type { DocSet } from './postings';
import type { CompiledSettings } from './settings';
import { unionInto } from './postings';
import type { SynonymLookup } from './synonyms';
import type { TextIndex } from './text-index';
import { allowedTypos, codePointCount, type TypoConfig } from './typo';

export interface Alternative {
  start: number;
  /** One past the last query word covered. */
  end: number;
  typos: number;
  exact: boolean;
  /** A doc must hold a token of every group (a group's tokens are ORed). */
  groups: Array<{ tokens: string[]; typoOnly: boolean }>;
}

export interface QueryPlan {
  words: string[];
  alternatives: Alternative[];
  /** Tokens highlighted as whole words, with the query words they stand for. */
  highlights: Map<string, string[]>;
  config: TypoConfig;
}

function addHighlight(map: Map<string, string[]>, token: string, words: string[]): void {
  const list = map.get(token) ?? [];
  for (const w of words) if (!list.includes(w)) list.push(w);
  map.set(token, list);
}

/** Everything each query word (and each run of words) may match in this text index. */
export function planQuery(
  words: string[],
  text: TextIndex,
  config: TypoConfig,
  synonyms: { lookup: SynonymLookup; longest: number },
  checkTime: () => void = () => undefined,
): QueryPlan {
  const alternatives: Alternative[] = [];
  const highlights = new Map<string, string[]>();
  const n = words.length;
  const push = (start: number, end: number, typos: number, exact: boolean, groups: Alternative['groups']): void => {
    alternatives.push({ start, end, typos, exact, groups });
  };
  for (let i = 0; i < n; i++) {
    checkTime();
    const w = words[i] as string;
    const last = i === n - 1;
    push(i, i + 1, 0, true, [{ tokens: [w], typoOnly: false }]);
    if (last) {
      const longer = text.prefixTokens(w).filter((t) => t !== w);
      if (longer.length > 0) push(i, i + 1, 0, false, [{ tokens: longer, typoOnly: false }]);
    }
    const k = allowedTypos(w, config);
    for (const [typos, tokens] of text.typoTokens(w, k, last)) {
      push(i, i + 1, typos, false, [{ tokens, typoOnly: true }]);
      for (const t of tokens) addHighlight(highlights, t, [w]);
    }
    if (config.enabled) {
      // Splitting: both halves must be words of the index (the second may be a prefix when last),
      // so neither is longer than the index's longest word: only the cuts leaving both halves
      // that short are tried (none in a word over twice that length).
      const longest = text.trie.longest;
      const chars = codePointCount(w) <= 2 * longest ? [...w] : [];
      for (let cut = Math.max(1, chars.length - longest); cut < Math.min(chars.length, longest + 1); cut++) {
        const a = chars.slice(0, cut).join('');
        const b = chars.slice(cut).join('');
        if (!text.isLive(a)) continue;
        const bLive = text.isLive(b);
        const bLonger = last ? text.prefixTokens(b).filter((t) => t !== b) : [];
        if (!bLive && bLonger.length === 0) continue;
        if (bLive)
          push(i, i + 1, 0, true, [
            { tokens: [a], typoOnly: false },
            { tokens: [b], typoOnly: false },
          ]);
        if (bLonger.length > 0)
          push(i, i + 1, 0, false, [
            { tokens: [a], typoOnly: false },
            { tokens: bLonger, typoOnly: false },
          ]);
        addHighlight(highlights, a, [w]);
        addHighlight(highlights, b, [w]);
      }
      // Concatenation of this word and the next.
      if (i + 1 < n) {
        const next = words[i + 1] as string;
        const joined = w + next;
        const pair = [w, next];
        const joinedLonger = i + 1 === n - 1 ? text.prefixTokens(joined).filter((t) => t !== joined) : [];
        if (text.isLive(joined) || joinedLonger.length > 0) {
          push(i, i + 2, 0, true, [{ tokens: [joined], typoOnly: false }]);
          if (joinedLonger.length > 0) push(i, i + 2, 0, false, [{ tokens: joinedLonger, typoOnly: false }]);
          addHighlight(highlights, joined, pair);
        }
      }
    }
    // Synonyms of every run of words starting here.
    for (let end = i + 1; end <= Math.min(n, i + synonyms.longest); end++) {
      const span = words.slice(i, end);
      for (const phrase of synonyms.lookup.get(span.join(' ')) ?? []) {
        push(
          i,
          end,
          0,
          true,
          phrase.map((t) => ({ tokens: [t], typoOnly: false })),
        );
        for (const t of phrase) addHighlight(highlights, t, span);
      }
    }
  }
  return { words, alternatives, highlights, config };
}

/** Docs (within `within`) holding every group of an alternative; at one level if given. */
function docsOf(text: TextIndex, alt: Alternative, within: DocSet): DocSet {
  let out: DocSet | null = null;
  for (const group of alt.groups) {
    const set = new TypedFastBitSet();
    for (const token of group.tokens)
      for (const posting of text.postingsOf(token, group.typoOnly)) unionInto(set, posting);
    set.intersection(out ?? within);
    out = set;
    if (out.isEmpty()) break;
  }
  return out ?? new TypedFastBitSet();
}

export interface Bucket {
  docs: DocSet;
  typos: number;
  proximity: number;
  level: number;
  exact: number;
}

/** A query evaluated over a filtered doc set: its hits and the ranking buckets over them. */
export class TextMatch {
  /** The hits (after `typoTolerance: 'min' | 'strict'`). */
  readonly hits: DocSet;
  private readonly altDocs: Array<DocSet | undefined>;
  /** byTypos[t] = hits with exactly t typos at best. */
  private readonly byTypos: Array<{ typos: number; docs: DocSet }> = [];
  private readonly levelSets: DocSet[] = [];
  private near: DocSet | null = null;
  private exactAtLeast: DocSet[] | null = null;

  constructor(
    private readonly text: TextIndex,
    private readonly plan: QueryPlan,
    private readonly filtered: DocSet,
    /** Called between steps; throws to stop a search that ran past its time budget. */
    private readonly checkTime: () => void = () => undefined,
  ) {
    const n = plan.words.length;
    // An alternative's docs are looked up only once some doc covers the words before it, so a
    // query whose first words match nothing does not walk the postings of the rest.
    this.altDocs = new Array<DocSet | undefined>(plan.alternatives.length);
    // Only one-word alternatives carry typos: the worst cover adds up each word's worst typo.
    const worst = new Array<number>(n).fill(0);
    for (const alt of plan.alternatives) worst[alt.start] = Math.max(worst[alt.start] as number, alt.typos);
    const total = worst.reduce((sum, t) => sum + t, 0);
    const endingAt: number[][] = Array.from({ length: n + 1 }, () => []);
    plan.alternatives.forEach((alt, a) => (endingAt[alt.end] as number[]).push(a));
    let longestSpan = 1;
    for (const alt of plan.alternatives) longestSpan = Math.max(longestSpan, alt.end - alt.start);
    let emptyRows = 0;
    // covered[j][t]: docs whose words [0, j) are covered with at most t typos.
    const covered: DocSet[][] = [Array.from({ length: total + 1 }, () => filtered)];
    for (let j = 1; j <= n; j++) {
      this.checkTime();
      const row: DocSet[] = [];
      for (let t = 0; t <= total; t++) {
        const set = t > 0 ? (row[t - 1] as DocSet).clone() : new TypedFastBitSet();
        for (const a of endingAt[j] as number[]) {
          const alt = plan.alternatives[a] as Alternative;
          if (alt.typos > t) continue;
          const from = (covered[alt.start] as DocSet[])[t - alt.typos] as DocSet;
          if (from.isEmpty()) continue;
          set.union(from.new_intersection(this.docsOfAlt(a)));
        }
        row.push(set);
      }
      covered.push(row);
      // No doc covers the first j words, nor the first j - 1, ...: once that holds for as many
      // rows as the longest alternative spans, no alternative can reach past them and no doc
      // covers every word.
      emptyRows = (row[total] as DocSet).isEmpty() ? emptyRows + 1 : 0;
      if (emptyRows >= longestSpan) {
        for (let rest = j + 1; rest <= n; rest++) covered.push(row);
        break;
      }
    }
    const all = covered[n] as DocSet[];
    let previous: DocSet = new TypedFastBitSet();
    for (let t = 0; t <= total; t++) {
      const docs = (all[t] as DocSet).new_difference(previous);
      if (!docs.isEmpty()) this.byTypos.push({ typos: t, docs });
      previous = all[t] as DocSet;
    }
    const mode = plan.config.mode;
    if (mode === 'min' && this.byTypos.length > 1) this.byTypos.length = 1;
    if (mode === 'strict' && this.byTypos.length > 2) this.byTypos.length = 2;
    const hits = new TypedFastBitSet();
    for (const b of this.byTypos) hits.union(b.docs);
    this.hits = hits;
  }

  /** The docs (within the filters) of alternative `a`, looked up on first use. */
  private docsOfAlt(a: number): DocSet {
    let docs = this.altDocs[a];
    if (!docs) {
      docs = docsOf(this.text, this.plan.alternatives[a] as Alternative, this.filtered);
      this.altDocs[a] = docs;
    }
    return docs;
  }

  /** Hits holding a matched word at a level (an alternative's tokens found at that level). */
  private levelSet(level: number): DocSet {
    let set = this.levelSets[level];
    if (!set) {
      set = new TypedFastBitSet();
      for (let a = 0; a < this.plan.alternatives.length; a++) set.union(this.altAtLevel(a, level));
      this.levelSets[level] = set;
    }
    return set;
  }

  private altLevelCache = new Map<number, DocSet>();
  private altAtLevel(a: number, level: number): DocSet {
    const key = a * this.text.levels + level;
    let set = this.altLevelCache.get(key);
    if (!set) {
      const alt = this.plan.alternatives[a] as Alternative;
      const docs = this.docsOfAlt(a);
      set = new TypedFastBitSet();
      if (!docs.isEmpty()) {
        for (const group of alt.groups)
          for (const token of group.tokens)
            for (const posting of this.text.postingsOf(token, group.typoOnly, level)) unionInto(set, posting);
        set.intersection(docs);
      }
      this.altLevelCache.set(key, set);
    }
    return set;
  }

  /** Hits with one level holding every query word (the simplified proximity). */
  private nearSet(): DocSet | null {
    const n = this.plan.words.length;
    if (n < 2) return null;
    if (!this.near) {
      const near = new TypedFastBitSet();
      for (let level = 0; level < this.text.levels; level++) {
        let all: DocSet | null = null;
        for (let i = 0; i < n && (all === null || !all.isEmpty()); i++) {
          const word = new TypedFastBitSet();
          this.plan.alternatives.forEach((alt, a) => {
            if (alt.start <= i && i < alt.end) word.union(this.altAtLevel(a, level));
          });
          all = all === null ? word : all.intersection(word);
        }
        if (all) near.union(all);
      }
      this.near = near;
    }
    return this.near;
  }

  /** exactAtLeast[k] = hits with k or more query words matched by an exact alternative. */
  private exactSets(): DocSet[] {
    if (!this.exactAtLeast) {
      const n = this.plan.words.length;
      const atLeast: DocSet[] = [this.hits];
      for (let i = 0; i < n; i++) {
        const exact = new TypedFastBitSet();
        this.plan.alternatives.forEach((alt, a) => {
          if (alt.exact && alt.start <= i && i < alt.end) exact.union(this.docsOfAlt(a));
        });
        atLeast.push(new TypedFastBitSet());
        for (let k = i + 1; k >= 1; k--)
          (atLeast[k] as DocSet).union((atLeast[k - 1] as DocSet).new_intersection(exact));
      }
      this.exactAtLeast = atLeast;
    }
    return this.exactAtLeast;
  }

  /**
   * Visits the ranking buckets best first, each a disjoint part of the hits, until `visit`
   * returns false. Empty buckets are skipped.
   */
  buckets(visit: (bucket: Bucket) => boolean): void {
    const n = this.plan.words.length;
    for (const { typos, docs } of this.byTypos) {
      this.checkTime();
      const near = this.nearSet();
      const proximityParts: Array<[number, DocSet]> = near
        ? [
            [0, docs.new_intersection(near)],
            [1, docs.new_difference(near)],
          ]
        : [[0, docs]];
      for (const [proximity, part] of proximityParts) {
        let rest = part;
        for (let level = 0; level < this.text.levels && !rest.isEmpty(); level++) {
          const atLevel = rest.new_intersection(this.levelSet(level));
          if (atLevel.isEmpty()) continue;
          rest = rest.new_difference(atLevel);
          const exact = this.exactSets();
          for (let k = n; k >= 0; k--) {
            const bucket =
              k === n
                ? atLevel.new_intersection(exact[k] as DocSet)
                : atLevel.new_intersection(exact[k] as DocSet).difference(exact[k + 1] as DocSet);
            if (bucket.isEmpty()) continue;
            if (!visit({ docs: bucket, typos, proximity, level, exact: k })) return;
          }
        }
      }
    }
  }
}

/** The typo rules of one search: the index's settings, overridden by the query's parameters. */
export function typoConfigOf(settings: CompiledSettings, params: SearchParams): TypoConfig {
  const tolerance = params.typoTolerance ?? settings.typoTolerance;
  return {
    enabled: tolerance !== false,
    mode: tolerance === 'min' || tolerance === 'strict' ? tolerance : 'all',
    minWordSizefor1Typo: params.minWordSizefor1Typo ?? settings.minWordSizefor1Typo,
    minWordSizefor2Typos: params.minWordSizefor2Typos ?? settings.minWordSizefor2Typos,
    allowTyposOnNumericTokens: params.allowTyposOnNumericTokens ?? settings.allowTyposOnNumericTokens,
    disabledWords: settings.disableTypoToleranceOnWords,
  };
}

/** Attributes refusing typos for one search, and the text index key they give. */
export function typoDisabledAttributes(
  settings: CompiledSettings,
  params: SearchParams,
): { attributes: string[]; key: string } {
  const attributes = params.disableTypoToleranceOnAttributes ?? settings.disableTypoToleranceOnAttributes;
  return {
    attributes,
    key:
      attributes.length === 0
        ? settings.searchableKey
        : `${settings.searchableKey}|${JSON.stringify([...attributes].sort())}`,
  };
}
