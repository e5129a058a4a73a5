/** Index settings as Algolia stores them, and the compiled form the engine uses. */
import { badRequest } from './errors';
import { tokenize } from './tokenize';

export interface IndexSettings {
  searchableAttributes?: string[] | null;
  attributesForFaceting?: string[];
  customRanking?: string[];
  replicas?: string[];
  attributesToHighlight?: string[];
  attributesToRetrieve?: string[];
  hitsPerPage?: number;
  maxValuesPerFacet?: number;
  highlightPreTag?: string;
  highlightPostTag?: string;
  paginationLimitedTo?: number;
  /** Set on replicas: the primary index's name (read-only). */
  primary?: string;
  /** Anything else Algolia knows (ranking, typoTolerance, ...) is stored and returned as given. */
  [other: string]: unknown;
}

export interface SearchableLevel {
  /** Attributes sharing this priority (`"name,make"` in searchableAttributes). */
  paths: string[];
  position: number;
}

export interface SortCriterion {
  attribute: string;
  desc: boolean;
}

export interface CompiledSettings {
  /** null: every attribute is searchable at the same level. */
  searchable: SearchableLevel[] | null;
  searchableKey: string;
  /** Attributes usable in facet filters (all of attributesForFaceting, plus `_tags`). */
  filterable: Set<string>;
  /** Attributes whose values can be returned as facets (not filterOnly), in declared order. */
  facetable: string[];
  customRanking: SortCriterion[];
  rankingKey: string;
  attributesToHighlight: string[] | null;
  attributesToRetrieve: string[];
  hitsPerPage: number;
  maxValuesPerFacet: number;
  highlightPreTag: string;
  highlightPostTag: string;
  paginationLimitedTo: number;
  /** Typo settings (query parameters may override them, see `typoConfigOf`). */
  typoTolerance: TypoToleranceSetting;
  minWordSizefor1Typo: number;
  minWordSizefor2Typos: number;
  allowTyposOnNumericTokens: boolean;
  disableTypoToleranceOnAttributes: string[];
  disableTypoToleranceOnWords: Set<string>;
}

export type TypoToleranceSetting = boolean | 'min' | 'strict';

/** `typoTolerance` as Algolia accepts it: a boolean, or `'true'`, `'false'`, `'min'`, `'strict'`. */
export function parseTypoTolerance(value: unknown, name = 'typoTolerance'): TypoToleranceSetting | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'boolean') return value;
  if (value === 'true' || value === 'false') return value === 'true';
  if (value === 'min' || value === 'strict') return value;
  throw badRequest(`${name}: expected true, false, 'min' or 'strict'`);
}

const MODIFIER = /^(unordered|searchable|filterOnly|afterDistinct)\((.*)\)$/;

function stringList(value: unknown, name: string): string[] | undefined {
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value) || value.some((v) => typeof v !== 'string'))
    throw badRequest(`${name}: expected an array of strings`);
  return value as string[];
}

function intSetting(value: unknown, name: string, min: number, max: number): number | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw badRequest(`${name}: expected an integer between ${min} and ${max}`);
  }
  return value;
}

/** Validates what a client sends to `setSettings` (400 on wrong types). */
export function validateSettings(raw: unknown): IndexSettings {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
    throw badRequest('settings: expected a JSON object');
  const settings = raw as Record<string, unknown>;
  for (const key of [
    'attributesForFaceting',
    'customRanking',
    'replicas',
    'attributesToHighlight',
    'attributesToRetrieve',
    'ranking',
  ]) {
    stringList(settings[key], key);
  }
  if (settings.searchableAttributes !== null) stringList(settings.searchableAttributes, 'searchableAttributes');
  intSetting(settings.hitsPerPage, 'hitsPerPage', 0, 1000);
  intSetting(settings.maxValuesPerFacet, 'maxValuesPerFacet', 0, 1000);
  intSetting(settings.paginationLimitedTo, 'paginationLimitedTo', 0, 20000);
  intSetting(settings.minWordSizefor1Typo, 'minWordSizefor1Typo', 1, 1000);
  intSetting(settings.minWordSizefor2Typos, 'minWordSizefor2Typos', 1, 1000);
  parseTypoTolerance(settings.typoTolerance);
  stringList(settings.disableTypoToleranceOnAttributes, 'disableTypoToleranceOnAttributes');
  stringList(settings.disableTypoToleranceOnWords, 'disableTypoToleranceOnWords');
  if (settings.allowTyposOnNumericTokens !== undefined && typeof settings.allowTyposOnNumericTokens !== 'boolean') {
    throw badRequest('allowTyposOnNumericTokens: expected a boolean');
  }
  for (const key of ['highlightPreTag', 'highlightPostTag']) {
    if (settings[key] !== undefined && typeof settings[key] !== 'string') throw badRequest(`${key}: expected a string`);
  }
  for (const c of (settings.customRanking as string[] | undefined) ?? []) parseSortCriterion(c);
  return settings as IndexSettings;
}

