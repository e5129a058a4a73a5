/**
 * An index's synonyms as Algolia's synonyms API stores them, and the lookup the query side uses.
 *
 * - `synonym` (regular, multi-way): every phrase of `synonyms` stands for every other.
 * - `onewaysynonym`: the `input` phrase also finds its `synonyms`, not the other way round.
 * - `altcorrection1`, `altcorrection2` and `placeholder` are stored and returned but not applied.
 *
 * Phrases are normalised as query text is (`Mercedes-Benz` is the two words `mercedes benz`); a
 * query matches a phrase on whole words, so `pick` does not bring in `ute` while `pickup` does.
 */
import { badRequest } from './errors';
import { tokenize } from './tokenize';

export interface SynonymHit {
  objectID: string;
  type: string;
  synonyms?: string[];
  input?: string;
  word?: string;
  corrections?: string[];
  placeholder?: string;
  replacements?: string[];
  [other: string]: unknown;
}

const TYPES = new Set([
  'synonym',
  'onewaysynonym',
  'altcorrection1',
  'altcorrection2',
  'placeholder',
  'oneWaySynonym',
  'altCorrection1',
  'altCorrection2',
]);

function strings(value: unknown, name: string): string[] | undefined {
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value) || value.some((v) => typeof v !== 'string'))
    throw badRequest(`${name}: expected an array of strings`);
  return value as string[];
}

/** Checks one synonym object as the API receives it (400 naming the field). */
export function validateSynonym(raw: unknown, where = 'synonym'): SynonymHit {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
    throw badRequest(`${where}: expected a JSON object`);
  const hit = raw as Record<string, unknown>;
  if (typeof hit.objectID !== 'string' || hit.objectID === '')
    throw badRequest(`${where}.objectID: must be a non-empty string`);
  if (typeof hit.type !== 'string' || !TYPES.has(hit.type)) {
    throw badRequest(
      `${where}.type: expected one of synonym, onewaysynonym, altcorrection1, altcorrection2, placeholder`,
    );
  }
  const type = hit.type.toLowerCase();
  const synonyms = strings(hit.synonyms, `${where}.synonyms`);
  strings(hit.corrections, `${where}.corrections`);
  strings(hit.replacements, `${where}.replacements`);
  if (type === 'synonym' && (!synonyms || synonyms.length < 2))
    throw badRequest(`${where}.synonyms: a synonym needs at least two phrases`);
  if (type === 'onewaysynonym') {
    if (typeof hit.input !== 'string' || tokenize(hit.input).length === 0)
      throw badRequest(`${where}.input: expected a non-empty string`);
    if (!synonyms || synonyms.length === 0)
      throw badRequest(`${where}.synonyms: a one-way synonym needs at least one phrase`);
  }
  return { ...hit, objectID: hit.objectID, type: hit.type } as SynonymHit;
}

/** Phrase (normalised words joined by a space) -> the phrases it also finds (as word lists). */
export type SynonymLookup = ReadonlyMap<string, ReadonlyArray<readonly string[]>>;

export class SynonymSet {
  private readonly hits = new Map<string, SynonymHit>();
  private compiled: { lookup: SynonymLookup; longest: number } | null = null;
  /** Bumped by every change (part of the search cache's key). */
  version = 0;

  get size(): number {
    return this.hits.size;
  }

  all(): SynonymHit[] {
    return [...this.hits.values()];
  }

  get(objectID: string): SynonymHit | undefined {
    return this.hits.get(objectID);
  }

  save(hit: SynonymHit): void {
    this.hits.set(hit.objectID, hit);
    this.compiled = null;
    this.version++;
  }

  delete(objectID: string): boolean {
    this.compiled = null;
    this.version++;
    return this.hits.delete(objectID);
  }

  clear(): void {
    this.hits.clear();
    this.compiled = null;
    this.version++;
  }

  copy(): SynonymSet {
    const out = new SynonymSet();
    for (const hit of this.hits.values()) out.save(hit);
    return out;
  }

  /** The phrase lookup and the longest phrase (in words) a query must be scanned for. */
  lookup(): { lookup: SynonymLookup; longest: number } {
    if (this.compiled) return this.compiled;
    const lookup = new Map<string, string[][]>();
    let longest = 0;
    const add = (from: string[], to: string[]): void => {
      if (from.length === 0 || to.length === 0 || from.join(' ') === to.join(' ')) return;
      const key = from.join(' ');
      const list = lookup.get(key) ?? [];
      if (!list.some((p) => p.join(' ') === to.join(' '))) list.push(to);
      lookup.set(key, list);
      longest = Math.max(longest, from.length);
    };
    for (const hit of this.hits.values()) {
      const type = hit.type.toLowerCase();
      const phrases = (hit.synonyms ?? []).map((s) => tokenize(s));
      if (type === 'synonym') for (const from of phrases) for (const to of phrases) add(from, to);
      else if (type === 'onewaysynonym') for (const to of phrases) add(tokenize(hit.input ?? ''), to);
    }
    this.compiled = { lookup, longest };
    return this.compiled;
  }

  /**
   * Synonyms search: hits whose objectID or phrases contain every query word (as a prefix of a
   * word), optionally of one type, paged (`hitsPerPage` default 100).
   */
  search(params: Record<string, unknown>): { hits: SynonymHit[]; nbHits: number } {
    const query = params.query ?? '';
    if (typeof query !== 'string') throw badRequest('query: expected a string');
    const type = params.type;
    if (type !== undefined && (typeof type !== 'string' || !TYPES.has(type)))
      throw badRequest('type: expected a synonym type');
    const page = params.page ?? 0;
    const hitsPerPage = params.hitsPerPage ?? 100;
    if (typeof page !== 'number' || !Number.isInteger(page) || page < 0)
      throw badRequest('page: expected a non-negative integer');
    if (typeof hitsPerPage !== 'number' || !Number.isInteger(hitsPerPage) || hitsPerPage < 1 || hitsPerPage > 1000) {
      throw badRequest('hitsPerPage: expected an integer between 1 and 1000');
    }
    const words = tokenize(query);
    const matching = [...this.hits.values()]
      .filter((hit) => type === undefined || hit.type.toLowerCase() === (type as string).toLowerCase())
      .filter((hit) => {
        const text = new Set(
          tokenize(
            [hit.objectID, hit.input ?? '', hit.word ?? '', ...(hit.synonyms ?? []), ...(hit.corrections ?? [])].join(
              ' ',
            ),
          ),
        );
        return words.every((w) => [...text].some((t) => t.startsWith(w)));
      })
      .sort((a, b) => (a.objectID < b.objectID ? -1 : a.objectID > b.objectID ? 1 : 0));
    return { hits: matching.slice(page * hitsPerPage, (page + 1) * hitsPerPage), nbHits: matching.length };
  }
}
