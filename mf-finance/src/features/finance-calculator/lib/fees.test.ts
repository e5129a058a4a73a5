import { TenantConfigSchema } from '@forecourt/shared-config/tenant';
import { calculatorFees, establishmentFee, formatFee } from './fees';

const finance = (overrides: Record<string, unknown> = {}) => TenantConfigSchema.shape.finance.parse(overrides);

describe("the establishment fee (spec: '1300 on one tenant, 1360.5 for one lender; another tenant lists establishment 395')", () => {
  it('is none by default', () => {
    expect(establishmentFee(finance())).toBe(0);
  });

  it("is the lender's 1360.5 on a Taurus site that sets none", () => {
    expect(establishmentFee(finance({ provider: 'Taurus' }))).toBe(1360.5);
  });

  it("is the site's 1300 where it sets one", () => {
    expect(establishmentFee(finance({ fees: { establishment: 1300 } }))).toBe(1300);
  });

  it("is the site's 395 over its Taurus lender's", () => {
    expect(establishmentFee(finance({ provider: 'Taurus', fees: { establishment: 395 } }))).toBe(395);
  });
});

describe('the fees in the comparison rate', () => {
  it('count 395 + 6 + 912.25 up front and 8 a month', () => {
    const fees = finance({
      provider: 'Taurus',
      fees: {
        establishment: 395,
        other: [
          { label: 'Security registration', amount: 6 },
          { label: 'Account administration', amount: 8, monthly: true },
          { label: 'Dealer agency', amount: 912.25 },
        ],
      },
    });
    expect(calculatorFees(fees)).toEqual({ upFront: 1313.25, monthly: 8 });
  });
});

describe('a fee as shown', () => {
  it('keeps its cents: $1,360.50', () => {
    expect(formatFee(1360.5)).toBe('$1,360.50');
  });

  it('is whole dollars when it has none: $1,300', () => {
    expect(formatFee(1300)).toBe('$1,300');
  });
});
