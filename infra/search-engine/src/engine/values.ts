/** Reading attribute values from records: dot paths, arrays flattened, null/undefined skipped. */

export type Json = string | number | boolean | null | Json[] | { [key: string]: Json };
export type SearchRecord = { objectID: string } & { [key: string]: Json };
export type Scalar = string | number | boolean;

/** Every scalar reachable at `path` (`location.name`), arrays flattened at any level. */
export function valuesAt(record: unknown, path: string): Scalar[] {
  const out: Scalar[] = [];
  collect(record, path.split('.'), 0, out);
  return out;
}

function collect(value: unknown, parts: string[], i: number, out: Scalar[]): void {
  if (value === null || value === undefined) return;
  if (Array.isArray(value)) {
    for (const item of value) collect(item, parts, i, out);
    return;
  }
  if (i === parts.length) {
    if (typeof value === 'string' || typeof value === 'boolean') out.push(value);
    else if (typeof value === 'number' && Number.isFinite(value)) out.push(value);
    return;
  }
  if (typeof value !== 'object') return;
  const key = parts[i] as string;
  // An attribute whose own name contains a dot wins over the nested path.
  const own = value as Record<string, unknown>;
  if (i === 0 && parts.length > 1 && Object.prototype.hasOwnProperty.call(own, parts.join('.'))) {
    collect(own[parts.join('.')], parts, parts.length, out);
    return;
  }
  collect(own[key], parts, i + 1, out);
}

/** The facet form of a scalar: what the response shows and filters compare against. */
export function facetString(value: Scalar): string {
  return typeof value === 'string' ? value : String(value);
}

/** A fast reader for one path (`valuesAt` with the path split once; plain attributes read directly). */
export function pathReader(path: string): (record: unknown) => Scalar[] {
  if (!path.includes('.')) {
    return (record) => {
      const v = (record as Record<string, unknown>)[path];
      if (typeof v === 'string' || typeof v === 'boolean') return [v];
      if (typeof v === 'number') return Number.isFinite(v) ? [v] : [];
      if (v === null || v === undefined) return [];
      const out: Scalar[] = [];
      collect(v, [path], 1, out);
      return out;
    };
  }
  return (record) => valuesAt(record, path);
}

/** Distinct non-empty facet strings of some values. */
export function distinctFacetStrings(values: Scalar[]): string[] {
  if (values.length === 1) {
    const s = facetString(values[0] as Scalar);
    return s === '' ? [] : [s];
  }
  if (values.length === 0) return [];
  const set = new Set<string>();
  for (const v of values) {
    const s = facetString(v);
    if (s !== '') set.add(s);
  }
  return [...set];
}

/** Distinct facet strings of an attribute (empty strings are not facet values). */
export function facetValuesOf(record: unknown, path: string): string[] {
  const values = valuesAt(record, path);
  if (values.length === 0) return [];
  if (values.length === 1) {
    const s = facetString(values[0] as Scalar);
    return s === '' ? [] : [s];
  }
  const set = new Set<string>();
  for (const v of values) {
    const s = facetString(v);
    if (s !== '') set.add(s);
  }
  return [...set];
}

/** Numeric values of an attribute (numbers only; numeric strings are not numbers, as in Algolia). */
export function numericValuesOf(record: unknown, path: string): number[] {
  const out: number[] = [];
  for (const v of valuesAt(record, path)) if (typeof v === 'number') out.push(v);
  return out;
}

/** Every leaf path of a record (used when `searchableAttributes` is unset). */
export function leafPaths(record: unknown): string[] {
  const out = new Set<string>();
  const walk = (value: unknown, prefix: string): void => {
    if (value === null || value === undefined) return;
    if (Array.isArray(value)) {
      for (const item of value) walk(item, prefix);
      return;
    }
    if (typeof value === 'object') {
      for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
        if (prefix === '' && key === 'objectID') continue;
        walk(child, prefix === '' ? key : `${prefix}.${key}`);
      }
      return;
    }
    if (prefix !== '') out.add(prefix);
  };
  walk(record, '');
  return [...out];
}
