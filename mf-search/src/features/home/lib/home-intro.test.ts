import { testTenant } from '@forecourt/shared-config/testing';
import { homeIntro } from './home-intro';

describe('the home page intro names only what the site offers', () => {
  it('offers a finance estimate and a test drive where both are on', () => {
    expect(homeIntro(testTenant())).toBe('Browse our stock in Sydney, get a finance estimate and book a test drive online.');
  });

  it('says nothing of finance where mf-finance is switched off', () => {
    expect(homeIntro(testTenant({ features: { 'mf-finance': false } }))).toBe('Browse our stock in Sydney and book a test drive online.');
  });

  it('says nothing of finance on a flagged dealer', () => {
    expect(homeIntro(testTenant({ finance: { hidden: true } }))).not.toContain('finance');
  });
});
