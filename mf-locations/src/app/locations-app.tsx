import { Route, Routes } from '@forecourt/shared-config/router';
import { DealerLocatorPage, LocationPage } from '../features/location-page/components/location-pages';
import { FirstPaintData } from './first-paint';

/** The routes of routes.json; the shell mounts this app only on paths it owns. */
export function LocationsRoutes() {
  return (
    <FirstPaintData>
      <Routes>
        <Route path="/our-location/:slug" element={<LocationPage />} />
        <Route path="/locations/:slug" element={<LocationPage />} />
        <Route path="/dealer-locator" element={<DealerLocatorPage />} />
      </Routes>
    </FirstPaintData>
  );
}
