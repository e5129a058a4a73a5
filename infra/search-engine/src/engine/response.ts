/** Response pieces shared by the engine and the brute-force reference: paging, hits, facets. */
import { randomBytes } from 'node:crypto';
import type { SearchParams } from './params';
import { encodeParams } from './params';
import type { CompiledSettings } from './settings';
import { normalizeText } from './tokenize';
import type { Json, SearchRecord } from './values';

export interface HighlightResult {
  value: string;
  matchLevel: 'none' | 'partial' | 'full';
  matchedWords: string[];
  fullyHighlighted?: boolean;
}
export type HighlightTree = HighlightResult | HighlightTree[] | { [key: string]: HighlightTree };

export interface Hit {
  objectID: string;
  _highlightResult?: Record<string, HighlightTree>;
  _rankingInfo?: Record<string, unknown>;
  [attribute: string]: unknown;
}

export interface FacetStats {
  min: number;
  max: number;
  avg: number;
  sum: number;
}

export interface SearchResponse {
  hits: Hit[];
  nbHits: number;
  page: number;
  nbPages: number;
  hitsPerPage: number;
  offset?: number;
  length?: number;
  facets?: Record<string, Record<string, number>>;
  facets_stats?: Record<string, FacetStats>;
  exhaustiveFacetsCount: boolean;
  exhaustiveNbHits: boolean;
  exhaustive: { facetsCount: boolean; nbHits: boolean };
  query: string;
  params: string;
  index: string;
  processingTimeMS: number;
  renderingContent: Record<string, never>;
  queryID?: string;
  [other: string]: unknown;
}

export interface Window {
  start: number;
  end: number;
  page: number;
  nbPages: number;
  hitsPerPage: number;
  offset?: number;
  length?: number;
}

/** Which slice of the ranked hits to return (Algolia's paginationLimitedTo caps reachable hits). */
export function pageWindow(nbHits: number, params: SearchParams, settings: CompiledSettings): Window {
  const hitsPerPage = params.hitsPerPage ?? settings.hitsPerPage;
  const limit = settings.paginationLimitedTo;
  const reachable = Math.min(nbHits, limit);
  const nbPages = hitsPerPage === 0 ? 0 : Math.ceil(reachable / hitsPerPage);
  if (params.offset !== undefined) {
    const length = params.length ?? hitsPerPage;
    const start = Math.min(params.offset, reachable);
    const end = Math.min(params.offset + length, reachable);
    const page = hitsPerPage === 0 ? 0 : Math.floor(params.offset / hitsPerPage);
    return { start, end: Math.max(start, end), page, nbPages, hitsPerPage, offset: params.offset, length };
  }
  const page = params.page ?? 0;
  const start = Math.min(page * hitsPerPage, reachable);
  const end = Math.min(start + hitsPerPage, reachable);
  return { start, end, page, nbPages, hitsPerPage };
}

/** Facet attributes to count: requested ones that are facetable (`*` = all facetable). */
export function requestedFacets(params: SearchParams, settings: CompiledSettings): string[] {
  const requested = params.facets ?? [];
  if (requested.includes('*')) return settings.facetable;
  const facetable = new Set(settings.facetable);
  return [...new Set(requested)].filter((f) => facetable.has(f));
}

/** Count desc, then value asc (code-unit order), truncated — as Algolia orders facet values. */
export function sortFacetCounts(counts: Iterable<[string, number]>, max: number): Record<string, number> {
  const entries = [...counts].filter(([, c]) => c > 0);
  entries.sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  const out: Record<string, number> = {};
  for (const [value, count] of entries.slice(0, max)) out[value] = count;
  return out;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c] as string);
}

export interface QueryWords {
  words: string[];
  /** Words that must match a whole token (all but the last). */
  exact: Set<string>;
  /** The last word, matched as a prefix (Algolia's prefixLast). */
  last: string | null;
  /** Other tokens highlighted as whole words (typos, synonyms, splits, concatenations), with the query words they match. */
  alternatives: ReadonlyMap<string, readonly string[]>;
}

