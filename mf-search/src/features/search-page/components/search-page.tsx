import { css } from '@emotion/react';
import { forecourtStore, paths, searchAccessAtom, SURFACE, useTenant } from '@forecourt/shared-config';
import { useAtomValue } from 'jotai';
import { lazy, Suspense, type ComponentType } from 'react';
import { useLocation, useSearchParams } from '@forecourt/shared-config/router';
import SearchBox from '../../search-box/components/search-box';
import { searchBreadcrumb } from '../lib/breadcrumb';
import { BreadcrumbNav } from './breadcrumb-nav';
import { searchHeading } from '../lib/search-heading';

// The results (InstantSearch, the search client, the slider) load only on search pages, so the
// home page, which this remote also serves, does not download them.
const LazyResults = lazy(() => import('../../results/components/results').then((m) => ({ default: m.Results })));

const CONDITION_LINKS = {
  new: { label: 'New', to: paths.search('new') },
  used: { label: 'Used', to: paths.search('used') },
  demo: { label: 'Demo', to: paths.search('demo') },
} as const;

export interface SearchPageProps {
  /** The results component; the server's first paint passes it directly (it cannot wait for a chunk). */
  Results?: ComponentType<{ pathname: string; heading: string }>;
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
  return (
    <section css={css`label: mf-search-page; max-width: 72rem; margin: 0 auto; padding: 1.5rem;`}>
      <BreadcrumbNav crumbs={searchBreadcrumb(pathname, tenant.search.itemNoun, tenant.search.carTypes, tenant.search)} />
      <h1 css={{ margin: '0 0 0.25rem' }}>{heading}</h1>
      <p css={{ margin: '0 0 1rem', color: SURFACE.muted }}>
        {query ? `Results for “${query}” at ${tenant.name}` : `In stock now at ${tenant.name}, ${tenant.contact.city}`}
      </p>
      {tenant.search.carTypes.length > 1 && (
        <nav aria-label="Condition" css={css`margin-top: 1rem;`}>
          <ul css={css`display: flex; gap: 0.75rem; list-style: none; padding: 0;`}>
            {tenant.search.carTypes.map((type) => (
              <li key={type}>
                <a href={CONDITION_LINKS[type].to}>{CONDITION_LINKS[type].label}</a>
              </li>
            ))}
          </ul>
        </nav>
      )}
      {access ? (
        // The results area holds a screen's height from the first paint, so the page below it
        // (the footer) does not jump when the results chunk and then the cards arrive.
        <div css={{ minHeight: '100vh' }}>
          <Suspense fallback={<p role="status">{`Loading ${tenant.search.itemNoun}s…`}</p>}>
            <Results pathname={pathname} heading={heading} />
          </Suspense>
        </div>
      ) : (
        <>
          <SearchBox defaultQuery={query} action={pathname} />
          <p role="status" css={{ marginTop: '1rem' }}>
            Our stock search is not available right now. Please try again in a moment, or call us on {tenant.contact.phone}.
          </p>
        </>
      )}
    </section>
  );
}
