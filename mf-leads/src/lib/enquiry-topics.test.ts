import { testTenant } from '@forecourt/shared-config/testing';
import { enquiryCategories, enquiryTopics } from './enquiry-topics';

describe('the topics an enquiry invitation names', () => {
  it('names finance and the trade-in where the site offers both', () => {
    expect(enquiryTopics(testTenant(), ['our stock'], ['servicing'])).toBe(
      'our stock, finance, servicing or your trade-in',
    );
  });

  it('names neither on a yard with finance off and trade-ins valued in person', () => {
    expect(
      enquiryTopics(
        testTenant({ features: { 'mf-finance': false }, leads: { tradeIn: false } }),
        ['our caravans'],
        ['servicing'],
      ),
    ).toBe('our caravans or servicing');
  });
});

describe('the categories an enquiry offers', () => {
  it('offers every department where the site has finance and the online trade-in', () => {
    expect(enquiryCategories(testTenant())).toEqual([
      'General Enquiry',
      'Sales',
      'Finance',
      'Trade-in',
      'Service',
      'Parts',
    ]);
  });

  it('offers no finance where the finance remote is switched off', () => {
    expect(enquiryCategories(testTenant({ features: { 'mf-finance': false } }))).not.toContain('Finance');
  });

  it('offers no finance where the site hides finance', () => {
    expect(enquiryCategories(testTenant({ finance: { hidden: true } }))).not.toContain('Finance');
  });

  it('offers no trade-in where the site takes none online', () => {
    expect(enquiryCategories(testTenant({ leads: { tradeIn: false } }))).toEqual([
      'General Enquiry',
      'Sales',
      'Finance',
      'Service',
      'Parts',
    ]);
  });
});
