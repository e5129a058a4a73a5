import { isTowed, siteOffersFinance, type PublicTenantConfig } from '@forecourt/shared-config';

/**
 * The home page's line under its heading. It names only what the site offers: no finance estimate
 * where finance is off (Coastal Caravans), no test drive where the leads forms are off, and an
 * inspection instead of a test drive where the site's stock is towed (caravans), not driven.
 */
export function homeIntro(tenant: Pick<PublicTenantConfig, 'contact' | 'features' | 'finance' | 'search'>): string {
  const offers = [
    `Browse our stock in ${tenant.contact.city}`,
    ...(siteOffersFinance(tenant) ? ['get a finance estimate'] : []),
    ...(tenant.features['mf-leads']
      ? [isTowed(tenant.search.itemNoun) ? 'book an inspection online' : 'book a test drive online']
      : []),
  ];
  const last = offers.pop() ?? '';
  return `${offers.length ? `${offers.join(', ')} and ${last}` : last}.`;
}
