import { css } from '@emotion/react';
import { useTenant } from '@forecourt/shared-config';
import { useEffect, useState } from 'react';
import { useInstantSearch } from 'react-instantsearch-core';
import { rememberSearch, type HistoryEntry } from '../../../lib/lists';

const storageKey = (tenant: string) => `forecourt:search-history:${tenant}`;

function readHistory(tenant: string): HistoryEntry[] {
  try {
    const raw: unknown = JSON.parse(window.localStorage.getItem(storageKey(tenant)) ?? '[]');
    return Array.isArray(raw) ? raw.filter((e): e is HistoryEntry => typeof e?.label === 'string' && typeof e?.path === 'string' && e.path.startsWith('/')) : [];
  } catch {
    return [];
  }
}

/** What a search is called in the history: the page's heading, then the query and filters. */
function describe(heading: string, ui: { query?: string; refinementList?: Record<string, string[]>; range?: Record<string, string> }): string {
  const parts = [heading];
  if (ui.query) parts.push(`“${ui.query}”`);
  for (const values of Object.values(ui.refinementList ?? {})) if (values.length) parts.push(values.join(', '));
  if (ui.range?.price) parts.push(`price ${ui.range.price.replace(':', ' to ')}`);
  return parts.join(' · ');
}

/**
 * Recent searches (finance spec §9): the last 5 searches of this site with their paths, kept in
 * this browser only (per site, nothing sent anywhere), newest first; the current one is not listed.
 */
export function SearchHistory({ heading }: { heading: string }) {
  const { slug } = useTenant();
  const { indexUiState, status } = useInstantSearch();
  const [history, setHistory] = useState<HistoryEntry[]>(() => readHistory(slug));
  const path = typeof window === 'undefined' ? '' : `${window.location.pathname}${window.location.search}`;
  const label = describe(heading, indexUiState);
  useEffect(() => {
    if (status !== 'idle') return;
    const next = rememberSearch(readHistory(slug), { label, path });
    try {
      window.localStorage.setItem(storageKey(slug), JSON.stringify(next));
    } catch {
      // Storage full or blocked (private mode): the history is a convenience, the search still works.
    }
    setHistory(next);
  }, [slug, label, path, status]);
  const others = history.filter((h) => h.path !== path);
  if (others.length === 0) return null;
  return (
    <nav aria-label="Recent searches">
      <h2 css={{ fontSize: '1rem', margin: '0 0 0.5rem' }}>Recent searches</h2>
      <ul css={css`list-style: none; margin: 0; padding: 0; display: grid; gap: 0.35rem; font-size: 0.9rem;`}>
        {others.map((h) => (
          <li key={h.path}>
            <a href={h.path}>{h.label}</a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
