import { siteOffersFinance, type PublicTenantConfig } from '@forecourt/shared-config';
import { CATEGORIES } from '../features/lead-forms/lib/lead-schema';

type TopicTenant = Pick<PublicTenantConfig, 'features' | 'finance' | 'leads'>;

/**
 * What the enquiry invitations ask the shopper about, naming only what the site offers: finance
 * where the site shows it, the trade-in where it values one online (a yard that values old ones
 * in person, Coastal Caravans, promises no trade-in service here), between the invitation's own
 * topics: 'our stock, finance, servicing or your trade-in'.
 */
export function enquiryTopics(tenant: TopicTenant, before: readonly string[], after: readonly string[] = []): string {
  const topics = [...before, ...(siteOffersFinance(tenant) ? ['finance'] : []), ...after];
  const last = tenant.leads.tradeIn ? 'your trade-in' : topics.pop();
  return topics.length > 0 ? `${topics.join(', ')} or ${last}` : (last ?? '');
}

/**
 * The enquiry's categories, the departments a dealer routes to, without the ones the site does
 * not offer: 'Finance' where it shows no finance, 'Trade-in' where it takes no trade-in online
 * (the form must not offer a service the rest of the site says it lacks).
 */
export function enquiryCategories(tenant: TopicTenant): Array<(typeof CATEGORIES)[number]> {
  return CATEGORIES.filter(
    (category) =>
      (category !== 'Finance' || siteOffersFinance(tenant)) && (category !== 'Trade-in' || tenant.leads.tradeIn),
  );
}
