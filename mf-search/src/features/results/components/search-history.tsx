import { css } from '@emotion/react';
import { useTenant } from '@forecourt/shared-config';
import { useEffect, useState } from 'react';
import { useInstantSearch } from 'react-instantsearch-core';
import type { HistoryEntry } from '../../../lib/lists';
import { describeSearch, readHistory, recordSearch } from '../../../lib/search-history';

/**
 * Recent searches (finance spec §9): the last 5 searches of this site with their paths, kept in
 * this browser only (per site, nothing sent anywhere), newest first; the current one is not listed.
 */
export function SearchHistory({ heading }: { heading: string }) {
  const { slug } = useTenant();
  const { indexUiState, status } = useInstantSearch();
  const [history, setHistory] = useState<HistoryEntry[]>(() => readHistory(slug));
  const path = typeof window === 'undefined' ? '' : `${window.location.pathname}${window.location.search}`;
  const label = describeSearch(heading, indexUiState);
  useEffect(() => {
    if (status !== 'idle') return;
    setHistory(recordSearch(slug, { label, path }));
  }, [slug, label, path, status]);
  const others = history.filter((h) => h.path !== path);
  if (others.length === 0) return null;
  return (
    <nav aria-label="Recent searches">
      <h2 css={{ fontSize: '1rem', margin: '0 0 0.5rem' }}>Recent searches</h2>
      <ul
        css={css`
          list-style: none;
          margin: 0;
          padding: 0;
          display: grid;
          gap: 0.35rem;
          font-size: 0.9rem;
        `}
      >
        {others.map((h) => (
          <li key={h.path}>
            <a href={h.path}>{h.label}</a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
