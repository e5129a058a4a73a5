import { TenantConfigSchema } from '@forecourt/shared-config/tenant';
import { instantQuoteWanted } from './eligibility';

const settings = (overrides: Record<string, unknown> = {}) => TenantConfigSchema.shape.finance.parse(overrides);

describe('the instant quote (spec: only when the car has no quote and price > 0)', () => {
  const withPartner = settings({ instantQuote: true });

  it('is asked for a priced car without a quote', () => {
    expect(instantQuoteWanted(withPartner, { price: 30_000, finance_quote_weekly: null })).toBe(true);
  });

  it('is not asked when the car has a quote', () => {
    expect(instantQuoteWanted(withPartner, { price: 30_000, finance_quote_weekly: 140 })).toBe(false);
  });

  it('is not asked for a price of 0', () => {
    expect(instantQuoteWanted(withPartner, { price: 0, finance_quote_weekly: null })).toBe(false);
  });

  it('is not asked on a site without the partner', () => {
    expect(instantQuoteWanted(settings(), { price: 30_000, finance_quote_weekly: null })).toBe(false);
  });
});
