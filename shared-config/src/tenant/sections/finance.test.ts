import { tenantRoutes } from '../schema';
import { problemsOfConfig, sampleWith, SAMPLE_TENANT } from '../../testing/tenant-config';

const valid = SAMPLE_TENANT;

const finance = (settings: Record<string, unknown>) => sampleWith('finance', settings);

describe("the finance section's interest range (spec: 0.5 to 15; 9.95 to 19.95; 4 to 20; 7.5 to 14.5; 1 minimum or 5.99 to 15.99)", () => {
  it("leaves each bound to the provider's rule, or the default, where the site sets none", () => {
    expect(finance({}).finance.calculator).not.toHaveProperty('interestMin');
  });

  it('takes the 5.99 to 15.99 variant', () => {
    expect(finance({ calculator: { interestMin: 5.99, interestMax: 15.99 } }).finance.calculator).toMatchObject({
      interestMin: 5.99,
      interestMax: 15.99,
    });
  });

  it('refuses a minimum the product does not name, naming the field', () => {
    expect(problemsOfConfig({ ...valid, finance: { calculator: { interestMin: 2 } } })[0]?.field).toBe(
      'finance.calculator.interestMin',
    );
  });
});

describe("the finance section's establishment fee (spec: 1300 on one tenant, 1360.5 for one lender)", () => {
  it("leaves the fee to the provider's lender where the site sets none", () => {
    expect(finance({ provider: 'Taurus' }).finance.fees).not.toHaveProperty('establishment');
  });

  it('refuses a negative fee, naming the field', () => {
    expect(problemsOfConfig({ ...valid, finance: { fees: { establishment: -1 } } })[0]?.field).toBe(
      'finance.fees.establishment',
    );
  });
});

describe("the Equifax finance page (spec: 'equifax finance' among the gated routes)", () => {
  it('is off by default: mf-finance gets no /equifax-finance route', () => {
    expect(tenantRoutes(finance({}), 'mf-finance')).toEqual([]);
  });

  it("adds /equifax-finance to mf-finance's routes where the site switches it on, beside the dealer's link", () => {
    expect(tenantRoutes(finance({ equifaxFinance: true, link: '/car-loans' }), 'mf-finance')).toEqual([
      '/car-loans',
      '/equifax-finance',
    ]);
  });

  it('refuses a switch that is not a boolean, naming the field', () => {
    expect(problemsOfConfig({ ...valid, finance: { equifaxFinance: 'yes' } })[0]?.field).toBe('finance.equifaxFinance');
  });
});
