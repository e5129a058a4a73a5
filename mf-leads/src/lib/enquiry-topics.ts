import { siteOffersFinance, type PublicTenantConfig } from '@forecourt/shared-config';

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
