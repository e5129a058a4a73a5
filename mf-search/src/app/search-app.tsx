import { useTenant } from '@forecourt/shared-config';
import { Route, Routes } from '@forecourt/shared-config/router';
import { lazy, Suspense, type ReactNode } from 'react';
import { HomePage } from '../features/home/components/home-page';
import { SearchPage } from '../features/search-page/components/search-page';

// Pages most visits never open load when they are opened, so the home and results pages do not
// carry them.
const ModelSearchPage = lazy(() =>
  import('../features/model-search/components/model-search-page').then((m) => ({ default: m.ModelSearchPage })),
);
const FavouritesPage = lazy(() =>
  import('../features/saved-cars/components/saved-pages').then((m) => ({ default: m.FavouritesPage })),
);
const WatchlistPage = lazy(() =>
  import('../features/saved-cars/components/saved-pages').then((m) => ({ default: m.WatchlistPage })),
);
const GaragePage = lazy(() =>
  import('../features/saved-cars/components/saved-pages').then((m) => ({ default: m.GaragePage })),
);
const ComparePage = lazy(() =>
  import('../features/saved-cars/components/saved-pages').then((m) => ({ default: m.ComparePage })),
);

const later = (page: ReactNode) => (
  <Suspense
    fallback={
      <p role="status" css={{ maxWidth: '72rem', margin: '0 auto', padding: '1.5rem' }}>
        Loading…
      </p>
    }
  >
    {page}
  </Suspense>
);

/** The routes of routes.json and the site's branded garage (tenant `garage`); the shell mounts this app only on paths it owns. */
export function SearchRoutes() {
  const tenant = useTenant();
  return (
    <Routes>
      <Route path="/" element={<HomePage />} />
      <Route path="/models" element={later(<ModelSearchPage />)} />
      <Route path="/favourites" element={later(<FavouritesPage />)} />
      <Route path="/compare" element={later(<ComparePage />)} />
      <Route path="/watchlist" element={later(<WatchlistPage />)} />
      <Route path="/my-garage" element={later(<GaragePage />)} />
      {tenant.garage && <Route path={tenant.garage} element={later(<GaragePage />)} />}
      <Route path="*" element={<SearchPage />} />
    </Routes>
  );
}
