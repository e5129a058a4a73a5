/**
 * Typo tolerance: how many typos a query word may carry, the distance itself, and a trie over an
 * index's vocabulary that finds every token within that distance without scanning the vocabulary.
 *
 * The distance is Damerau–Levenshtein in its "optimal string alignment" form: an insertion, a
 * deletion, a substitution or a swap of two adjacent characters each count as one typo (Algolia
 * counts a transposition as one typo). It works on code points, so an accented or non-BMP letter
 * is one character.
 *
 * The trie walk is hand-written: the maintained JavaScript fuzzy-search packages either scan every
 * word per query, compute plain Levenshtein (a swap costs two), or have no "prefix" mode (the
 * last query word may be a typo'd prefix of a longer token). Walking a trie with one DP row per
 * depth visits only the branches that can still end within the allowed distance.
 */

/** The typo rules of one search (settings overridden by query parameters). */
export interface TypoConfig {
  /** false: no typos, and no word splitting or concatenation (as in Algolia). */
  enabled: boolean;
  /** 'min' keeps the hits with the fewest typos, 'strict' those with the two lowest counts. */
  mode: 'all' | 'min' | 'strict';
  minWordSizefor1Typo: number;
  minWordSizefor2Typos: number;
  /** Typos on words made only of digits (off: a year or a price must be typed exactly). */
  allowTyposOnNumericTokens: boolean;
  /** Query words (normalised) that must match exactly. */
  disabledWords: ReadonlySet<string>;
}

const DIGITS = /^\p{N}+$/u;
const HAS_DIGIT = /\p{N}/u;

/** Characters (code points) in `text`, without building an array of them. */
export function codePointCount(text: string): number {
  let count = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    // A low surrogate completes the pair its high surrogate already counted.
    if (unit < 0xdc00 || unit > 0xdfff) count++;
  }
  return count;
}

/**
 * Typos allowed on one normalised query word: none below `minWordSizefor1Typo` characters, one
 * from there, two from `minWordSizefor2Typos`. Words with a digit take none (unless numeric
 * tokens allow typos and the word is all digits): `mazda3` must not find a Mazda6, nor `2019` a
 * 2018, and model codes (`cx5`, `i30`) differ from each other by one character.
 */
export function allowedTypos(word: string, config: TypoConfig): number {
  if (!config.enabled || config.disabledWords.has(word)) return 0;
  if (HAS_DIGIT.test(word) && !(config.allowTyposOnNumericTokens && DIGITS.test(word))) return 0;
  const length = codePointCount(word);
  if (length >= config.minWordSizefor2Typos) return 2;
  if (length >= config.minWordSizefor1Typo) return 1;
  return 0;
}

/** Damerau–Levenshtein (optimal string alignment) distance between two strings, by code point. */
export function typoDistance(a: string, b: string): number {
  const x = [...a];
  const y = [...b];
  const rows: number[][] = [];
  for (let i = 0; i <= x.length; i++) {
    const row: number[] = [];
    for (let j = 0; j <= y.length; j++) {
      if (i === 0 || j === 0) row.push(i + j);
      else {
        const cost = x[i - 1] === y[j - 1] ? 0 : 1;
        let d = Math.min((rows[i - 1] as number[])[j]! + 1, row[j - 1]! + 1, (rows[i - 1] as number[])[j - 1]! + cost);
        if (i > 1 && j > 1 && x[i - 1] === y[j - 2] && x[i - 2] === y[j - 1])
          d = Math.min(d, (rows[i - 2] as number[])[j - 2]! + 1);
        row.push(d);
      }
    }
    rows.push(row);
  }
  return (rows[x.length] as number[])[y.length] as number;
}

/** Fewest typos between `word` and any prefix of `token` (the empty prefix and `token` included). */
export function prefixTypoDistance(word: string, token: string): number {
  const t = [...token];
  let best = Infinity;
  for (let k = 0; k <= t.length; k++) best = Math.min(best, typoDistance(word, t.slice(0, k).join('')));
  return best;
}

interface TrieNode {
  children: Map<number, TrieNode>;
  /** The token ending here, if any. */
  token: string | null;
  depth: number;
}

const newNode = (depth: number): TrieNode => ({ children: new Map(), token: null, depth });

/** A trie of tokens, by code point. Tokens are only added (postings say whether one still matches). */
export class Trie {
  private readonly root = newNode(0);
  size = 0;
  /** Code points in the longest token ever added (tokens are only added, so it only grows). */
  longest = 0;

