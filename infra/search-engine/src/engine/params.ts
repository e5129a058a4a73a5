/**
 * Search parameters as the Algolia clients send them: flat JSON fields, or one URL-encoded
 * `params` string (values there are strings; arrays are JSON). Unknown parameters are ignored
 * (Algolia answers 400 for unknown ones; InstantSearch sends many we do not need).
 */
import { textProblem } from '@forecourt/runtime/text';
import { badRequest } from './errors';
import { parseTypoTolerance, type TypoToleranceSetting } from './settings';
import { tokenize } from './tokenize';

/**
 * How long a query may be. `bytes`: Algolia's own limit ('Query strings can be up to 512 bytes
 * long'), in UTF-8 bytes as Algolia counts them. `words`: ours. A car search names a make, a model,
 * a badge, a year, a colour, a body, a fuel and a place: under ten words; every query word is
 * required, and the cost of ranking grows with the square of the number of words (each word can
 * add two typos to the typo buckets), so past 16 words a query costs more and can only find less.
 */
export const QUERY_LIMITS = { bytes: 512, words: 16 } as const;

export interface SearchParams {
  query: string;
  filters?: string;
  facetFilters?: unknown;
  numericFilters?: unknown;
  tagFilters?: unknown;
  facets?: string[];
  maxValuesPerFacet?: number;
  hitsPerPage?: number;
  page?: number;
  offset?: number;
  length?: number;
  attributesToRetrieve?: string[];
  attributesToHighlight?: string[];
  highlightPreTag?: string;
  highlightPostTag?: string;
  analytics?: boolean;
  clickAnalytics?: boolean;
  getRankingInfo?: boolean;
  responseFields?: string[];
  distinct?: boolean | number;
  typoTolerance?: TypoToleranceSetting;
  minWordSizefor1Typo?: number;
  minWordSizefor2Typos?: number;
  allowTyposOnNumericTokens?: boolean;
  disableTypoToleranceOnAttributes?: string[];
  /** The parameters as received, for the response's `params` string. */
  raw: Record<string, unknown>;
}

/** Decodes a `params` string (`query=a&hitsPerPage=2&facets=%5B%22make%22%5D`). */
export function decodeParamsString(text: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    // The body was checked as JSON; what the params string decodes to (`%00`) is checked here.
    const problem = textProblem(key) ?? textProblem(value);
    if (problem)
      throw badRequest(`params: ${textProblem(key) ? `every parameter name ${problem}` : `${key} ${problem}`}`);
    out[key] = value;
  }
  return out;
}

/** The `params` string of a response: each parameter URL-encoded, arrays and objects as JSON. */
export function encodeParams(raw: Record<string, unknown>): string {
  return Object.entries(raw)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(typeof v === 'string' ? v : JSON.stringify(v))}`)
    .join('&');
}

function int(raw: Record<string, unknown>, key: string, min: number, max: number): number | undefined {
  let value = raw[key];
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value === 'string') value = Number(value);
  if (typeof value !== 'number' || !Number.isInteger(value)) throw badRequest(`${key}: expected an integer`);
  if (value < min || value > max) throw badRequest(`${key}: must be between ${min} and ${max}, got ${value}`);
  return value;
}

function bool(raw: Record<string, unknown>, key: string): boolean | undefined {
  const value = raw[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'boolean') return value;
  if (value === 'true' || value === '1') return true;
  if (value === 'false' || value === '0' || value === '') return false;
  if (typeof value === 'number') return value !== 0;
  throw badRequest(`${key}: expected a boolean`);
}

function list(raw: Record<string, unknown>, key: string): string[] | undefined {
  let value = raw[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string') {
    const trimmed = value.trim();
    if (trimmed.startsWith('[')) {
      try {
        value = JSON.parse(trimmed);
      } catch {
        throw badRequest(`${key}: invalid JSON array`);
      }
    } else {
      return trimmed === '' ? [] : trimmed.split(',').map((s) => s.trim());
    }
  }
  if (!Array.isArray(value) || value.some((v) => typeof v !== 'string'))
    throw badRequest(`${key}: expected an array of strings`);
  return value as string[];
}

function str(raw: Record<string, unknown>, key: string): string | undefined {
  const value = raw[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw badRequest(`${key}: expected a string`);
  return value;
}

/** Validates and normalises; `raw` may hold a `params` string, whose values flat fields override. */
export function normalizeParams(input: Record<string, unknown>): SearchParams {
  const { params, indexName: _indexName, type: _type, ...flat } = input;
  let raw: Record<string, unknown> = flat;
  if (params !== undefined) {
    if (typeof params !== 'string') throw badRequest('params: expected a URL-encoded string');
    raw = { ...decodeParamsString(params), ...flat };
  }
  const query = raw.query ?? '';
  if (typeof query !== 'string') throw badRequest('query: expected a string');
  // Checked before anything reads the words: the cost of a search grows with its query.
  const bytes = Buffer.byteLength(query, 'utf8');
  if (bytes > QUERY_LIMITS.bytes)
    throw badRequest(`query: must be at most ${QUERY_LIMITS.bytes} bytes long, got ${bytes}`);
  const words = tokenize(query).length;
  if (words > QUERY_LIMITS.words)
    throw badRequest(`query: must have at most ${QUERY_LIMITS.words} words, got ${words}`);
  const distinct = raw.distinct;
  return {
    query,
    filters: str(raw, 'filters'),
    facetFilters: raw.facetFilters,
    numericFilters: raw.numericFilters,
    tagFilters: raw.tagFilters,
    facets: list(raw, 'facets'),
    maxValuesPerFacet: int(raw, 'maxValuesPerFacet', 0, 1000),
    hitsPerPage: int(raw, 'hitsPerPage', 0, 1000),
    page: int(raw, 'page', 0, Number.MAX_SAFE_INTEGER),
    offset: int(raw, 'offset', 0, Number.MAX_SAFE_INTEGER),
    length: int(raw, 'length', 0, 1000),
    attributesToRetrieve: list(raw, 'attributesToRetrieve'),
    attributesToHighlight: list(raw, 'attributesToHighlight'),
    highlightPreTag: str(raw, 'highlightPreTag'),
    highlightPostTag: str(raw, 'highlightPostTag'),
    analytics: bool(raw, 'analytics'),
    clickAnalytics: bool(raw, 'clickAnalytics'),
    getRankingInfo: bool(raw, 'getRankingInfo'),
    responseFields: list(raw, 'responseFields'),
    distinct: typeof distinct === 'number' ? distinct : bool(raw, 'distinct'),
    typoTolerance: parseTypoTolerance(raw.typoTolerance),
    minWordSizefor1Typo: int(raw, 'minWordSizefor1Typo', 1, 1000),
    minWordSizefor2Typos: int(raw, 'minWordSizefor2Typos', 1, 1000),
    allowTyposOnNumericTokens: bool(raw, 'allowTyposOnNumericTokens'),
    disableTypoToleranceOnAttributes: list(raw, 'disableTypoToleranceOnAttributes'),
    raw,
  };
}
