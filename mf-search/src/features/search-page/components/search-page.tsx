import { css } from '@emotion/react';
import {
  forecourtStore,
  paths,
  searchAccessAtom,
  SURFACE,
  useCompareList,
  useFavourites,
  useFirstPaintIntent,
  useSession,
  useTenant,
} from '@forecourt/shared-config';
import { useAtomValue } from 'jotai';
import { lazy, Suspense, useEffect, useState, type ComponentType } from 'react';
import { useLocation, useSearchParams } from '@forecourt/shared-config/router';
import SearchBox from '../../search-box/components/search-box';
import { searchBreadcrumb } from '../lib/breadcrumb';
import { BreadcrumbNav } from './breadcrumb-nav';
import { searchHeading } from '../lib/search-heading';
import { useFirstPaintData } from '../../../app/first-paint';
import { describeSearch, readHistory, recordSearch } from '../../../lib/search-history';
import { FILTER_COLUMN_MEDIA } from '../../../lib/filter-column';
import { fromQueryString, searchStateToUi } from '../../results/lib/routing';

// The results (InstantSearch, the search client, the slider) load only on search pages, so the
// home page, which this remote also serves, does not download them.
const LazyResults = lazy(() => import('../../results/components/results').then((m) => ({ default: m.Results })));

const CONDITION_LABELS = { new: 'New', used: 'Used', demo: 'Demo' } as const;

/**
 * Where a condition link goes: that condition's search, or on the special offers page, the
 * offers of that condition (the links used to leave the offers for all stock of the condition).
 */
function conditionHref(pathname: string, type: keyof typeof CONDITION_LABELS): string {
  return pathname === paths.specialOffers() ? `${paths.specialOffers()}?car_type=${type}` : paths.search(type);
}

export interface SearchPageProps {
  /** The results component; the server's first paint passes it directly (it cannot wait for a chunk). */
  Results?: ComponentType<{ pathname: string; heading: string }>;
}

/**
 * Whether the results take over from the server's first paint at once, or when the shopper is
 * about to use them. The results' code (InstantSearch, the search client, the filters: about
 * 50 KB as sent) is most of what the page would load; a shopper who reads the first results and
 * follows a card's link never needs it, and the page's first load stays within its budget
 * (e2e/page-budgets.json). The server's first paint is the page until then: its links work, and
 * a filter ticked or a sort chosen in it is noted and replayed at the hand-over (shared-config's
 * first-paint.ts), which starts at the first sign of use (a press, a touch, a key, the pointer
 * on a control).
 *
 * At once, when the page holds something of the shopper's own that the server did not paint
 * (it paints the page as anyone would see it): favourites or cars to compare (the cards' marks
 * and the saved-cars bar), a signed-in watchlist (the cards' SAVED), or earlier searches (the
 * recent-searches list, where the filters stand beside the results). Such a shopper has been here
 * before, with the code mostly in the cache.
 */
function useResultsNow(pathname: string, painted: boolean): boolean {
  const { slug, search } = useTenant();
  const favourites = useFavourites();
  const compare = useCompareList();
  const session = useSession();
  // Listed in the filter column, which a phone keeps closed until the shopper opens it (and so wakes the results).
  const [earlierSearches] = useState(
    () =>
      typeof window !== 'undefined' &&
      window.matchMedia?.(FILTER_COLUMN_MEDIA).matches !== false &&
      readHistory(slug).some((entry) => entry.path !== `${pathname}${window.location.search}`),
  );
  const personal =
    (search.favourites && favourites.length > 0) ||
    (search.compare && compare.length > 0) ||
    session.status === 'signed-in' ||
    earlierSearches;
  return useFirstPaintIntent('mf-search', !painted || personal);
}

export function SearchPage({ Results = LazyResults }: SearchPageProps) {
  const tenant = useTenant();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const query = params.get('query') ?? '';
  const heading = searchHeading(pathname, tenant.search.itemNoun, tenant.search.carTypes);
  // Every page the server renders carries search access; without it (a page served while the
  // search service was down) the plain search form still works, and says why there are no cards.
  const access = useAtomValue(searchAccessAtom, { store: forecourtStore });
  const painted = useFirstPaintData('results') !== undefined;
  const resultsNow = useResultsNow(pathname, painted);
  // The search shown counts as a recent search whether or not the shopper goes on to use its
  // filters (the results record it themselves once they run).
  useEffect(() => {
    if (resultsNow || !access) return;
    const path = `${window.location.pathname}${window.location.search}`;
    recordSearch(tenant.slug, {
      label: describeSearch(heading, searchStateToUi(fromQueryString(window.location.search))),
      path,
    });
  }, [resultsNow, access, tenant.slug, heading]);
  return (
    <section
      css={css`
        label: mf-search-page;
        max-width: 72rem;
        margin: 0 auto;
        padding: 1.5rem;
      `}
    >
      <BreadcrumbNav
        crumbs={searchBreadcrumb(pathname, tenant.search.itemNoun, tenant.search.carTypes, tenant.search)}
      />
      <h1 css={{ margin: '0 0 0.25rem' }}>{heading}</h1>
      <p css={{ margin: '0 0 1rem', color: SURFACE.muted }}>
        {query ? `Results for “${query}” at ${tenant.name}` : `In stock now at ${tenant.name}, ${tenant.contact.city}`}
      </p>
      {tenant.search.carTypes.length > 1 && (
        <nav
          aria-label="Condition"
          css={css`
            margin-top: 1rem;
          `}
        >
          <ul
            css={css`
              display: flex;
              gap: 0.75rem;
              list-style: none;
              padding: 0;
            `}
          >
            {tenant.search.carTypes.map((type) => (
              <li key={type}>
                <a href={conditionHref(pathname, type)}>{CONDITION_LABELS[type]}</a>
              </li>
            ))}
          </ul>
        </nav>
      )}
      {access ? (
        // The results area holds a screen's height from the first paint, so the page below it
        // (the footer) does not jump when the results chunk and then the cards arrive.
        <div css={{ minHeight: '100vh' }}>
          {resultsNow ? (
            <Suspense fallback={<p role="status">{`Loading ${tenant.search.itemNoun}s…`}</p>}>
              <Results pathname={pathname} heading={heading} />
            </Suspense>
          ) : null}
        </div>
      ) : (
        <>
          <SearchBox defaultQuery={query} action={pathname} />
          <p role="status" css={{ marginTop: '1rem' }}>
            Our stock search is not available right now. Please try again in a moment, or call us on{' '}
            {tenant.contact.phone}.
          </p>
        </>
      )}
    </section>
  );
}
