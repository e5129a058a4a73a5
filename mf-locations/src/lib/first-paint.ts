import { createContext, useContext } from 'react';
import type { DealerLocation, ReviewSummary } from '../contract';

/**
 * What the server renders a locations page's first paint from (mf-locations/server/first-paint.tsx),
 * inlined in the page so that the app's first render is the same page: the answers the page would
 * ask the API for, and the moment the server read the clock.
 */
export interface LocationsFirstPaintData {
  /** The site's locations, as `GET /api/locations/locations` answers. */
  locations: DealerLocation[];
  /** The page's dealership's reviews by its slug, as `GET /api/locations/reviews/{slug}` answers (null: 404). */
  reviews: Record<string, ReviewSummary | null>;
  /** The server's clock (ISO): 'Open now', today's hours and the reviews' ages are read at it. */
  now: string;
}

/**
 * The first paint's data while the page renders from it: on the server, for its render; in the
 * browser, for the app's first render only (src/app/first-paint.tsx), so what mounts later asks
 * for itself and reads the shopper's clock.
 */
export const LocationsFirstPaintContext = createContext<LocationsFirstPaintData | null>(null);

export function useLocationsFirstPaint(): LocationsFirstPaintData | null {
  return useContext(LocationsFirstPaintContext);
}

/**
 * The moment a component reads opening hours and ages at: the one it is given (a test's), else
 * the first paint's, so that the app's first render says what the server painted (the hand-over
 * changes nothing, even across a closing time), else now.
 */
export function useNow(given?: Date): Date {
  const first = useLocationsFirstPaint();
  return given ?? (first ? new Date(first.now) : new Date());
}
