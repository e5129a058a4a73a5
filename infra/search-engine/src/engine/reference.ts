/**
 * Brute-force implementation of the engine's semantics over a plain array, for tests only:
 * filters evaluated per record, hits sorted with a comparator, facets counted by loop.
 * It shares the parsers, paging and hit formatting with the engine, not its data structures.
 * Text matching is written out record by record: every record token is compared with every query
 * word (typo distance by plain dynamic programming, no trie), every way a run of query words can
 * match (word, prefix, typo, split, joined words, synonyms) is listed, and the fewest typos come
 * from trying every cover of the query by consecutive runs. The rules are those of
 * `text-query.ts`; only `allowedTypos` (which word takes how many typos) is shared.
 */
import type { FilterNode } from './filters';
import { normalizeParams } from './params';
import {
  buildHit,
  buildResponse,
  pageWindow,
  queryWordsOf,
  requestedFacets,
  sortFacetCounts,
  type FacetStats,
  type SearchResponse,
} from './response';
import { filterTreeOf, applyPartial } from './search-index';
import { compileSettings, type CompiledSettings, type IndexSettings } from './settings';
import { compareSortKeys, sortKeysOf } from './record-store';
import type { SynonymHit } from './synonyms';
import { pathIn } from './text-index';
import { typoConfigOf, typoDisabledAttributes } from './text-query';
import { tokenize, tokensOfScalar } from './tokenize';
import { allowedTypos, prefixTypoDistance, typoDistance, type TypoConfig } from './typo';
import { facetValuesOf, leafPaths, numericValuesOf, valuesAt, type SearchRecord } from './values';

type Entry = { token: string; level: number; typoOk: boolean };
type Option = { start: number; end: number; typos: number; exact: boolean; levels: Set<number> };

export class ReferenceIndex {
  records: SearchRecord[] = [];
  settings: CompiledSettings;

  constructor(
    readonly name: string,
    settings: IndexSettings = {},
  ) {
    this.settings = compileSettings(settings);
  }

  put(record: SearchRecord): void {
    const i = this.records.findIndex((r) => r.objectID === record.objectID);
    if (i >= 0) this.records[i] = record;
    else this.records.push(record);
  }

  partial(changes: SearchRecord, createIfNotExists = true): void {
    const existing = this.records.find((r) => r.objectID === changes.objectID);
    if (!existing && !createIfNotExists) return;
    this.put(applyPartial(existing ?? { objectID: changes.objectID }, changes));
  }

  delete(objectID: string): void {
    this.records = this.records.filter((r) => r.objectID !== objectID);
  }

  matches(record: SearchRecord, node: FilterNode): boolean {
    switch (node.kind) {
      case 'all':
        return true;
      case 'and':
        return node.children.every((c) => this.matches(record, c));
      case 'or':
        return node.children.some((c) => this.matches(record, c));
      case 'not':
        return !this.matches(record, node.child);
      case 'facet': {
        if (!this.settings.filterable.has(node.attribute)) return false;
        const wanted = node.value.toLowerCase();
        return facetValuesOf(record, node.attribute).some((v) => v.toLowerCase() === wanted);
      }
      case 'numeric': {
        const values = numericValuesOf(record, node.attribute);
        const v = node.value;
        switch (node.op) {
          case '<':
            return values.some((x) => x < v);
          case '<=':
            return values.some((x) => x <= v);
          case '>':
            return values.some((x) => x > v);
          case '>=':
            return values.some((x) => x >= v);
          case '=':
            return values.some((x) => x === v);
          case '!=':
            return !values.some((x) => x === v);
        }
        return false;
      }
      case 'range':
        return numericValuesOf(record, node.attribute).some((x) => x >= node.low && x <= node.high);
    }
  }

  /** Synonyms as saved (replaced whole by the tests; no validation here). */
  synonyms: SynonymHit[] = [];

  /** Every token of a record's searchable attributes, with its level and whether it takes typos. */
  private entries(record: SearchRecord, typoDisabled: string[]): Entry[] {
    const levels = this.settings.searchable ?? [{ position: 0, paths: leafPaths(record) }];
    return levels.flatMap((l, level) =>
      l.paths.flatMap((p) =>
        valuesAt(record, p).flatMap((v) =>
          tokensOfScalar(v).map((token) => ({ token, level, typoOk: !pathIn(p, typoDisabled) })),
        ),
      ),
    );
  }

