import { takeFirstPaintData } from '@forecourt/shared-config';
import { useEffect, useState, type ReactNode } from 'react';
import { LocationsFirstPaintContext, useLocationsFirstPaint, type LocationsFirstPaintData } from '../lib/first-paint';
import { rememberSiteLocations } from '../lib/api/locations';

function inlinedData(): LocationsFirstPaintData | null {
  const data = takeFirstPaintData<LocationsFirstPaintData>('mf-locations');
  if (!data) return null;
  rememberSiteLocations(data.locations);
  return data;
}

/**
 * The app's pages start from the server's first paint of this address (see
 * shared-config's runtime/first-paint.ts): their first render is the page the server painted,
 * from the answers it inlined, with no request and no loading state, and the fragments the page
 * loads later (the footer's review summary) share its locations. Once the app has mounted, the
 * data goes: the pages read the shopper's clock ('Open now' changes if a closing time passed in
 * between), and whatever mounts later asks for itself. On the server, the first paint's own
 * context is already there.
 */
export function FirstPaintData({ children }: { children: ReactNode }) {
  const server = useLocationsFirstPaint();
  const [first, setFirst] = useState(() => server ?? inlinedData());
  useEffect(() => setFirst(null), []);
  return <LocationsFirstPaintContext.Provider value={first}>{children}</LocationsFirstPaintContext.Provider>;
}
