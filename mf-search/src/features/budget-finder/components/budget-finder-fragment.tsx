import { css } from '@emotion/react';
import { paths, SURFACE, useSearchAccess, useTenant } from '@forecourt/shared-config';
import { useEffect, useId, useMemo, useState } from 'react';
import { budgetFilter, budgetSearchPath } from '../../../lib/budget';
import { routeScope } from '../../results/lib/route-scope';
import { createSearchClient } from '../../results/lib/search-client';
import { BudgetForm } from './budget-form';

export interface BudgetFinderProps {
  /** The results page the budget leads to, and whose stock it prices: the site's default search when absent. */
  path?: string;
}

type Prices = { min?: number; max?: number };

/**
 * `mf_search/BudgetFinder`: the budget finder for other teams' pages (the finance page shows it).
 * It asks the search service once for the cheapest and dearest car above $1,000 in the stock of
 * `path`, and 'View {type}s In This Range' goes to that results page priced up to the budget.
 * If the service cannot answer, the finder still works: every budget may look, up to $100,000
 * (the spec's fallback maximum).
 */
export default function BudgetFinder({ path = paths.search() }: BudgetFinderProps) {
  const tenant = useTenant();
  const access = useSearchAccess();
  const client = useMemo(() => createSearchClient(access, window.location), [access]);
  const headingId = useId();
  const [prices, setPrices] = useState<Prices>({});
  const filters = budgetFilter(routeScope(path, tenant.search.itemNoun, tenant.search.carTypes).filters);
  useEffect(() => {
    let cancelled = false;
    client
      .search<Record<string, unknown>>({
        requests: [{ indexName: access.indexName, hitsPerPage: 0, facets: ['price'], filters }],
      })
      .then(({ results: [result] }) => {
        const stats = result && 'facets_stats' in result ? result.facets_stats?.['price'] : undefined;
        if (!cancelled && stats) setPrices({ min: stats.min, max: stats.max });
      })
      .catch((error: unknown) => console.warn('[mf-search] the budget finder could not read prices', error));
    return () => {
      cancelled = true;
    };
  }, [client, access.indexName, filters]);
  return (
    <section
      data-boundary="mf-search"
      aria-labelledby={headingId}
      css={css`
        padding: 1rem 1.25rem;
        border: 1px solid ${SURFACE.border};
        border-radius: ${SURFACE.radius};
      `}
    >
      <h2 id={headingId} css={{ fontSize: '1.125rem', margin: '0 0 0.75rem' }}>
        {`Find ${tenant.search.itemNoun}s for your budget`}
      </h2>
      <BudgetForm prices={prices} action={{ kind: 'link', href: (maxPrice) => budgetSearchPath(path, maxPrice) }} />
    </section>
  );
}