  /** Phrases a run of query words also finds, read straight from the synonym objects. */
  private synonymPhrases(span: string[]): string[][] {
    const key = span.join(' ');
    const out: string[][] = [];
    for (const hit of this.synonyms) {
      const phrases = (hit.synonyms ?? []).map((p) => tokenize(p));
      const type = hit.type.toLowerCase();
      if (type === 'synonym' && phrases.some((p) => p.join(' ') === key))
        out.push(...phrases.filter((p) => p.join(' ') !== key && p.length > 0));
      if (type === 'onewaysynonym' && tokenize(hit.input ?? '').join(' ') === key)
        out.push(...phrases.filter((p) => p.join(' ') !== key && p.length > 0));
    }
    return out;
  }

  /** Every way a record matches the run of query words [start, end): typos, exact, levels. */
  private options(words: string[], start: number, end: number, entries: Entry[], config: TypoConfig): Option[] {
    const out: Option[] = [];
    const n = words.length;
    const last = end === n;
    const add = (typos: number, exact: boolean, found: Entry[][]) => {
      if (found.every((f) => f.length > 0))
        out.push({ start, end, typos, exact, levels: new Set(found.flat().map((e) => e.level)) });
    };
    const equal = (t: string) => entries.filter((e) => e.token === t);
    const longer = (t: string) => entries.filter((e) => e.token.startsWith(t) && e.token !== t);
    if (end === start + 1) {
      const w = words[start] as string;
      add(0, true, [equal(w)]);
      if (last) add(0, false, [longer(w)]);
      const k = allowedTypos(w, config);
      for (let d = 1; d <= k; d++) {
        add(d, false, [
          entries.filter((e) => e.typoOk && (last ? prefixTypoDistance(w, e.token) : typoDistance(w, e.token)) === d),
        ]);
      }
      if (config.enabled) {
        const chars = [...w];
        for (let cut = 1; cut < chars.length; cut++) {
          const a = chars.slice(0, cut).join('');
          const b = chars.slice(cut).join('');
          add(0, true, [equal(a), equal(b)]);
          if (last) add(0, false, [equal(a), longer(b)]);
        }
      }
    }
    if (end === start + 2 && config.enabled) {
      const joined = words.slice(start, end).join('');
      add(0, true, [equal(joined)]);
      if (last) add(0, false, [longer(joined)]);
    }
    for (const phrase of this.synonymPhrases(words.slice(start, end))) add(0, true, phrase.map(equal));
    return out;
  }

  /** Tokens highlighted as whole words: typo matches, split halves, joined words, synonyms. */
  private highlights(words: string[], config: TypoConfig, typoDisabled: string[]): Map<string, string[]> {
    const vocabulary = new Set(this.records.flatMap((r) => this.entries(r, typoDisabled).map((e) => e.token)));
    const map = new Map<string, string[]>();
    const add = (token: string, ws: string[]) => map.set(token, [...new Set([...(map.get(token) ?? []), ...ws])]);
    const hasLonger = (t: string) => [...vocabulary].some((v) => v.startsWith(t) && v !== t);
    words.forEach((w, i) => {
      const last = i === words.length - 1;
      const k = allowedTypos(w, config);
      for (const t of vocabulary) {
        const d = k === 0 ? 0 : last ? prefixTypoDistance(w, t) : typoDistance(w, t);
        if (d >= 1 && d <= k) add(t, [w]);
      }
      if (config.enabled) {
        const chars = [...w];
        for (let cut = 1; cut < chars.length; cut++) {
          const a = chars.slice(0, cut).join('');
          const b = chars.slice(cut).join('');
          if (vocabulary.has(a) && (vocabulary.has(b) || (last && hasLonger(b)))) {
            add(a, [w]);
            add(b, [w]);
          }
        }
        const next = words[i + 1];
        if (next !== undefined && (vocabulary.has(w + next) || (i + 1 === words.length - 1 && hasLonger(w + next))))
          add(w + next, [w, next]);
      }
      for (let end = i + 1; end <= words.length; end++)
        for (const phrase of this.synonymPhrases(words.slice(i, end)))
          for (const t of phrase) add(t, words.slice(i, end));
    });
    return map;
  }

