import { rememberSearch, type HistoryEntry } from './lists';

/**
 * The shopper's recent searches on this site (finance spec §9), kept in this browser only (per
 * site, nothing sent anywhere). Read and written here, without InstantSearch: the results page
 * records the search it shows before its search code has loaded (see search-page.tsx), and the
 * filter panel lists them once it has.
 */
const storageKey = (tenant: string) => `forecourt:search-history:${tenant}`;

export function readHistory(tenant: string): HistoryEntry[] {
  try {
    const raw: unknown = JSON.parse(window.localStorage.getItem(storageKey(tenant)) ?? '[]');
    return Array.isArray(raw)
      ? raw.filter(
          (e): e is HistoryEntry =>
            typeof e?.label === 'string' && typeof e?.path === 'string' && e.path.startsWith('/'),
        )
      : [];
  } catch {
    return [];
  }
}

/** Puts a search first in the site's history (once per path) and gives the history as it now is. */
export function recordSearch(tenant: string, entry: HistoryEntry): HistoryEntry[] {
  const next = rememberSearch(readHistory(tenant), entry);
  try {
    window.localStorage.setItem(storageKey(tenant), JSON.stringify(next));
  } catch {
    // Storage full or blocked (private mode): the history is a convenience, the search still works.
  }
  return next;
}

/** The part of a search's state its name in the history is made from. */
export interface DescribedSearch {
  query?: string;
  refinementList?: Record<string, string[]>;
  range?: Record<string, string>;
}

/** What a search is called in the history: the page's heading, then the query and filters. */
export function describeSearch(heading: string, ui: DescribedSearch): string {
  const parts = [heading];
  if (ui.query) parts.push(`“${ui.query}”`);
  for (const values of Object.values(ui.refinementList ?? {})) if (values.length) parts.push(values.join(', '));
  if (ui.range?.price) parts.push(`price ${ui.range.price.replace(':', ' to ')}`);
  return parts.join(' · ');
}
