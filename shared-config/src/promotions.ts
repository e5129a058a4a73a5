import { paths } from './runtime/paths';
import type { PublicTenantConfig } from './tenant/schema';

/**
 * The site-wide promotions the chrome shows: the monthly sales counter and the stocktake window.
 * Pure rules on an instant, so the shell renders the same figure on the server and in the browser
 * and tests pin the clock.
 */

/** Spec: 'Monthly sales counter: 192 per day, one per 450 seconds of the day, Brisbane time'. */
export const SALES_PER_DAY = 192;
export const SECONDS_PER_SALE = 450;
export const SALES_COUNTER_ZONE = 'Australia/Brisbane';
/** Spec: the counter is 'refreshed every 150,000 ms'. */
export const SALES_COUNTER_REFRESH_MS = 150_000;

/** Spec: 'Stocktake promo window 1 to 24 July 2025 (+10:00)': from the 1st's first instant to the 24th's last. */
export const STOCKTAKE_WINDOW = { start: '2025-07-01T00:00:00+10:00', end: '2025-07-25T00:00:00+10:00' } as const;

/** The day of the month and the seconds since midnight that `now` is in Brisbane. */
function brisbaneClock(now: Date): { day: number; seconds: number } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-AU', {
      timeZone: SALES_COUNTER_ZONE,
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      hourCycle: 'h23',
    })
      .formatToParts(now)
      .map((part) => [part.type, Number(part.value)]),
  );
  return {
    day: parts['day'] ?? 1,
    seconds: (parts['hour'] ?? 0) * 3600 + (parts['minute'] ?? 0) * 60 + (parts['second'] ?? 0),
  };
}

/**
 * Cars sold so far this month: 192 for each whole day of the month gone by, plus one for every
 * 450 seconds of today (86,400 / 450 = 192, so a day ends where the next one starts), all on
 * Brisbane's clock whatever the shopper's.
 */
export function monthlySales(now: Date): number {
  const { day, seconds } = brisbaneClock(now);
  return (day - 1) * SALES_PER_DAY + Math.floor(seconds / SECONDS_PER_SALE);
}

/** Whether `now` falls in a half-open window [start, end). */
export function withinWindow(now: Date, window: { start: string; end: string }): boolean {
  const time = now.getTime();
  return time >= Date.parse(window.start) && time < Date.parse(window.end);
}

/** Whether the stocktake promotion runs at `now`. */
export const stocktakeRunning = (now: Date): boolean => withinWindow(now, STOCKTAKE_WINDOW);

/**
 * Spec: 'Feature banner with three items: See our latest offers; Book your service online (Save
 * time and book online); Sell your car (Get an instant offer in 2 minutes)'. The footer shows it on
 * sites that switch `chrome.featureBanner` on and the vehicle page on the others, so a page has one
 * banner and both read the same words. The first item's line names no car types: a used-only site
 * has no new or demo specials.
 */
export const FEATURE_BANNER_ITEMS = [
  { title: 'See our latest offers', text: 'Specials across our stock', href: paths.specialOffers() },
  { title: 'Book your service online', text: 'Save time and book online', href: paths.service() },
  { title: 'Sell your car', text: 'Get an instant offer in 2 minutes', href: paths.sellMyCar() },
] as const;

/**
 * The banner's items on a site: 'Sell your car' promises an instant online offer, so it is left
 * out where the site has no online valuation (mf-leads off, or `leads.tradeIn` off: the dealer
 * values a trade-in in person).
 */
export function featureBannerItems(
  tenant: Pick<PublicTenantConfig, 'features' | 'leads'>,
): ReadonlyArray<(typeof FEATURE_BANNER_ITEMS)[number]> {
  const valuesOnline = tenant.features['mf-leads'] && tenant.leads.tradeIn;
  return FEATURE_BANNER_ITEMS.filter((item) => valuesOnline || item.href !== paths.sellMyCar());
}
