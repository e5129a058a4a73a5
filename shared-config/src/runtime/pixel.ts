import { track } from './analytics';

/**
 * The marketing pixel's events (spec: 'A pixel ViewContent event carries price, make, model,
 * year, currency AUD'), sent through the platform's own analytics endpoint rather than an ad
 * network's script in the page: the page loads no third-party code, the site's CSP stays closed,
 * and the events are on record (platform event ids 2001 and 2002) for the server to forward to
 * the dealer's ad account. Like every analytics event, a failure is a warning and never blocks.
 */
export const PIXEL_EVENTS = { PageView: 2001, ViewContent: 2002 } as const;

/** A page view: the shell sends one per address the shopper lands on or moves to. */
export function pixelPageView(): Promise<void> {
  return track(PIXEL_EVENTS.PageView, { event: 'PageView' });
}

/** A car viewed: its price (null where it has none), make, model and year, in Australian dollars. */
export function pixelViewContent(car: {
  price: number | null;
  make: string;
  model: string;
  year: number;
}): Promise<void> {
  return track(PIXEL_EVENTS.ViewContent, {
    event: 'ViewContent',
    price: car.price,
    make: car.make,
    model: car.model,
    year: car.year,
    currency: 'AUD',
  });
}