export function queryWordsOf(
  words: string[],
  alternatives: ReadonlyMap<string, readonly string[]> = new Map(),
): QueryWords {
  return {
    words,
    exact: new Set(words.slice(0, -1)),
    last: words.length > 0 ? (words[words.length - 1] as string) : null,
    alternatives,
  };
}

const WORD = /[\p{L}\p{N}]+/gu;

export function highlightString(text: string, q: QueryWords, pre: string, post: string): HighlightResult {
  if (q.words.length === 0) return { value: escapeHtml(text), matchLevel: 'none', matchedWords: [] };
  // Normalise char by char, remembering where each normalised char came from (ASCII: 1 to 1).
  let norm = '';
  const origStart: number[] = [];
  const origEnd: number[] = [];
  // Every char below U+0080 lower-cases to one char, so positions map 1 to 1.
  let ascii = true;
  for (let i = 0; i < text.length && ascii; i++) ascii = text.charCodeAt(i) < 0x80;
  if (ascii) norm = text.toLowerCase();
  for (let i = 0; ascii && i < text.length; i++) {
    origStart.push(i);
    origEnd.push(i + 1);
  }
  for (let i = 0; !ascii && i < text.length;) {
    const cp = text.codePointAt(i) as number;
    const ch = String.fromCodePoint(cp);
    const n = normalizeText(ch);
    for (let k = 0; k < n.length; k++) {
      origStart.push(i);
      origEnd.push(i + ch.length);
    }
    norm += n;
    i += ch.length;
  }
  const ranges: Array<[number, number]> = [];
  const matched = new Set<string>();
  let tokens = 0;
  let fullTokens = 0;
  for (const m of norm.matchAll(WORD)) {
    const token = m[0];
    const at = m.index;
    tokens++;
    let len = 0;
    if (q.exact.has(token)) {
      len = token.length;
      matched.add(token);
    }
    const alternative = q.alternatives.get(token);
    if (alternative) {
      len = token.length;
      for (const w of alternative) matched.add(w);
    }
    if (q.last !== null && token.startsWith(q.last)) {
      matched.add(q.last);
      if (len === 0) len = q.last.length;
    }
    if (len === 0) continue;
    if (len === token.length) fullTokens++;
    ranges.push([origStart[at] as number, origEnd[at + len - 1] as number]);
  }
  let value = '';
  let cursor = 0;
  for (const [s, e] of ranges) {
    value += escapeHtml(text.slice(cursor, s)) + pre + escapeHtml(text.slice(s, e)) + post;
    cursor = e;
  }
  value += escapeHtml(text.slice(cursor));
  const unique = [...new Set(q.words)];
  const matchedWords = unique.filter((w) => matched.has(w));
  if (matchedWords.length === 0) return { value, matchLevel: 'none', matchedWords: [] };
  return {
    value,
    matchLevel: matchedWords.length === unique.length ? 'full' : 'partial',
    matchedWords,
    fullyHighlighted: fullTokens === tokens,
  };
}

function highlightValue(value: unknown, q: QueryWords, pre: string, post: string): HighlightTree | undefined {
  if (value === null || value === undefined) return undefined;
  if (Array.isArray(value)) {
    const out: HighlightTree[] = [];
    for (const item of value) {
      const h = highlightValue(item, q, pre, post);
      if (h !== undefined) out.push(h);
    }
    return out;
  }
  if (typeof value === 'object') {
    const out: Record<string, HighlightTree> = {};
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
      const h = highlightValue(v, q, pre, post);
      if (h !== undefined) out[k] = h;
    }
    return out;
  }
  if (typeof value === 'string') return highlightString(value, q, pre, post);
  if (typeof value === 'number') return highlightString(String(value), q, pre, post);
  return { value: escapeHtml(String(value)), matchLevel: 'none', matchedWords: [] };
}

