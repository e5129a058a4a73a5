import { financeCtaHref } from './finance-cta-href';

describe('financeCtaHref', () => {
  it('goes to the finance page without a car', () => {
    expect(financeCtaHref()).toBe('/finance');
  });

  it('goes to personalised finance for a car', () => {
    expect(financeCtaHref('harbourside-motors-12')).toBe('/personalised/finance?car_id=harbourside-motors-12');
  });

  it('treats a blank car id as none', () => {
    expect(financeCtaHref('  ')).toBe('/finance');
  });
});
