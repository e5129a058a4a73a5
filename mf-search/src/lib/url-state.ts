/**
 * The search state in the address bar, both ways. Spec (search-and-vehicle §2, §4): parameters
 * `query`, `page`, `sortBy`, and one parameter per filter attribute; ranges are 'min:max' (either
 * side may be empty); a filter or query change clears the page. Several values of one attribute
 * share its parameter, comma-separated, each value percent-encoded so a comma inside a value
 * survives (`make=Land%20Rover,Mazda`).
 */
export interface SearchState {
  query: string;
  /** 1-based, as shoppers read it; absent for the first page. */
  page?: number;
  sortBy?: string;
  refinements: Record<string, string[]>;
  ranges: Record<string, { min?: number; max?: number }>;
}

export const EMPTY_STATE: SearchState = { query: '', refinements: {}, ranges: {} };
const RESERVED = new Set(['query', 'page', 'sortBy']);

/** Parameters the page passes through untouched (analytics and marketing tags, car_id). */
const IGNORED = /^(utm_|gclid$|fbclid$|car_id$)/;

export function stateToQueryString(state: SearchState, rangeAttributes: ReadonlySet<string>): string {
  const parts: string[] = [];
  const add = (name: string, value: string) => parts.push(`${encodeURIComponent(name)}=${value}`);
  if (state.query !== '') add('query', encodeURIComponent(state.query));
  for (const [attribute, values] of Object.entries(state.refinements).sort(([a], [b]) => a.localeCompare(b))) {
    if (values.length > 0 && !rangeAttributes.has(attribute)) add(attribute, values.map(encodeURIComponent).join(','));
  }
  for (const [attribute, range] of Object.entries(state.ranges).sort(([a], [b]) => a.localeCompare(b))) {
    if (range.min !== undefined || range.max !== undefined) add(attribute, `${range.min ?? ''}:${range.max ?? ''}`);
  }
  if (state.sortBy) add('sortBy', encodeURIComponent(state.sortBy));
  if (state.page !== undefined && state.page > 1) add('page', String(state.page));
  return parts.length ? `?${parts.join('&')}` : '';
}

function rangeBound(text: string): number | undefined {
  if (text === '') return undefined;
  const value = Number(text);
  return Number.isFinite(value) ? value : undefined;
}

/**
 * Reads the address bar. Unknown attributes are ignored, so an old bookmark never breaks the page;
 * a page that is not a whole number above 1 is the first page.
 */
export function queryStringToState(
  search: string,
  attributes: { refinements: ReadonlySet<string>; ranges: ReadonlySet<string> },
): SearchState {
  const state: SearchState = { query: '', refinements: {}, ranges: {} };
  for (const part of search.replace(/^\?/, '').split('&')) {
    if (part === '') continue;
    const eq = part.indexOf('=');
    const name = safeDecode(eq === -1 ? part : part.slice(0, eq));
    const raw = eq === -1 ? '' : part.slice(eq + 1).replace(/\+/g, '%20');
    if (name === null || IGNORED.test(name)) continue;
    if (name === 'query') state.query = safeDecode(raw) ?? '';
    else if (name === 'sortBy') state.sortBy = safeDecode(raw) ?? undefined;
    else if (name === 'page') {
      const page = Number(raw);
      if (Number.isInteger(page) && page > 1) state.page = page;
    } else if (!RESERVED.has(name) && attributes.ranges.has(name)) {
      const [min = '', max = ''] = raw.split(':');
      const range = { min: rangeBound(min), max: rangeBound(max) };
      if (range.min !== undefined || range.max !== undefined) state.ranges[name] = range;
    } else if (attributes.refinements.has(name)) {
      const values = raw
        .split(',')
        .map(safeDecode)
        .filter((v): v is string => v !== null && v !== '');
      if (values.length > 0) state.refinements[name] = values;
    }
  }
  return state;
}

function safeDecode(text: string): string | null {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}

/** The state after the shopper changes the query or a filter: the page is cleared. */
export function withChange(
  state: SearchState,
  change: Partial<Pick<SearchState, 'query' | 'refinements' | 'ranges' | 'sortBy'>>,
): SearchState {
  const { page: _page, ...rest } = state;
  return { ...rest, ...change };
}
