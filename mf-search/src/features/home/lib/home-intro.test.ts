import { testTenant } from '@forecourt/shared-config/testing';
import { homeIntro } from './home-intro';

describe('the home page intro names only what the site offers', () => {
  it('offers a finance estimate and a test drive where both are on', () => {
    expect(homeIntro(testTenant())).toBe(
      'Browse our stock in Sydney, get a finance estimate and book a test drive online.',
    );
  });

  it('says nothing of finance where mf-finance is switched off', () => {
    expect(homeIntro(testTenant({ features: { 'mf-finance': false } }))).toBe(
      'Browse our stock in Sydney and book a test drive online.',
    );
  });

  it('says nothing of finance on a flagged dealer', () => {
    expect(homeIntro(testTenant({ finance: { hidden: true } }))).not.toContain('finance');
  });

  it('offers a caravan yard an inspection, not a test drive', () => {
    expect(homeIntro(testTenant({ features: { 'mf-finance': false }, search: { itemNoun: 'caravan' } }))).toBe(
      'Browse our stock in Sydney and book an inspection online.',
    );
  });

  it.each(['motorcycle', 'truck'])('still offers a %s site a test drive', (itemNoun) => {
    expect(homeIntro(testTenant({ search: { itemNoun } }))).toBe(
      'Browse our stock in Sydney, get a finance estimate and book a test drive online.',
    );
  });
});