function getPath(record: Record<string, unknown>, path: string): unknown {
  if (Object.prototype.hasOwnProperty.call(record, path)) return record[path];
  let value: unknown = record;
  for (const part of path.split('.')) {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

function setPath(target: Record<string, unknown>, path: string, value: unknown): void {
  const parts = path.split('.');
  let node = target;
  for (const part of parts.slice(0, -1)) {
    const next = node[part];
    if (typeof next !== 'object' || next === null || Array.isArray(next)) node[part] = {};
    node = node[part] as Record<string, unknown>;
  }
  node[parts[parts.length - 1] as string] = value;
}

function retrieve(record: SearchRecord, attributes: string[]): Hit {
  if (attributes.includes('*')) {
    const excluded = new Set(attributes.filter((a) => a.startsWith('-')).map((a) => a.slice(1)));
    const hit: Hit = { objectID: record.objectID };
    for (const [k, v] of Object.entries(record)) if (!excluded.has(k)) hit[k] = v;
    hit.objectID = record.objectID;
    return hit;
  }
  const hit: Hit = { objectID: record.objectID };
  for (const attribute of attributes) {
    const v = getPath(record, attribute);
    if (v !== undefined) setPath(hit, attribute, v);
  }
  hit.objectID = record.objectID;
  return hit;
}

/** One hit: retrieved attributes plus `_highlightResult` for the highlighted ones. */
export function buildHit(record: SearchRecord, params: SearchParams, settings: CompiledSettings, q: QueryWords): Hit {
  const hit = retrieve(record, params.attributesToRetrieve ?? settings.attributesToRetrieve);
  let toHighlight = params.attributesToHighlight ?? settings.attributesToHighlight;
  if (toHighlight === null) {
    toHighlight = settings.searchable === null ? ['*'] : settings.searchable.flatMap((l) => l.paths);
  }
  if (toHighlight.includes('*')) toHighlight = Object.keys(record).filter((k) => k !== 'objectID');
  if (toHighlight.length > 0) {
    const pre = params.highlightPreTag ?? settings.highlightPreTag;
    const post = params.highlightPostTag ?? settings.highlightPostTag;
    const result: Record<string, unknown> = {};
    for (const attribute of toHighlight) {
      const h = highlightValue(getPath(record, attribute), q, pre, post);
      if (h !== undefined) setPath(result, attribute, h);
    }
    hit._highlightResult = result as Record<string, HighlightTree>;
  }
  return hit;
}

export interface ResponseParts {
  indexName: string;
  params: SearchParams;
  window: Window;
  nbHits: number;
  hits: Hit[];
  facets?: Record<string, Record<string, number>>;
  facetsStats?: Record<string, FacetStats>;
  processingTimeMS: number;
}

export function buildResponse(parts: ResponseParts): SearchResponse {
  const { params, window } = parts;
  const response: SearchResponse = {
    hits: parts.hits,
    nbHits: parts.nbHits,
    page: window.page,
    nbPages: window.nbPages,
    hitsPerPage: window.hitsPerPage,
    ...(window.offset !== undefined ? { offset: window.offset, length: window.length } : {}),
    ...(parts.facets !== undefined ? { facets: parts.facets, facets_stats: parts.facetsStats ?? {} } : {}),
    exhaustiveFacetsCount: true,
    exhaustiveNbHits: true,
    exhaustive: { facetsCount: true, nbHits: true },
    query: params.query,
    params: encodeParams(params.raw),
    index: parts.indexName,
    processingTimeMS: parts.processingTimeMS,
    renderingContent: {},
  };
  if (params.clickAnalytics) response.queryID = randomBytes(16).toString('hex');
  if (params.responseFields && !params.responseFields.includes('*')) {
    const keep = new Set(params.responseFields);
    for (const key of Object.keys(response)) if (!keep.has(key)) delete response[key];
  }
  return response;
}

export type { Json };
