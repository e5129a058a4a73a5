/**
 * Text normalisation shared by indexing, querying and highlighting: lower-case, diacritics
 * stripped (NFD, combining marks removed), split on anything that is not a letter or digit.
 */
const MARKS = /\p{M}+/gu;
const SEPARATORS = /[^\p{L}\p{N}]+/u;

export function normalizeText(text: string): string {
  return text.normalize('NFD').replace(MARKS, '').toLowerCase();
}

export function tokenize(text: string): string[] {
  const out: string[] = [];
  for (const part of normalizeText(text).split(SEPARATORS)) if (part !== '') out.push(part);
  return out;
}

/** Tokens of a value as indexed for text search: strings and numbers (as in Algolia), not booleans. */
export function tokensOfScalar(value: string | number | boolean): string[] {
  if (typeof value === 'boolean') return [];
  return tokenize(typeof value === 'number' ? String(value) : value);
}
