import type { LocationSettings } from './tenant/schema';

/**
 * Whether a site shows a location at all (spec: 'Some locations are hidden per site by
 * configuration (hidden-dealerships list, shown-dealerships list, visible false)'): not when its
 * row says `visible: false`, not when its dealership is on the hidden list, and, where the site
 * keeps a shown list, only when its dealership is on it. mf-locations's blocks and pages and
 * mf-leads's location choices both follow it (the platform applies it before answering either).
 */
export function siteShowsLocation(
  settings: Pick<LocationSettings, 'hiddenDealerships' | 'shownDealerships'>,
  location: { visible: boolean; dealership_slug: string },
): boolean {
  if (!location.visible) return false;
  if (settings.hiddenDealerships.includes(location.dealership_slug)) return false;
  return settings.shownDealerships ? settings.shownDealerships.includes(location.dealership_slug) : true;
}