  search(input: Record<string, unknown>, extraFilters?: string): SearchResponse {
    const params = normalizeParams(input);
    const settings = this.settings;
    const tree = filterTreeOf(params, extraFilters);
    const words = tokenize(params.query);
    const n = words.length;
    const config = typoConfigOf(settings, params);
    const typoDisabled = typoDisabledAttributes(settings, params).attributes;
    type Row = { record: SearchRecord; index: number; typos: number; proximity: number; level: number; exact: number };
    let rows: Row[] = [];
    this.records.forEach((record, index) => {
      if (!this.matches(record, tree)) return;
      if (n === 0) {
        rows.push({ record, index, typos: 0, proximity: 0, level: 0, exact: 0 });
        return;
      }
      const entries = this.entries(record, typoDisabled);
      const options: Option[] = [];
      for (let start = 0; start < n; start++)
        for (let end = start + 1; end <= n; end++) options.push(...this.options(words, start, end, entries, config));
      // Fewest typos over every way of covering the words with consecutive runs.
      const best: number[] = [0];
      for (let j = 1; j <= n; j++) {
        best[j] = Math.min(
          Infinity,
          ...options.filter((o) => o.end === j).map((o) => (best[o.start] as number) + o.typos),
        );
      }
      const typos = best[n] as number;
      if (typos === Infinity) return;
      const covering = (i: number) => options.filter((o) => o.start <= i && i < o.end);
      const levels = [...new Set(options.flatMap((o) => [...o.levels]))];
      const near = n < 2 || levels.some((l) => words.every((_, i) => covering(i).some((o) => o.levels.has(l))));
      rows.push({
        record,
        index,
        typos,
        proximity: near ? 0 : 1,
        level: Math.min(...levels),
        exact: words.filter((_, i) => covering(i).some((o) => o.exact)).length,
      });
    });
    // typoTolerance 'min': only the fewest typos found; 'strict': the two lowest counts found.
    const counts = [...new Set(rows.map((r) => r.typos))].sort((a, b) => a - b);
    if (config.mode === 'min' && counts.length > 0) rows = rows.filter((r) => r.typos === counts[0]);
    if (config.mode === 'strict' && counts.length > 1) rows = rows.filter((r) => r.typos <= (counts[1] as number));
    const criteria = settings.customRanking;
    const keys = new Map(rows.map((r) => [r, sortKeysOf(r.record, criteria)]));
    rows.sort((a, b) => {
      if (a.typos !== b.typos) return a.typos - b.typos;
      if (a.proximity !== b.proximity) return a.proximity - b.proximity;
      if (a.level !== b.level) return a.level - b.level;
      if (a.exact !== b.exact) return b.exact - a.exact;
      const ka = keys.get(a) ?? [];
      const kb = keys.get(b) ?? [];
      for (let i = 0; i < criteria.length; i++) {
        const c = compareSortKeys(ka[i], kb[i], criteria[i]?.desc ?? false);
        if (c !== 0) return c;
      }
      return a.index - b.index;
    });
    const window = pageWindow(rows.length, params, settings);
    const q = queryWordsOf(
      words,
      n > 0 && !(settings.searchable !== null && settings.searchable.length === 0)
        ? this.highlights(words, config, typoDisabled)
        : undefined,
    );
    const hits = rows.slice(window.start, window.end).map((r) => buildHit(r.record, params, settings, q));
    let facets: Record<string, Record<string, number>> | undefined;
    let facetsStats: Record<string, FacetStats> | undefined;
    if (params.facets !== undefined) {
      facets = {};
      facetsStats = {};
      for (const attribute of requestedFacets(params, settings)) {
        const counts = new Map<string, number>();
        let min = Infinity;
        let max = -Infinity;
        let sum = 0;
        let count = 0;
        for (const { record } of rows) {
          for (const v of facetValuesOf(record, attribute)) counts.set(v, (counts.get(v) ?? 0) + 1);
          for (const n of numericValuesOf(record, attribute)) {
            min = Math.min(min, n);
            max = Math.max(max, n);
            sum += n;
            count++;
          }
        }
        facets[attribute] = sortFacetCounts(counts, params.maxValuesPerFacet ?? settings.maxValuesPerFacet);
        if (count > 0) facetsStats[attribute] = { min, max, avg: sum / count, sum };
      }
    }
    return buildResponse({
      indexName: this.name,
      params,
      window,
      nbHits: rows.length,
      hits,
      facets,
      facetsStats,
      processingTimeMS: 0,
    });
  }
}
