import { testTenant } from '@forecourt/shared-config/testing';
import { enquiryTopics } from './enquiry-topics';

describe('the topics an enquiry invitation names', () => {
  it('names finance and the trade-in where the site offers both', () => {
    expect(enquiryTopics(testTenant(), ['our stock'], ['servicing'])).toBe('our stock, finance, servicing or your trade-in');
  });

  it('names neither on a yard with finance off and trade-ins valued in person', () => {
    expect(enquiryTopics(testTenant({ features: { 'mf-finance': false }, leads: { tradeIn: false } }), ['our caravans'], ['servicing'])).toBe('our caravans or servicing');
  });
});
