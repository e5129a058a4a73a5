import { css } from '@emotion/react';
import { forecourtStore, paths, searchAccessAtom, SURFACE, useTenant } from '@forecourt/shared-config';
import { useAtomValue } from 'jotai';
import { lazy, Suspense } from 'react';
import { BreadcrumbNav } from '../../search-page/components/breadcrumb-nav';

// InstantSearch and the cards load only on this page.
const ModelSearch = lazy(() => import('./model-search').then((m) => ({ default: m.ModelSearch })));

/** `/models`: the site's new model range, searchable by make, model and body type. */
export function ModelSearchPage() {
  const tenant = useTenant();
  // A page served while the search service was down has no access: it says so instead of failing.
  const access = useAtomValue(searchAccessAtom, { store: forecourtStore });
  return (
    <section
      css={css`
        label: mf-search-models-page;
        max-width: 72rem;
        margin: 0 auto;
        padding: 1.5rem;
      `}
    >
      <BreadcrumbNav crumbs={[{ label: 'Home', href: paths.home() }, { label: 'New models' }]} />
      <h1 css={{ margin: '0 0 0.25rem' }}>New models</h1>
      <p
        css={{ margin: '0 0 1rem', color: SURFACE.muted }}
      >{`The new ${tenant.search.itemNoun} range at ${tenant.name}, ${tenant.contact.city}`}</p>
      <div css={{ minHeight: '100vh' }}>
        {access?.models ? (
          <Suspense fallback={<p role="status">Loading models…</p>}>
            <ModelSearch models={access.models} />
          </Suspense>
        ) : (
          <p role="status">{`Our model search is not available right now. Please try again in a moment, or call us on ${tenant.contact.phone}.`}</p>
        )}
      </div>
    </section>
  );
}
