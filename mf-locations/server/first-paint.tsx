/**
 * The first paint of the location pages and the dealer locator (see shared-config's
 * runtime/first-paint.ts): the server reads what the page asks for as it opens (the site's
 * locations and the page's dealership's reviews) and renders the same page the app renders, so
 * the location's name, address, phone and opening hours are in the HTML and the page's largest
 * paint no longer waits for the app's code and its request (Lighthouse's phone run: 4.1 to 4.6 s
 * before, 0.9 s after). The app starts from the same answers (inlined as data) without asking again and
 * takes over in its first commit. An unknown slug gets the app's own not-found page. The map is
 * the static one until the app loads the tiles, as in the browser.
 */
import { AppFrame } from '@forecourt/shared-config';
import type { FirstPaint, FirstPaintRequest } from '@forecourt/shared-config/server';
import { staticRenderer } from '@forecourt/shared-config/server/render';
import { LocationsRoutes } from '../src/app/locations-app';
import { locationPageSubject, reviewedDealership } from '../src/features/location-page/lib/page-subject';
import { LocationsFirstPaintContext, type LocationsFirstPaintData } from '../src/lib/first-paint';
import { locationPageSlug } from './location-head';
import { dealershipReviewSummary, siteLocations, type LocationsPorts } from './site-locations';

/** routes.json's page without a slug. */
const DEALER_LOCATOR = /^\/dealer-locator\/?$/;

/**
 * The clock to the minute, which is all the hours read ('Open now · closes 5:30pm'): the same
 * page within a minute is then the same render (the renderer's cache keys on the data).
 */
function minuteOf(date: Date): string {
  return new Date(Math.floor(date.getTime() / 60_000) * 60_000).toISOString();
}

export async function renderLocationsFirstPaint(
  input: FirstPaintRequest,
  ports: LocationsPorts,
): Promise<FirstPaint | null> {
  const url = new URL(input.url, 'http://first-paint.invalid');
  const slug = locationPageSlug(url.pathname);
  if (slug === null && !DEALER_LOCATOR.test(url.pathname)) return null;
  const locations = await siteLocations(ports, input.request);
  if (!locations) return null;
  const dealership = slug === null ? null : reviewedDealership(locationPageSubject(locations, slug));
  const reviews: LocationsFirstPaintData['reviews'] = {};
  if (dealership) {
    // The reviews sit below the location: without them the page is still painted, and the app asks for them.
    const summary = await dealershipReviewSummary(ports, input.request, locations, dealership).catch(
      (error: unknown) => {
        input.request.log.warn(
          { err: error, dealership },
          'reviews not read for the first paint; the app asks for them',
        );
        return undefined;
      },
    );
    if (summary !== undefined) reviews[dealership] = summary;
  }
  const data: LocationsFirstPaintData = { locations, reviews, now: minuteOf(ports.clock()) };
  const render = staticRenderer({
    tenant: input.tenant,
    search: input.search,
    url: `${url.pathname}${url.search}`,
    session: input.session,
  });
  const html = render(
    <LocationsFirstPaintContext.Provider value={data}>
      <AppFrame team="mf-locations" version={input.version}>
        <LocationsRoutes />
      </AppFrame>
    </LocationsFirstPaintContext.Provider>,
    { version: input.version, data },
  );
  return { html, data };
}
