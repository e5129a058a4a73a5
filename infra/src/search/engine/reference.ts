/**
 * Brute-force implementation of the engine's semantics over a plain array, for tests only:
 * filters evaluated per record, hits sorted with a comparator, facets counted by loop.
 * It shares the parsers, paging and hit formatting with the engine, not its data structures.
 */
import type { FilterNode } from './filters';
import { normalizeParams } from './params';
import { buildHit, buildResponse, pageWindow, queryWordsOf, requestedFacets, sortFacetCounts, type FacetStats, type SearchResponse } from './response';
import { filterTreeOf, applyPartial } from './search-index';
import { compileSettings, type CompiledSettings, type IndexSettings } from './settings';
import { compareSortKeys, sortKeysOf } from './record-store';
import { tokenize, tokensOfScalar } from './tokenize';
import { facetValuesOf, leafPaths, numericValuesOf, valuesAt, type SearchRecord } from './values';

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

  private levelTokens(record: SearchRecord): string[][] {
    const levels = this.settings.searchable ?? [{ position: 0, paths: leafPaths(record) }];
    return levels.map((l) => l.paths.flatMap((p) => valuesAt(record, p).flatMap((v) => tokensOfScalar(v))));
  }

  search(input: Record<string, unknown>, extraFilters?: string): SearchResponse {
    const params = normalizeParams(input);
    const settings = this.settings;
    const tree = filterTreeOf(params, extraFilters);
    const words = tokenize(params.query);
    const last = words[words.length - 1];
    type Row = { record: SearchRecord; index: number; exact: number; level: number };
    const rows: Row[] = [];
    this.records.forEach((record, index) => {
      if (!this.matches(record, tree)) return;
      if (words.length === 0) {
        rows.push({ record, index, exact: 0, level: 0 });
        return;
      }
      const levels = this.levelTokens(record);
      const wordMatches = (w: string, i: number, tokens: string[]): boolean =>
        i === words.length - 1 ? tokens.some((t) => t.startsWith(w)) : tokens.includes(w);
      if (!words.every((w, i) => levels.some((tokens) => wordMatches(w, i, tokens)))) return;
      const level = levels.findIndex((tokens) => words.some((w, i) => wordMatches(w, i, tokens)));
      const exact = words.length - 1 + (levels.some((tokens) => tokens.includes(last as string)) ? 1 : 0);
      rows.push({ record, index, exact, level });
    });
    const criteria = settings.customRanking;
    const keys = new Map(rows.map((r) => [r, sortKeysOf(r.record, criteria)]));
    rows.sort((a, b) => {
      if (a.exact !== b.exact) return b.exact - a.exact;
      if (a.level !== b.level) return a.level - b.level;
      const ka = keys.get(a) ?? [];
      const kb = keys.get(b) ?? [];
      for (let i = 0; i < criteria.length; i++) {
        const c = compareSortKeys(ka[i], kb[i], criteria[i]?.desc ?? false);
        if (c !== 0) return c;
      }
      return a.index - b.index;
    });
    const window = pageWindow(rows.length, params, settings);
    const q = queryWordsOf(words);
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
    return buildResponse({ indexName: this.name, params, window, nbHits: rows.length, hits, facets, facetsStats, processingTimeMS: 0 });
  }
}
