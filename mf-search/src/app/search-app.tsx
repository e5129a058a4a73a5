import { Route, Routes } from '@forecourt/shared-config/router';
import { HomePage } from '../features/home/components/home-page';
import { ModelSearchPage } from '../features/model-search/components/model-search-page';
import { ComparePage, FavouritesPage } from '../features/saved-cars/components/saved-pages';
import { SearchPage } from '../features/search-page/components/search-page';

/** The routes of routes.json; the shell mounts this app only on paths it owns. */
export function SearchRoutes() {
  return (
    <Routes>
      <Route path="/" element={<HomePage />} />
      <Route path="/models" element={<ModelSearchPage />} />
      <Route path="/favourites" element={<FavouritesPage />} />
      <Route path="/compare" element={<ComparePage />} />
      <Route path="*" element={<SearchPage />} />
    </Routes>
  );
}
