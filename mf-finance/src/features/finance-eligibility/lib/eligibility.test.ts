import { TenantConfigSchema } from '@forecourt/shared-config/tenant';
import { quoteBox } from './eligibility';

const settings = (overrides: Record<string, unknown> = {}) => TenantConfigSchema.shape.finance.parse(overrides);

describe('the quote box (spec: the instant quote only when the car has no quote and price > 0)', () => {
  const withPartner = settings({ instantQuote: true });

  it('asks the partner for a priced car without a quote', () => {
    expect(quoteBox(withPartner, { price: 30_000, finance_quote_weekly: null }, true)).toEqual({
      kind: 'instant-quote',
    });
  });

  it("shows the lender's quote, in whole dollars, when the car has one", () => {
    expect(quoteBox(withPartner, { price: 30_000, finance_quote_weekly: 139.6 }, true)).toEqual({
      kind: 'lender-quote',
      weekly: 140,
    });
  });

  it('says the car has no price for a price of 0', () => {
    expect(quoteBox(withPartner, { price: 0, finance_quote_weekly: null }, true)).toEqual({ kind: 'no-price' });
  });

  it('follows the price typed when no car is chosen', () => {
    expect(quoteBox(withPartner, null, false)).toEqual({ kind: 'instant-quote' });
  });

  it('shows nothing on a site without the partner', () => {
    expect(quoteBox(settings(), { price: 30_000, finance_quote_weekly: 140 }, true)).toEqual({ kind: 'none' });
  });

  it("shows no figure for a car the site shows no finance for, not even the lender's quote", () => {
    expect(quoteBox(withPartner, { price: 30_000, finance_quote_weekly: 140 }, false)).toEqual({ kind: 'none' });
  });
});
