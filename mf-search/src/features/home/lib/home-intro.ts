import { siteOffersFinance, type PublicTenantConfig } from '@forecourt/shared-config';

/**
 * The home page's line under its heading. It names only what the site offers: no finance estimate
 * where finance is off (Coastal Caravans), no test drive where the leads forms are.
 */
export function homeIntro(tenant: Pick<PublicTenantConfig, 'contact' | 'features' | 'finance'>): string {
  const offers = [
    `Browse our stock in ${tenant.contact.city}`,
    ...(siteOffersFinance(tenant) ? ['get a finance estimate'] : []),
    ...(tenant.features['mf-leads'] ? ['book a test drive online'] : []),
  ];
  const last = offers.pop() ?? '';
  return `${offers.length ? `${offers.join(', ')} and ${last}` : last}.`;
}