  add(token: string): void {
    let node = this.root;
    for (const ch of token) {
      const cp = ch.codePointAt(0) as number;
      let next = node.children.get(cp);
      if (!next) {
        next = newNode(node.depth + 1);
        node.children.set(cp, next);
      }
      node = next;
    }
    if (node.token === null) {
      node.token = token;
      this.size++;
      this.longest = Math.max(this.longest, node.depth);
    }
  }

  /** Tokens starting with `word` (`word` itself included), found by walking down its path. */
  withPrefix(word: string, visit: (token: string) => void): void {
    let node: TrieNode | undefined = this.root;
    for (const ch of word) {
      node = node.children.get(ch.codePointAt(0) as number);
      if (!node) return;
    }
    collect(node, (token) => visit(token));
  }

  /**
   * Calls `visit(token, typos)` for every token within `maxTypos` of `word`: the whole token
   * (`prefix` false) or, for the last query word, its closest prefix (`prefix` true; a token
   * starting with `word` is at 0). Each token is visited once, with its smallest distance.
   *
   * Only the band of each DP row within `maxTypos` of the diagonal is computed (a cell further
   * off is at least that far, so it is read as `maxTypos + 1`): a node costs 2 x maxTypos + 1
   * cells instead of one per character of the word, so a long word costs no more per node than
   * a short one. A word longer than every token by more than `maxTypos` is that many typos from
   * all of them (each missing character is one) and is not walked at all.
   */
  search(word: string, maxTypos: number, prefix: boolean, visit: (token: string, typos: number) => void): void {
    if (codePointCount(word) > this.longest + maxTypos) return;
    if (maxTypos === 0 && prefix) return this.withPrefix(word, (token) => visit(token, 0));
    const w = Array.from(word, (ch) => ch.codePointAt(0) as number);
    const m = w.length;
    const k = maxTypos;
    const far = k + 1;
    // rows[d] = distances between the trie path of depth d and each prefix of the word, within
    // the band |d - j| <= k; cells outside it keep `far`.
    const newRow = (): Int32Array => new Int32Array(m + 1).fill(far);
    const first = newRow();
    for (let j = 0; j <= Math.min(m, k); j++) first[j] = j;
    const rows: Int32Array[] = [first];
    const path: number[] = [];
    const walk = (node: TrieNode, best: number): void => {
      const row = rows[node.depth] as Int32Array;
      const here = row[m] as number;
      if (prefix) {
        best = Math.min(best, here);
        // Every longer token keeps this prefix: once exact, nothing below can do better.
        if (best === 0) return collect(node, (token) => visit(token, 0));
      } else if (node.token !== null && here <= maxTypos) visit(node.token, here);
      const lo = Math.max(0, node.depth - k);
      const hi = Math.min(m, node.depth + k);
      let rowMin = far;
      for (let j = lo; j <= hi; j++) rowMin = Math.min(rowMin, row[j] as number);
      if (rowMin > maxTypos) {
        // No deeper path can come back within the distance; in prefix mode the tokens below
        // still match through the prefix already found.
        if (prefix && best <= maxTypos) collect(node, (token) => visit(token, best));
        return;
      }
      if (prefix && best <= maxTypos && node.token !== null) visit(node.token, best);
      const d = node.depth + 1;
      let next = rows[d];
      if (!next) {
        next = newRow();
        rows[d] = next;
      }
      const prev2 = d >= 2 ? (rows[d - 2] as Int32Array) : null;
      const from = Math.max(1, d - k);
      const to = Math.min(m, d + k);
      for (const [cp, child] of node.children) {
        path[d - 1] = cp;
        if (d <= k) next[0] = d;
        for (let j = from; j <= to; j++) {
          const cost = w[j - 1] === cp ? 0 : 1;
          let v = Math.min((row[j] as number) + 1, (next[j - 1] as number) + 1, (row[j - 1] as number) + cost);
          if (prev2 && j > 1 && w[j - 1] === path[d - 2] && w[j - 2] === cp)
            v = Math.min(v, (prev2[j - 2] as number) + 1);
          next[j] = Math.min(v, far);
        }
        walk(child, best);
      }
    };
    walk(this.root, Infinity);
  }
}

/** Every token at or below `node`. */
function collect(node: TrieNode, visit: (token: string) => void): void {
  if (node.token !== null) visit(node.token);
  for (const child of node.children.values()) collect(child, visit);
}