export function parseSortCriterion(text: string): SortCriterion {
  const match = /^(asc|desc)\((.+)\)$/.exec(text.trim());
  if (!match) throw badRequest(`customRanking: expected 'asc(attribute)' or 'desc(attribute)', got '${text}'`);
  return { attribute: match[2] as string, desc: match[1] === 'desc' };
}

/** Strips `searchable(...)`, `filterOnly(...)`, `afterDistinct(...)`, `unordered(...)`, nested or not. */
export function stripModifiers(text: string): { name: string; modifiers: Set<string> } {
  const modifiers = new Set<string>();
  let name = text.trim();
  for (let m = MODIFIER.exec(name); m; m = MODIFIER.exec(name)) {
    modifiers.add(m[1] as string);
    name = (m[2] as string).trim();
  }
  return { name, modifiers };
}

export function compileSettings(settings: IndexSettings): CompiledSettings {
  const searchableRaw = settings.searchableAttributes;
  const searchable =
    searchableRaw === undefined || searchableRaw === null
      ? null
      : searchableRaw.map((entry, position) => ({
          position,
          paths: entry
            .split(',')
            .map((p) => stripModifiers(p).name)
            .filter((p) => p !== ''),
        }));
  const filterable = new Set<string>(['_tags']);
  const facetable: string[] = [];
  for (const entry of settings.attributesForFaceting ?? []) {
    const { name, modifiers } = stripModifiers(entry);
    filterable.add(name);
    if (!modifiers.has('filterOnly')) facetable.push(name);
  }
  const customRanking = (settings.customRanking ?? []).map(parseSortCriterion);
  return {
    searchable,
    searchableKey: searchable === null ? '*' : JSON.stringify(searchable.map((l) => l.paths)),
    filterable,
    facetable,
    customRanking,
    rankingKey: JSON.stringify(customRanking),
    attributesToHighlight: settings.attributesToHighlight ?? null,
    attributesToRetrieve: settings.attributesToRetrieve ?? ['*'],
    hitsPerPage: settings.hitsPerPage ?? 20,
    maxValuesPerFacet: settings.maxValuesPerFacet ?? 100,
    highlightPreTag: settings.highlightPreTag ?? '<em>',
    highlightPostTag: settings.highlightPostTag ?? '</em>',
    paginationLimitedTo: settings.paginationLimitedTo ?? 1000,
    typoTolerance: parseTypoTolerance(settings.typoTolerance) ?? true,
    minWordSizefor1Typo: (settings.minWordSizefor1Typo as number | undefined) ?? 4,
    minWordSizefor2Typos: (settings.minWordSizefor2Typos as number | undefined) ?? 8,
    // Algolia's default is true; numbers here are years, prices and stock numbers, where a typo
    // finds a different car (the issue asks for no typo on numbers-only words).
    allowTyposOnNumericTokens: (settings.allowTyposOnNumericTokens as boolean | undefined) ?? false,
    disableTypoToleranceOnAttributes: (settings.disableTypoToleranceOnAttributes as string[] | undefined) ?? [],
    disableTypoToleranceOnWords: new Set(
      ((settings.disableTypoToleranceOnWords as string[] | undefined) ?? []).flatMap((w) => tokenize(w)),
    ),
  };
}
